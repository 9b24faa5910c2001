import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMember, createTestApp, signUp, type Client, type TestContext } from '#src/server/test/helper'

let t: TestContext
beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T12:00:00Z' })
})
afterAll(async () => {
  await t.close()
})

async function ok<T = unknown>(res: Promise<{ statusCode: number; body: string; json(): unknown }>, status = 200): Promise<T> {
  const r = await res
  expect(r.statusCode, r.body).toBe(status)
  return r.json() as T
}

describe('exchange rates', () => {
  it('enters, replaces, lists and deletes a rate (quote defaults to the base)', async () => {
    const a = await signUp(t.app)
    expect(await ok(a.put('/api/currencies/rates', { currency: 'EUR', date: '2026-03-01', rate: 1.08 }))).toEqual({
      currency: 'EUR',
      quote: 'USD',
      date: '2026-03-01',
      rate: 1.08,
      source: 'manual',
    })
    await ok(a.put('/api/currencies/rates', { currency: 'EUR', date: '2026-03-01', rate: 1.09 }))
    await ok(a.put('/api/currencies/rates', { currency: 'EUR', date: '2026-02-01', rate: 1.05 }))
    await ok(a.put('/api/currencies/rates', { currency: 'USD', quote: 'JPY', date: '2026-02-01', rate: 150 }))
    const eur = await ok<{ date: string; rate: number }[]>(a.get('/api/currencies/rates?currency=EUR'))
    expect(eur.map((r) => [r.date, r.rate])).toEqual([
      ['2026-03-01', 1.09],
      ['2026-02-01', 1.05],
    ])
    // either side of the pair
    expect(await ok<unknown[]>(a.get('/api/currencies/rates?currency=JPY'))).toHaveLength(1)
    expect(await ok<unknown[]>(a.get('/api/currencies/rates'))).toHaveLength(3)
    expect((await a.delete('/api/currencies/rates?currency=EUR&date=2026-02-01')).statusCode).toBe(204)
    expect((await a.delete('/api/currencies/rates?currency=EUR&date=2026-02-01')).statusCode).toBe(404)
    expect(await ok<unknown[]>(a.get('/api/currencies/rates?currency=EUR'))).toHaveLength(1)
    // another household neither sees nor deletes them
    const other = await signUp(t.app)
    expect(await ok<unknown[]>(other.get('/api/currencies/rates'))).toEqual([])
    expect((await other.delete('/api/currencies/rates?currency=EUR&date=2026-03-01')).statusCode).toBe(404)
    expect(await ok<unknown[]>(a.get('/api/currencies/rates?currency=EUR'))).toHaveLength(1)
  })

  it('refuses bad rates with 400 naming the field, changing nothing', async () => {
    const a = await signUp(t.app)
    for (const [body, field] of [
      [{ currency: 'EUR', date: '2026-03-01', rate: 0 }, 'body.rate'],
      [{ currency: 'EUR', date: '2026-03-01', rate: -1 }, 'body.rate'],
      [{ currency: 'EUR', date: '2026-03-01', rate: 1e12 }, 'body.rate'],
      // no finite inverse (the fuzz found a 500 on GET /api/currencies after it)
      [{ currency: 'EUR', date: '2026-03-01', rate: 2e-323 }, 'body.rate'],
      [{ currency: 'EUR', date: '2026-03-01', rate: 1e-10 }, 'body.rate'],
      [{ currency: 'euro', date: '2026-03-01', rate: 1 }, 'body.currency'],
      [{ currency: 'EUR', date: '2026-02-30', rate: 1 }, 'body.date'],
      [{ currency: 'EUR', date: '2026-03-01', rate: 1, quote: 'EUR' }, 'body.quote'],
      [{ currency: 'USD', date: '2026-03-01', rate: 1 }, 'body.quote'],
    ] as const) {
      const res = await a.put('/api/currencies/rates', body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().issues.map((i: { path: string }) => i.path), JSON.stringify(body)).toContain(field)
    }
    expect(await ok<unknown[]>(a.get('/api/currencies/rates'))).toEqual([])
  })

  it('imports a CSV all or nothing, naming the bad line', async () => {
    const a = await signUp(t.app)
    const bad = await a.post('/api/currencies/rates/import', {
      csv: 'date,currency,rate\n2026-01-01,EUR,1.1\n2026-01-02,EUR,abc\n',
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ code: 'INVALID_CSV', message: expect.stringMatching(/^Line 3: "abc" is not a rate/) })
    expect(bad.json().issues[0].path).toBe('body.csv')
    expect(await ok<unknown[]>(a.get('/api/currencies/rates'))).toEqual([])
    const base = await a.post('/api/currencies/rates/import', { csv: '2026-01-01,USD,1.1\n' })
    expect(base.statusCode).toBe(400)
    expect(base.json().message).toMatch(/^Line 1: the currency is the base currency/)

    const res = await ok(
      a.post('/api/currencies/rates/import', {
        csv: 'date,currency,rate,quote\n2026-01-01,EUR,1.1,\n2026-01-01,EUR,1.12,USD\n2026-01-02,GBP,1.27,USD\n2026-01-02,CHF,0.9,EUR\n',
      }),
    )
    // the same pair and day twice: the later line wins
    expect(res).toEqual({ imported: 3, currencies: ['CHF', 'EUR', 'GBP'] })
    const rates = await ok<{ currency: string; rate: number; source: string }[]>(a.get('/api/currencies/rates?currency=EUR'))
    expect(rates.find((r) => r.currency === 'EUR')).toMatchObject({ rate: 1.12, source: 'csv' })
    // importing again replaces
    await ok(a.post('/api/currencies/rates/import', { csv: '2026-01-01,EUR,1.2' }))
    const again = await ok<{ currency: string; quote: string; rate: number }[]>(a.get('/api/currencies/rates?currency=EUR'))
    expect(again.find((r) => r.currency === 'EUR' && r.quote === 'USD')?.rate).toBe(1.2)
  })
})

describe('base currency and currencies in use', () => {
  it('lists the currencies of accounts with their latest rate, flags the missing, and changes the base', async () => {
    const a = await signUp(t.app)
    await ok(a.post('/api/accounts', { name: 'Euro account', type: 'checking', currency: 'EUR', openingBalance: 100 }), 201)
    await ok(a.post('/api/accounts', { name: 'Pounds', type: 'savings', currency: 'GBP' }), 201)
    await ok(a.put('/api/currencies/rates', { currency: 'EUR', date: '2026-03-01', rate: 1.1 }))
    await ok(a.put('/api/currencies/rates', { currency: 'EUR', date: '2026-04-01', rate: 1.5 })) // after today
    expect(await ok(a.get('/api/currencies'))).toEqual({
      baseCurrency: 'USD',
      today: '2026-03-15',
      accountsInBase: 0,
      currencies: [
        { currency: 'EUR', accounts: 1, securities: 0, rate: 1.1, rateDate: '2026-03-01', missing: false },
        { currency: 'GBP', accounts: 1, securities: 0, rate: null, rateDate: null, missing: true },
      ],
    })
    // the base becomes EUR: the EUR → USD rate reads the other way round (1 USD = 1/1.1 EUR)
    const changed = await ok<{ baseCurrency: string; currencies: { currency: string; rate: number | null; missing: boolean }[] }>(
      a.put('/api/currencies/base', { baseCurrency: 'EUR' }),
    )
    expect(changed.baseCurrency).toBe('EUR')
    expect(changed.currencies.map((c) => c.currency)).toEqual(['GBP', 'USD'])
    expect(changed.currencies[1]?.rate).toBeCloseTo(1 / 1.1, 12)
    expect(changed.currencies[1]?.missing).toBe(false) // no USD account: nothing is missing
    // every member's settings and session follow the household
    expect((await a.get('/api/user/settings')).json().baseCurrency).toBe('EUR')
    expect((await a.get('/api/auth/user')).json().baseCurrency).toBe('EUR')
    expect((await a.put('/api/currencies/base', { baseCurrency: 'euro' })).statusCode).toBe(400)
  })

  it('lets adults and the owner change the base, from the currencies API or the settings; not teens or viewers', async () => {
    const owner = await signUp(t.app)
    const adult = await addMember(t, owner, 'adult')
    const teen = await addMember(t, owner, 'teen')
    const viewer = await addMember(t, owner, 'viewer')
    expect((await adult.put('/api/currencies/base', { baseCurrency: 'GBP' })).statusCode).toBe(200)
    expect((await teen.get('/api/user/settings')).json().baseCurrency).toBe('GBP')
    expect((await teen.put('/api/currencies/base', { baseCurrency: 'EUR' })).statusCode).toBe(403)
    expect((await viewer.put('/api/currencies/rates', { currency: 'EUR', date: '2026-03-01', rate: 1 })).statusCode).toBe(403)
    // settings: the teen may save other settings with the same currency, not another currency
    expect((await teen.patch('/api/user/settings', { baseCurrency: 'GBP', weekStartsOn: 1 })).statusCode).toBe(200)
    const refused = await teen.patch('/api/user/settings', { baseCurrency: 'EUR', weekStartsOn: 2 })
    expect(refused.statusCode).toBe(403)
    expect((await teen.get('/api/user/settings')).json()).toMatchObject({ baseCurrency: 'GBP', weekStartsOn: 1 })
    expect((await owner.patch('/api/user/settings', { baseCurrency: 'CHF' })).statusCode).toBe(200)
    expect((await viewer.get('/api/currencies')).json().baseCurrency).toBe('CHF')
  })
})

type NetWorth = { netWorth: number; previousNetWorth: number; currency: string; missingRates: string[] }

describe('net worth and accounts in another currency', () => {
  let a: Client
  let eurId: string
  beforeAll(async () => {
    a = await signUp(t.app)
    await ok(a.post('/api/accounts', { name: 'Checking', type: 'checking', openingBalance: 1000, openingDate: '2026-02-01' }), 201)
    eurId = (
      await ok<{ id: string }>(
        a.post('/api/accounts', { name: 'Konto', type: 'checking', currency: 'EUR', openingBalance: 200.05, openingDate: '2026-02-01' }),
        201,
      )
    ).id
    // this month: €10.01 out of the EUR account
    await ok(a.post('/api/transactions', { accountId: eurId, date: '2026-03-02', amount: -10.01, merchant: 'Bäcker' }), 201)
  })

  it('leaves an account with no rate out, and says so (never at 1)', async () => {
    expect(await ok<NetWorth>(a.get('/api/analytics/net-worth'))).toMatchObject({
      netWorth: 1000,
      previousNetWorth: 1000,
      currency: 'USD',
      missingRates: ['EUR'],
    })
    const accounts = await ok<{ name: string; balance: number; currency: string; convertedBalance: number | null }[]>(a.get('/api/accounts'))
    expect(accounts.map((x) => [x.name, x.balance, x.currency, x.convertedBalance])).toEqual([
      ['Checking', 1000, 'USD', 1000],
      ['Konto', 190.04, 'EUR', null],
    ])
  })

  it('converts at the latest rate on or before today, to the cent', async () => {
    await ok(a.put('/api/currencies/rates', { currency: 'EUR', date: '2026-03-10', rate: 1.5 }))
    await ok(a.put('/api/currencies/rates', { currency: 'EUR', date: '2026-03-16', rate: 9 })) // tomorrow: not yet
    // €190.04 × 1.5 = $285.06; last month's end: €200.05 × 1.5 = $300.075 → $300.08
    expect(await ok<NetWorth>(a.get('/api/analytics/net-worth'))).toMatchObject({
      netWorth: 1285.06,
      previousNetWorth: 1300.08,
      currency: 'USD',
      missingRates: [],
    })
    expect(await ok(a.get(`/api/accounts/${eurId}`))).toMatchObject({ balance: 190.04, currency: 'EUR', convertedBalance: 285.06 })
  })

  it('follows a change of base: the USD account converts through the inverse pair', async () => {
    await ok(a.put('/api/currencies/base', { baseCurrency: 'EUR' }))
    // $1,000 ÷ 1.5 = €666.666… → €666.67; plus €190.04
    expect(await ok<NetWorth>(a.get('/api/analytics/net-worth'))).toMatchObject({
      netWorth: 856.71,
      currency: 'EUR',
      missingRates: [],
    })
    await ok(a.put('/api/currencies/base', { baseCurrency: 'USD' }))
  })

  it('moves the accounts in the old base along when asked (a base set wrong)', async () => {
    const b = await signUp(t.app)
    await ok(b.post('/api/accounts', { name: 'Girokonto', type: 'checking', openingBalance: 1234.5 }), 201)
    await ok(b.post('/api/accounts', { name: 'Pounds', type: 'savings', currency: 'GBP', openingBalance: 10 }), 201)
    expect(await ok(b.put('/api/currencies/base', { baseCurrency: 'EUR', moveAccounts: true }))).toMatchObject({
      baseCurrency: 'EUR',
      currencies: [{ currency: 'GBP', missing: true }],
    })
    const accounts = await ok<{ name: string; currency: string; convertedBalance: number | null }[]>(b.get('/api/accounts'))
    expect(accounts.map((x) => [x.name, x.currency, x.convertedBalance])).toEqual([
      ['Girokonto', 'EUR', 1234.5],
      ['Pounds', 'GBP', null],
    ])
    expect(await ok<NetWorth>(b.get('/api/analytics/net-worth'))).toMatchObject({ netWorth: 1234.5, currency: 'EUR', missingRates: ['GBP'] })
  })

  it('counts only what the member sees', async () => {
    const teen = await addMember(t, a, 'teen')
    expect(await ok<NetWorth>(teen.get('/api/analytics/net-worth'))).toMatchObject({ netWorth: 0, missingRates: [] })
    expect(await ok(teen.get('/api/currencies'))).toMatchObject({ currencies: [{ currency: 'EUR', accounts: 0, missing: false }] })
  })
})

describe('holdings quoted in another currency', () => {
  it('revalues the investment account when a rate is entered or deleted', async () => {
    const a = await signUp(t.app)
    const accountId = (await ok<{ id: string }>(a.post('/api/accounts', { name: 'Brokerage', type: 'investment' }), 201)).id
    await ok(a.post('/api/investments/activities', { accountId, type: 'transfer_in', date: '2026-03-01', amount: 2000 }), 201)
    const buy = await ok<{ securityId: string }>(
      a.post('/api/investments/activities', { accountId, symbol: 'ACME', type: 'buy', date: '2026-03-02', quantity: 10, price: 100, amount: 1000 }),
      201,
    )
    // ACME is quoted in euros, at €120.00 on the 10th
    await ok(a.patch(`/api/investments/securities/${buy.securityId}`, { currency: 'EUR' }))
    await ok(a.put('/api/investments/prices', { symbol: 'ACME', date: '2026-03-10', price: 120 }))
    const before = (await ok<NetWorth>(a.get('/api/analytics/net-worth'))).netWorth
    // 1 EUR = 1.50 USD: $1,000.00 cash + 10 × €120.00 × 1.5 = $2,800.00
    await ok(a.put('/api/currencies/rates', { currency: 'EUR', date: '2026-03-01', rate: 1.5 }))
    expect((await ok<NetWorth>(a.get('/api/analytics/net-worth'))).netWorth).toBe(2800)
    expect(before).not.toBe(2800)
    expect((await a.delete('/api/currencies/rates?currency=EUR&date=2026-03-01')).statusCode).toBe(204)
    expect((await ok<NetWorth>(a.get('/api/analytics/net-worth'))).netWorth).toBe(before)
  })
})
