import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeRateServer, type FakeRateServer } from '../integrations/rates/fake-rate-server'
import { httpRateProvider, RateProviderError } from '../integrations/rates/rate-provider'
import { createTestApp, signUp, type Client, type TestContext } from '../test/helper'
import { sharedJobs } from './jobs'
import { refreshRates } from './rates'

let t: TestContext
let fake: FakeRateServer
const KEY = 'test-rate-key'
beforeAll(async () => {
  fake = await startFakeRateServer({ key: KEY })
  // 1 USD = 0.80 EUR, 0.50 GBP on 2026-03-13
  fake.rates.set('USD', { date: '2026-03-13', rates: { EUR: 0.8, GBP: 0.5, CHF: 'x', SEK: -1 } })
  t = await createTestApp({ now: '2026-03-15T12:00:00Z', env: { RATES_PROVIDER_URL: fake.url, RATES_PROVIDER_KEY: KEY } })
})
afterAll(async () => {
  await t.close()
  await fake.close()
})

async function runJob(): Promise<void> {
  const job = sharedJobs.find((j) => j.name === 'refresh-rates')
  if (!job) throw new Error('no refresh-rates job')
  await job.run({ db: t.database.db, config: t.config, now: t.clock.now(), log: t.app.log })
}

async function netWorth(client: Client): Promise<{ netWorth: number; missingRates: string[] }> {
  return (await client.get('/api/analytics/net-worth')).json()
}

describe('the daily rate refresh', () => {
  it('is off without RATES_PROVIDER_URL and reads it from the configuration', () => {
    expect(t.config.rates).toEqual({ url: fake.url, key: KEY })
  })

  it('asks for the currencies in use against the base, writes them and net worth converts', async () => {
    const owner = await signUp(t.app)
    await owner.post('/api/accounts', { name: 'Euros', type: 'checking', currency: 'EUR', openingBalance: 100 })
    await owner.post('/api/accounts', { name: 'Francs', type: 'checking', currency: 'CHF', openingBalance: 10 })
    expect(await netWorth(owner)).toMatchObject({ netWorth: 0, missingRates: ['CHF', 'EUR'] })
    fake.requests.length = 0
    await runJob()
    expect(fake.requests).toEqual([['USD', ['CHF', 'EUR']]])
    // €100.00 ÷ 0.80 = $125.00; CHF came back as junk and stays missing (never 1)
    expect(await netWorth(owner)).toMatchObject({ netWorth: 125, missingRates: ['CHF'] })
    expect((await owner.get('/api/currencies/rates?currency=EUR')).json()).toEqual([
      { currency: 'USD', quote: 'EUR', date: '2026-03-13', rate: 0.8, source: 'provider' },
    ])
  })

  it('never replaces a rate typed in, and a typed-in rate of the same day wins', async () => {
    const owner = await signUp(t.app)
    await owner.post('/api/accounts', { name: 'Pounds', type: 'savings', currency: 'GBP', openingBalance: 100 })
    await owner.put('/api/currencies/rates', { currency: 'USD', quote: 'GBP', date: '2026-03-13', rate: 0.4 })
    await owner.put('/api/currencies/rates', { currency: 'GBP', date: '2026-03-13', rate: 1.9 })
    await runJob()
    const rates = (await owner.get('/api/currencies/rates?currency=GBP')).json()
    expect(rates).toEqual(
      expect.arrayContaining([
        { currency: 'USD', quote: 'GBP', date: '2026-03-13', rate: 0.4, source: 'manual' },
        { currency: 'GBP', quote: 'USD', date: '2026-03-13', rate: 1.9, source: 'manual' },
      ]),
    )
    // the direct pair wins on the same day: £100.00 × 1.9
    expect(await netWorth(owner)).toMatchObject({ netWorth: 190, missingRates: [] })
  })

  it('writes nothing when the provider fails, answers for another base, or with a wrong key', async () => {
    const provider = httpRateProvider({ url: fake.url, key: KEY })
    fake.status = 500
    await expect(provider.latest('USD', ['EUR'])).rejects.toBeInstanceOf(RateProviderError)
    const result = await refreshRates(t.database.db, provider, t.clock.now(), t.app.log)
    expect(result.written).toBe(0)
    expect(result.failed).toBeGreaterThan(0)
    fake.status = 200
    await expect(httpRateProvider({ url: fake.url, key: 'wrong' }).latest('USD', ['EUR'])).rejects.toThrow(/answered 401/)
    // a service that ignores the base and answers in pounds
    const other = await startFakeRateServer({ answerBase: 'GBP' })
    try {
      other.rates.set('GBP', { date: '2026-03-13', rates: { EUR: 1.1 } })
      await expect(httpRateProvider({ url: other.url, key: null }).latest('USD', ['EUR'])).rejects.toThrow(/rates of GBP, not USD/)
    } finally {
      await other.close()
    }
    expect(await provider.latest('USD', ['EUR', 'USD'])).toEqual([{ currency: 'USD', quote: 'EUR', date: '2026-03-13', rate: 0.8 }])
  })
})
