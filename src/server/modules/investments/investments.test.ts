import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { HoldingRow, InvestmentActivity, PerformanceResult } from '#src/contract/investments'
import { accounts, investmentMonthValues } from '#src/server/db/schema'
import { createFamily } from '#src/server/test/family'
import { createTestApp, signUp, type Client, type TestContext } from '#src/server/test/helper'

let t: TestContext
beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T12:00:00Z' })
})
afterAll(async () => {
  await t.close()
})

async function investmentAccount(client: Client, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await client.post('/api/accounts', { name: 'Brokerage', type: 'investment', ...extra })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().id
}

async function add(client: Client, body: Record<string, unknown>): Promise<InvestmentActivity> {
  const res = await client.post('/api/investments/activities', body)
  expect(res.statusCode, res.body).toBe(201)
  return res.json()
}

async function price(client: Client, symbol: string, date: string, value: number): Promise<void> {
  const res = await client.put('/api/investments/prices', { symbol, date, price: value })
  expect(res.statusCode, res.body).toBe(200)
}

async function holdingsOf(client: Client, accountId?: string): Promise<HoldingRow[]> {
  const res = await client.get(`/api/investments/holdings${accountId ? `?accountId=${accountId}` : ''}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

async function netWorth(client: Client): Promise<number> {
  const res = await client.get('/api/analytics/net-worth')
  expect(res.statusCode, res.body).toBe(200)
  return res.json().netWorth
}

/**
 * The hand-worked case of the domain's tests (lots.test.ts), through the API:
 *   2024-01-01  $3,000.00 in                                 cash 3000.00
 *   2024-01-02  buy 10 ACME at $100.00, fee $1.00           lot 1: cost 1001.00; cash 1999.00
 *   2024-02-01  buy 10 ACME at $120.00, fee $1.00           lot 2: cost 1201.00; cash 798.00
 *   2024-03-01  sell 15 ACME at $130.00, fee $1.50          proceeds 1948.50; cash 2746.50
 *               FIFO cost of the 15 = 1001.00 + 600.50 = 1601.50 → realised 347.00; left 5 sh at 600.50
 *   2024-04-01  dividend $1.20                               cash 2747.70
 *   2024-05-01  2-for-1 split (price $65.00 that day)        10 sh at 600.50
 *   2024-06-01  price $70.00                                 10 × 70.00 = 700.00; unrealised 99.50
 */
async function handWorked(client: Client, accountId: string): Promise<void> {
  await add(client, { accountId, type: 'transfer_in', date: '2024-01-01', amount: 3000 })
  await add(client, { accountId, symbol: 'acme', type: 'buy', date: '2024-01-02', quantity: 10, price: 100, fees: 1, name: 'Acme Corp', kind: 'stock' })
  await add(client, { accountId, symbol: 'ACME', type: 'buy', date: '2024-02-01', quantity: 10, price: 120, fees: 1 })
  await add(client, { accountId, symbol: 'ACME', type: 'sell', date: '2024-03-01', quantity: 15, price: 130, fees: 1.5 })
  await add(client, { accountId, symbol: 'ACME', type: 'dividend', date: '2024-04-01', amount: 1.2 })
  await price(client, 'ACME', '2024-05-01', 65)
  await add(client, { accountId, symbol: 'ACME', type: 'split', date: '2024-05-01', ratio: 2 })
  await price(client, 'ACME', '2024-06-01', 70)
}

describe('the hand-worked case', () => {
  let owner: Client
  let accountId: string
  beforeAll(async () => {
    owner = await signUp(t.app)
    accountId = await investmentAccount(owner)
    await handWorked(owner, accountId)
  })

  it('holdings to the cent', async () => {
    expect(await holdingsOf(owner, accountId)).toEqual([
      {
        accountId,
        securityId: expect.any(String),
        symbol: 'ACME',
        name: 'Acme Corp',
        kind: 'stock',
        currency: 'USD',
        accountCurrency: 'USD',
        quantity: 10,
        costBasis: 600.5,
        averageCost: 60.05,
        price: 70,
        priceDate: '2024-06-01',
        marketValue: 700,
        unrealizedGain: 99.5,
        realizedGain: 347,
        income: 1.2,
        missingPrice: false,
        missingReason: null,
      },
    ])
  })

  it('the balance and net worth include the holdings: 2747.70 + 700.00', async () => {
    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.id, accountId))
    expect(row?.investmentValue).toBe(344_770)
    expect(row?.balance).toBe(344_770)
    expect(await netWorth(owner)).toBe(3447.7)
    const list = (await owner.get('/api/investments/accounts')).json()
    expect(list).toEqual([
      { accountId, name: 'Brokerage', currency: 'USD', costMethod: 'fifo', cash: 2747.7, marketValue: 700, balance: 3447.7, missing: [] },
    ])
  })

  it('performance to 1e-6: TWR 344770 / 300000 − 1, XIRR its annualised form over 182 days', async () => {
    const res = await owner.get(`/api/investments/performance?accountId=${accountId}&from=2024-01-01&to=2024-06-30`)
    expect(res.statusCode, res.body).toBe(200)
    const perf: PerformanceResult = res.json()
    // money came in once, on the first day: every sub-period chains to 344770 / 300000
    expect(perf.twr).toBeCloseTo(344_770 / 300_000 - 1, 6) // 0.149233
    expect(perf.twrAnnualized).toBeNull()
    // −3000.00 at the end of 2023-12-31, +3447.70 at the end of 2024-06-30: 182 days
    expect(perf.xirr).toBeCloseTo(Math.pow(344_770 / 300_000, 365 / 182) - 1, 6)
    expect(perf.contributions).toBe(3000)
    expect(perf.startValue).toBe(0)
    expect(perf.marketValue).toBe(3447.7)
    expect(perf.gain).toBe(447.7)
    expect(perf.missing).toEqual([])
    expect(perf.explanation).toBe(
      "You didn't add or take out money in this period, so both returns measure the same growth; the money-weighted one is shown per year.",
    )
    // the chart: 182 daily points, contributions flat at 3000.00 from the first day
    expect(perf.series).toHaveLength(182)
    expect(perf.series[0]).toEqual({ date: '2024-01-01', value: 3000, contributions: 3000 })
    expect(perf.series[1]).toEqual({ date: '2024-01-02', value: 2999, contributions: 3000 })
    expect(perf.series.at(-1)).toEqual({ date: '2024-06-30', value: 3447.7, contributions: 3000 })
  })

  it('a long range is down-sampled (weekly), and range=all runs from the first activity to today', async () => {
    const res = await owner.get(`/api/investments/performance?accountId=${accountId}&range=all`)
    const perf: PerformanceResult = res.json()
    expect(perf.from).toBe('2024-01-01')
    expect(perf.to).toBe('2026-03-15')
    expect(perf.series.length).toBeLessThanOrEqual(400)
    expect(perf.series.at(-1)?.date).toBe('2026-03-15')
    expect(perf.twrAnnualized).not.toBeNull()
    const valuation = (await owner.get(`/api/investments/valuation?accountId=${accountId}`)).json()
    expect(valuation.step).toBe('week')
    expect(valuation.points.at(-1)).toEqual({ date: '2026-03-15', cash: 2747.7, marketValue: 700, value: 3447.7, missing: [] })
    const ytd = (await owner.get(`/api/investments/performance?accountId=${accountId}&range=YTD`)).json()
    expect(ytd.from).toBe('2026-01-01')
    expect(ytd.twr).toBeCloseTo(0, 9)
    // a range reaching back before 1900 starts on the first day the API speaks of
    for (const range of ['1M', '1Y', '5Y']) {
      for (const path of ['performance', 'valuation']) {
        const early = await owner.get(`/api/investments/${path}?accountId=${accountId}&to=1900-01-01&range=${range}`)
        expect(early.statusCode, `${path} ${range}: ${early.body}`).toBe(200)
        expect(early.json()).toMatchObject({ from: '1900-01-01', to: '1900-01-01' })
      }
    }
  })

  it('income by month and year, and over the trailing 12 months', async () => {
    const res = await owner.get(`/api/investments/income?accountId=${accountId}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({
      accountId,
      currency: 'USD',
      byMonth: [{ month: '2024-04', dividends: 1.2, interest: 0, total: 1.2 }],
      byYear: [{ year: 2024, dividends: 1.2, interest: 0, total: 1.2 }],
      bySymbol: [{ symbol: 'ACME', total: 1.2 }],
      trailing12Months: 0,
      total: 1.2,
      missing: [],
    })
  })

  it('writes the month-end values for the net-worth history', async () => {
    const rows = await t.database.db.select().from(investmentMonthValues).where(eq(investmentMonthValues.accountId, accountId))
    const byMonth = new Map(rows.map((r) => [r.month, r.value]))
    expect(byMonth.get('2024-01-01')).toBe(299_900) // 1999.00 cash + 10 × 100.00
    expect(byMonth.get('2024-03-01')).toBe(339_650) // 2746.50 + 5 × 130.00
    expect(byMonth.get('2026-03-01')).toBe(344_770)
    expect(rows).toHaveLength(27) // 2024-01 … 2026-03
  })

  it('lists activities newest first, pages with a cursor', async () => {
    const all = (await owner.get(`/api/investments/activities?accountId=${accountId}`)).json()
    expect(all.map((a: InvestmentActivity) => a.type)).toEqual(['split', 'dividend', 'sell', 'buy', 'buy', 'transfer_in'])
    expect(all[2]).toMatchObject({ symbol: 'ACME', quantity: 15, price: 130, amount: 1950, fees: 1.5 })
    const page = await owner.get(`/api/investments/activities?accountId=${accountId}&limit=4`)
    expect(page.json()).toHaveLength(4)
    const cursor = page.headers['x-next-cursor']
    expect(typeof cursor).toBe('string')
    const rest = (await owner.get(`/api/investments/activities?accountId=${accountId}&limit=4&cursor=${encodeURIComponent(String(cursor))}`)).json()
    expect(rest.map((a: InvestmentActivity) => a.type)).toEqual(['buy', 'transfer_in'])
  })
})

describe('writes', () => {
  it('a price update revalues the account and net worth', async () => {
    const owner = await signUp(t.app)
    const accountId = await investmentAccount(owner)
    await handWorked(owner, accountId)
    expect(await netWorth(owner)).toBe(3447.7)
    await price(owner, 'ACME', '2024-07-01', 80)
    // 2747.70 + 10 × 80.00
    expect(await netWorth(owner)).toBe(3547.7)
    const [h] = await holdingsOf(owner, accountId)
    expect(h).toMatchObject({ price: 80, priceDate: '2024-07-01', marketValue: 800, unrealizedGain: 199.5 })
    const history = (await owner.get('/api/investments/prices?symbol=acme')).json()
    expect(history.map((p: { date: string }) => p.date)).toEqual(['2024-07-01', '2024-06-01', '2024-05-01'])
  })

  it('average cost per account: realised 297.00 and basis 550.50; the balance is the same', async () => {
    const owner = await signUp(t.app)
    const fifo = await investmentAccount(owner, { name: 'FIFO' })
    const average = await investmentAccount(owner, { name: 'Average' })
    await handWorked(owner, fifo)
    const patched = await owner.patch(`/api/investments/accounts/${average}`, { costMethod: 'average' })
    expect(patched.statusCode, patched.body).toBe(200)
    expect(patched.json().costMethod).toBe('average')
    await handWorked(owner, average)
    const [a] = await holdingsOf(owner, average)
    // 15 sold at the average 110.10: cost 1651.50, realised 1948.50 − 1651.50; 5 left at 550.50
    expect(a).toMatchObject({ costBasis: 550.5, realizedGain: 297, averageCost: 55.05, marketValue: 700, unrealizedGain: 149.5 })
    const [f] = await holdingsOf(owner, fifo)
    expect(f).toMatchObject({ costBasis: 600.5, realizedGain: 347 })
    expect(await netWorth(owner)).toBe(3447.7 * 2)
    // switching back recomputes
    await owner.patch(`/api/investments/accounts/${average}`, { costMethod: 'fifo' })
    expect((await holdingsOf(owner, average))[0]).toMatchObject({ costBasis: 600.5, realizedGain: 347 })
    // every account together
    expect(await holdingsOf(owner)).toHaveLength(2)
  })

  it('refuses an oversell with 400 naming the quantity, and changes nothing', async () => {
    const owner = await signUp(t.app)
    const accountId = await investmentAccount(owner)
    await handWorked(owner, accountId)
    const res = await owner.post('/api/investments/activities', { accountId, symbol: 'ACME', type: 'sell', date: '2024-07-01', quantity: 11, price: 70 })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'OVERSELL', issues: [{ path: 'body.quantity' }] })
    expect(res.json().message).toContain('sell of ACME on Jul 1, 2024: cannot sell 11 when only 10 are held')
    expect((await owner.get(`/api/investments/activities?accountId=${accountId}`)).json()).toHaveLength(6)
    expect(await netWorth(owner)).toBe(3447.7)
    // deleting the first buy would leave the sale impossible: 409, nothing deleted
    const buys = (await owner.get(`/api/investments/activities?accountId=${accountId}`)).json().filter((a: InvestmentActivity) => a.type === 'buy')
    const del = await owner.delete(`/api/investments/activities/${buys[1].id}`)
    expect(del.statusCode, del.body).toBe(409)
    expect((await owner.get(`/api/investments/activities?accountId=${accountId}`)).json()).toHaveLength(6)
    // correcting the dividend is fine: 1.20 → 2.20 moves the balance by 1.00
    const dividend = (await owner.get(`/api/investments/activities?accountId=${accountId}`)).json().find((a: InvestmentActivity) => a.type === 'dividend')
    const patched = await owner.patch(`/api/investments/activities/${dividend.id}`, { amount: 2.2 })
    expect(patched.statusCode, patched.body).toBe(200)
    expect(await netWorth(owner)).toBe(3448.7)
    expect((await owner.delete(`/api/investments/activities/${dividend.id}`)).statusCode).toBe(204)
    expect(await netWorth(owner)).toBe(3446.5)
  })

  it('takes activities in investment accounts only, and names what a type needs', async () => {
    const owner = await signUp(t.app)
    const checking = (await owner.post('/api/accounts', { name: 'Checking', type: 'checking' })).json().id
    const res = await owner.post('/api/investments/activities', { accountId: checking, symbol: 'X', type: 'buy', date: '2024-01-02', quantity: 1, price: 1 })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('Invalid body.accountId: Only investment accounts hold investments')
    const accountId = await investmentAccount(owner)
    const bad = await owner.post('/api/investments/activities', { accountId, type: 'buy', date: '2024-01-02', quantity: 1.123456789 })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().issues.map((i: { path: string }) => i.path).sort()).toEqual(['body.price', 'body.quantity', 'body.symbol'])
    const missing = await owner.post('/api/investments/activities', { accountId: '00000000-0000-4000-8000-000000000000', symbol: 'X', type: 'buy', date: '2024-01-02', quantity: 1, price: 1 })
    expect(missing.statusCode).toBe(404)
  })

  it('imports prices from a CSV, naming a bad line and importing nothing from it', async () => {
    const owner = await signUp(t.app)
    const accountId = await investmentAccount(owner)
    await handWorked(owner, accountId)
    const bad = await owner.post('/api/investments/prices/import', { csv: 'Date,PRICE,Symbol\n2024-08-01,71.50,ACME\n2024-08-02,abc,ACME\n' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ code: 'INVALID_CSV', issues: [{ path: 'body.csv' }] })
    expect(bad.json().message).toContain('Line 3')
    expect((await owner.get('/api/investments/prices?symbol=ACME')).json()).toHaveLength(2)
    const good = await owner.post('/api/investments/prices/import', {
      csv: 'Date;PRICE;Symbol\r\n2024-08-01;71.50;acme\r\n2024-08-02;72;ACME\r\n2024-08-02;10;NEWCO\r\n',
    })
    expect(good.statusCode, good.body).toBe(200)
    expect(good.json()).toEqual({ imported: 3, created: ['NEWCO'], revalued: 1 })
    expect(await netWorth(owner)).toBe(2747.7 + 720)
    const securities = (await owner.get('/api/investments/securities')).json()
    expect(securities.map((s: { symbol: string; held: boolean }) => [s.symbol, s.held])).toEqual([
      ['ACME', true],
      ['NEWCO', false],
    ])
    const newco = securities[1]
    const renamed = await owner.patch(`/api/investments/securities/${newco.id}`, { name: 'New Co', kind: 'etf' })
    expect(renamed.json()).toMatchObject({ symbol: 'NEWCO', name: 'New Co', kind: 'etf', latestPrice: 10, latestPriceDate: '2024-08-02' })
  })

  it('allocation by kind, account, currency and top holdings, with the drift from targets', async () => {
    const owner = await signUp(t.app)
    const accountId = await investmentAccount(owner)
    await handWorked(owner, accountId)
    const refused = await owner.put('/api/investments/targets', { targets: [{ kind: 'stock', percent: 60 }, { kind: 'cash', percent: 30 }] })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toMatch(/^Invalid body\.targets: .*add up to 100/)
    const set = await owner.put('/api/investments/targets', { targets: [{ kind: 'stock', percent: 60 }, { kind: 'cash', percent: 40 }] })
    expect(set.statusCode, set.body).toBe(200)
    const res = await owner.get('/api/investments/allocation')
    expect(res.statusCode, res.body).toBe(200)
    const a = res.json()
    // 2747.70 cash + 700.00 ACME = 3447.70
    expect(a.total).toBe(3447.7)
    expect(a.byKind.map((s: { key: string; value: number }) => [s.key, s.value])).toEqual([
      ['cash', 2747.7],
      ['stock', 700],
    ])
    expect(a.byAccount).toEqual([{ key: accountId, label: 'Brokerage', value: 3447.7, share: 1 }])
    expect(a.topHoldings[1]).toMatchObject({ key: 'ACME', label: 'Acme Corp', value: 700 })
    // stock: 60 % of 3447.70 = 2068.62 − 700.00 = 1368.62 to buy
    expect(a.drift[0]).toMatchObject({ kind: 'stock', value: 700, target: 0.6, toTarget: 1368.62 })
    expect(a.drift[0].drift).toBeCloseTo(70_000 / 344_770 - 0.6, 9)
  })
})

describe('a security quoted in another currency', () => {
  it("converts its value to the account's currency at the day's rate, and names a missing rate", async () => {
    const owner = await signUp(t.app)
    const accountId = await investmentAccount(owner)
    await add(owner, { accountId, type: 'transfer_in', date: '2026-03-01', amount: 1000 })
    // no EUR → USD rate yet: the amount in dollars can't be worked out
    const refused = await owner.post('/api/investments/activities', { accountId, symbol: 'EURO', currency: 'EUR', type: 'buy', date: '2026-03-02', quantity: 10, price: 50 })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().issues[0].path).toBe('body.amount')
    expect(refused.json().message).toContain('No EUR to USD exchange rate on Mar 2, 2026')
    // the day as the member writes dates
    expect((await owner.patch('/api/user/settings', { locale: 'en-GB' })).statusCode).toBe(200)
    const again = await owner.post('/api/investments/activities', { accountId, symbol: 'EURO', currency: 'EUR', type: 'buy', date: '2026-03-02', quantity: 10, price: 50 })
    expect(again.json().message).toContain('No EUR to USD exchange rate on 2 Mar 2026')
    await owner.patch('/api/user/settings', { locale: 'en-US' })
    // a buy with its amount in dollars is fine; the holding has no rate to be valued with
    const withAmount = await add(owner, { accountId, symbol: 'EURO', currency: 'EUR', type: 'buy', date: '2026-03-02', quantity: 10, price: 50, amount: 540 })
    expect(withAmount.amount).toBe(540)
    const [missing] = await holdingsOf(owner, accountId)
    expect(missing).toMatchObject({ symbol: 'EURO', currency: 'EUR', accountCurrency: 'USD', price: 50, marketValue: null, missingPrice: true, missingReason: 'no_exchange_rate' })
    // counted at cost in the balance meanwhile: 1000.00 − 540.00 + 540.00
    expect(await netWorth(owner)).toBe(1000)
    expect((await owner.put('/api/currencies/rates', { currency: 'EUR', date: '2026-03-01', rate: 1.1 })).statusCode).toBe(200)
    await add(owner, { accountId, symbol: 'EURO', type: 'buy', date: '2026-03-03', quantity: 1, price: 50 })
    const [h] = await holdingsOf(owner, accountId)
    // 11 × 50 EUR × 1.1 = 605.00 USD; the second buy cost 1 × 50 × 1.1 = 55.00
    expect(h).toMatchObject({ quantity: 11, price: 50, marketValue: 605, costBasis: 595, unrealizedGain: 10, missingPrice: false, missingReason: null })
    // 1000.00 − 540.00 − 55.00 + 605.00
    expect(await netWorth(owner)).toBe(1010)
    await price(owner, 'EURO', '2026-03-10', 60)
    // 11 × 60 × 1.1 = 726.00
    expect(await netWorth(owner)).toBe(405 + 726)
    const perf = (await owner.get(`/api/investments/performance?accountId=${accountId}&from=2026-03-01&to=2026-03-15`)).json()
    expect(perf).toMatchObject({ currency: 'USD', contributions: 1000, marketValue: 1131, gain: 131, missing: [] })
    // at the rate dated 2026-03-01 the first buy was worth 10 × 55.00 the day it was made: 460.00 cash
    // + 550.00 = 1010.00, ending at 405.00 + 726.00 with no money added after the first day
    expect(perf.twr).toBeCloseTo(1131 / 1000 - 1, 9)
  })

  it('needs no rate for the days an account in another currency holds nothing', async () => {
    const owner = await signUp(t.app)
    const dollars = await investmentAccount(owner)
    await add(owner, { accountId: dollars, type: 'transfer_in', date: '2026-01-02', amount: 1000 })
    // a euro account that starts on 2026-03-01, with a rate from that day only
    const euros = await investmentAccount(owner, { name: 'Depot', currency: 'EUR' })
    await add(owner, { accountId: euros, type: 'transfer_in', date: '2026-03-01', amount: 100 })
    expect((await owner.put('/api/currencies/rates', { currency: 'EUR', date: '2026-03-01', rate: 1.2 })).statusCode).toBe(200)
    const perf = (await owner.get('/api/investments/performance?from=2026-01-01&to=2026-03-31')).json()
    // 1,000.00 $ + 100.00 € × 1.20: the empty euro account of January and February needs no rate
    expect(perf).toMatchObject({ currency: 'USD', marketValue: 1120, missing: [] })
    // before the rate, a euro account holding something is missing, never counted at 1
    expect((await owner.delete('/api/currencies/rates?currency=EUR&date=2026-03-01')).statusCode).toBe(204)
    const without = (await owner.get('/api/investments/performance?from=2026-01-01&to=2026-03-31')).json()
    expect(without.missing).toEqual(['EUR→USD'])
  })
})

describe('privacy', () => {
  it("a member who can't see the account gets 404 and empty lists; balance-only counts in net worth, without details", async () => {
    const family = await createFamily(t)
    const { owner, adult, teen } = family
    const privateId = await investmentAccount(adult, { name: 'Adult brokerage', visibility: 'private' })
    const balanceOnly = await investmentAccount(adult, { name: 'Adult pension', visibility: 'balance_only' })
    await handWorked(adult, privateId)
    await add(adult, { accountId: balanceOnly, type: 'transfer_in', date: '2024-01-01', amount: 500 })
    await add(adult, { accountId: balanceOnly, symbol: 'ACME', type: 'buy', date: '2024-01-02', quantity: 1, price: 100 })
    for (const accountId of [privateId, balanceOnly]) {
      expect((await owner.get(`/api/investments/activities?accountId=${accountId}`)).statusCode).toBe(404)
      expect((await owner.get(`/api/investments/holdings?accountId=${accountId}`)).statusCode).toBe(404)
      expect((await owner.get(`/api/investments/performance?accountId=${accountId}`)).statusCode).toBe(404)
      expect((await owner.post('/api/investments/activities', { accountId, type: 'interest', date: '2024-01-01', amount: 1 })).statusCode).toBe(404)
      expect((await owner.patch(`/api/investments/accounts/${accountId}`, { costMethod: 'average' })).statusCode).toBe(404)
    }
    const activity = (await adult.get(`/api/investments/activities?accountId=${privateId}`)).json()[0]
    expect((await owner.get(`/api/investments/activities`)).json()).toEqual([])
    expect((await owner.patch(`/api/investments/activities/${activity.id}`, { memo: 'x' })).statusCode).toBe(404)
    expect((await owner.delete(`/api/investments/activities/${activity.id}`)).statusCode).toBe(404)
    expect(await holdingsOf(owner)).toEqual([])
    expect((await owner.get('/api/investments/accounts')).json()).toEqual([])
    expect((await owner.get('/api/investments/income')).json().total).toBe(0)
    expect((await owner.get('/api/investments/allocation')).json().total).toBe(0)
    expect((await owner.get('/api/investments/securities')).json()).toEqual([])
    expect((await owner.get('/api/investments/prices?symbol=ACME')).statusCode).toBe(404)
    // the balance-only account's value counts in the owner's net worth: 500.00 − 100.00 + 1 ACME at
    // the household's latest ACME price, 70.00 (prices are the household's, not an account's)
    expect(await netWorth(owner)).toBe(470)
    // the teen sees neither; the adult sees both whole
    expect(await netWorth(teen)).toBe(0)
    expect(await holdingsOf(adult)).toHaveLength(2)
    expect(await netWorth(adult)).toBe(3447.7 + 470)
  })
})
