import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakePriceServer, type FakePriceServer } from '../integrations/prices/fake-price-server'
import { httpPriceProvider, PriceProviderError } from '../integrations/prices/price-provider'
import { createTestApp, signUp, type Client, type TestContext } from '../test/helper'
import { sharedJobs } from './jobs'
import { refreshPrices } from './prices'

let t: TestContext
let fake: FakePriceServer
const KEY = 'test-price-key'
beforeAll(async () => {
  fake = await startFakePriceServer({ key: KEY, prices: [{ symbol: 'ACME', date: '2026-03-13', price: 110.25 }, { symbol: 'GONE', date: '2026-03-13', price: 5 }] })
  t = await createTestApp({ now: '2026-03-15T12:00:00Z', env: { PRICE_PROVIDER_URL: fake.url, PRICE_PROVIDER_KEY: KEY } })
})
afterAll(async () => {
  await t.close()
  await fake.close()
})

async function netWorth(client: Client): Promise<number> {
  return (await client.get('/api/analytics/net-worth')).json().netWorth
}

async function brokerage(client: Client): Promise<string> {
  const accountId = (await client.post('/api/accounts', { name: 'Brokerage', type: 'investment' })).json().id
  const post = async (body: Record<string, unknown>) => {
    const res = await client.post('/api/investments/activities', { accountId, ...body })
    expect(res.statusCode, res.body).toBe(201)
  }
  await post({ type: 'transfer_in', date: '2026-03-01', amount: 2000 })
  await post({ symbol: 'ACME', type: 'buy', date: '2026-03-02', quantity: 10, price: 100 })
  await post({ symbol: 'GONE', type: 'buy', date: '2026-03-02', quantity: 1, price: 5 })
  await post({ symbol: 'GONE', type: 'sell', date: '2026-03-03', quantity: 1, price: 5 })
  return accountId
}

describe('the daily price refresh', () => {
  it('is off without PRICE_PROVIDER_URL and reads it from the configuration', () => {
    expect(t.config.prices).toEqual({ url: fake.url, key: KEY })
  })

  it('asks the provider for the held symbols only, writes their prices and revalues', async () => {
    const owner = await signUp(t.app)
    await brokerage(owner)
    // 2000.00 − 1000.00 + 10 × 100.00
    expect(await netWorth(owner)).toBe(2000)
    const job = sharedJobs.find((j) => j.name === 'refresh-prices')
    if (!job) throw new Error('no refresh-prices job')
    fake.requests.length = 0
    await job.run({ db: t.database.db, config: t.config, now: t.clock.now(), log: t.app.log })
    // GONE is sold out: not asked for
    expect(fake.requests).toEqual([['ACME']])
    // 1000.00 cash + 10 × 110.25
    expect(await netWorth(owner)).toBe(2102.5)
    const prices = (await owner.get('/api/investments/prices?symbol=ACME')).json()
    expect(prices[0]).toEqual({ symbol: 'ACME', date: '2026-03-13', price: 110.25, source: 'provider' })
  })

  it('writes nothing when the provider fails, or with a wrong key', async () => {
    const owner = await signUp(t.app)
    await brokerage(owner)
    fake.status = 503
    await expect(refreshPrices(t.database.db, httpPriceProvider({ url: fake.url, key: KEY }), t.clock.now(), t.app.log)).rejects.toThrow(PriceProviderError)
    fake.status = 200
    await expect(refreshPrices(t.database.db, httpPriceProvider({ url: fake.url, key: 'wrong' }), t.clock.now(), t.app.log)).rejects.toThrow(PriceProviderError)
    expect((await owner.get('/api/investments/prices?symbol=ACME')).json()).toEqual([])
    expect(await netWorth(owner)).toBe(2000)
  })
})
