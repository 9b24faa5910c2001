// The positions and daily valuation kept on write (ADR 0034): after writes that each rework only
// the days from their date on (a back-dated activity, a price correction, an activity moved and
// one deleted, a split), what is stored equals what a revaluation of the whole history stores,
// and the reads that use it answer exactly as the reads that replay the activities.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asc, eq } from 'drizzle-orm'
import { accounts, investmentDayValues, investmentMonthValues, investmentPositions } from '#src/server/db/schema'
import { createTestApp, signUp, type Client, type TestContext } from '#src/server/test/helper'
import { toPrice } from '#src/domain/investments/lots'
import { revalueAccounts } from './revalue'
import { writePrices } from './service'

const TODAY = '2026-03-15'

let t: TestContext
beforeAll(async () => {
  t = await createTestApp({ now: `${TODAY}T12:00:00Z` })
})
afterAll(async () => {
  await t.close()
})

async function ok(res: { statusCode: number; body: string }, status = 200): Promise<void> {
  expect(res.statusCode, res.body).toBe(status)
}

/** Everything a revaluation keeps for an account. */
async function storedState(accountId: string) {
  const db = t.database.db
  const [account] = await db.select({ balance: accounts.balance, investmentValue: accounts.investmentValue }).from(accounts).where(eq(accounts.id, accountId))
  const [positions] = await db
    .select({ portfolio: investmentPositions.portfolio, securities: investmentPositions.securities })
    .from(investmentPositions)
    .where(eq(investmentPositions.accountId, accountId))
  const days = await db
    .select({ date: investmentDayValues.date, cash: investmentDayValues.cash, marketValue: investmentDayValues.marketValue, flow: investmentDayValues.flow, missing: investmentDayValues.missing })
    .from(investmentDayValues)
    .where(eq(investmentDayValues.accountId, accountId))
    .orderBy(asc(investmentDayValues.date))
  const months = await db
    .select({ month: investmentMonthValues.month, value: investmentMonthValues.value })
    .from(investmentMonthValues)
    .where(eq(investmentMonthValues.accountId, accountId))
    .orderBy(asc(investmentMonthValues.month))
  return { account, positions, days, months }
}

const READS = [
  (id: string) => `/api/investments/holdings?accountId=${id}`,
  () => '/api/investments/holdings',
  () => '/api/investments/accounts',
  () => '/api/investments/allocation',
  (id: string) => `/api/investments/performance?accountId=${id}`,
  (id: string) => `/api/investments/performance?accountId=${id}&range=1M`,
  (id: string) => `/api/investments/performance?accountId=${id}&from=2025-02-10&to=2025-04-20`,
  (id: string) => `/api/investments/valuation?accountId=${id}&from=2025-01-01&to=2026-01-31`,
  (id: string) => `/api/investments/performance?accountId=${id}&range=all`,
  (id: string) => `/api/investments/valuation?accountId=${id}&range=all`,
  () => '/api/investments/performance',
]

async function answers(client: Client, accountId: string): Promise<unknown[]> {
  const out: unknown[] = []
  for (const url of READS) {
    const res = await client.get(url(accountId))
    await ok(res)
    out.push(res.json())
  }
  return out
}

describe('positions and daily values kept on write', () => {
  let owner: Client
  let accountId: string
  let householdId: string

  /** Stored after the writes so far equals a revaluation of the whole history. */
  async function expectSameAsFull(today = TODAY): Promise<void> {
    const kept = await storedState(accountId)
    expect(kept.positions).toBeDefined()
    expect(kept.days.length).toBeGreaterThan(0)
    await revalueAccounts(t.database.db, householdId, [accountId], { today })
    expect(await storedState(accountId)).toEqual(kept)
  }

  beforeAll(async () => {
    owner = await signUp(t.app)
    const res = await owner.post('/api/accounts', { name: 'Brokerage', type: 'investment' })
    await ok(res, 201)
    accountId = res.json().id
    const [row] = await t.database.db.select({ householdId: accounts.householdId }).from(accounts).where(eq(accounts.id, accountId))
    householdId = row?.householdId ?? ''
  })

  it('after each write, stores what a whole revaluation stores', async () => {
    const add = async (body: Record<string, unknown>): Promise<string> => {
      const res = await owner.post('/api/investments/activities', { accountId, ...body })
      await ok(res, 201)
      return res.json().id
    }
    const price = async (symbol: string, date: string, value: number) => ok(await owner.put('/api/investments/prices', { symbol, date, price: value }))

    await add({ type: 'transfer_in', date: '2024-12-02', amount: 10_000 })
    await add({ symbol: 'ACME', type: 'buy', date: '2025-01-06', quantity: 10, price: 100, fees: 1 })
    await add({ symbol: 'BOLT', type: 'buy', date: '2025-01-20', quantity: 4, price: 50 })
    for (const [date, acme, bolt] of [
      ['2025-01-31', 104, 52],
      ['2025-02-28', 98.5, 55],
      ['2025-03-14', 110, 49],
      ['2025-06-30', 120, 60],
      ['2025-12-31', 131.25, 58],
      ['2026-03-13', 140, 61],
    ] as const) {
      await price('ACME', date, acme)
      await price('BOLT', date, bolt)
    }
    await expectSameAsFull()

    // today's activity and today's price: only the current month is worked out again
    await add({ symbol: 'ACME', type: 'buy', date: TODAY, quantity: 1, price: 141 })
    await price('BOLT', TODAY, 62)
    await expectSameAsFull()

    // back-dated: a buy a year ago, shares moved in (a flow at their price), cash out
    const early = await add({ symbol: 'ACME', type: 'buy', date: '2025-02-03', quantity: 5, price: 99 })
    await add({ symbol: 'CORE', type: 'transfer_in', date: '2025-03-03', quantity: 2, price: 20, costBasis: 30 })
    await add({ type: 'transfer_out', date: '2025-04-01', amount: 500 })
    await expectSameAsFull()

    // a price correction, a price on a day with none, and a split in between
    await price('ACME', '2025-02-28', 97)
    await price('CORE', '2025-05-05', 25)
    await add({ symbol: 'ACME', type: 'split', date: '2025-07-01', ratio: 2 })
    await expectSameAsFull()

    // an activity moved back, then forward, a sale, and one deleted
    await ok(await owner.patch(`/api/investments/activities/${early}`, { date: '2025-01-10' }))
    await ok(await owner.patch(`/api/investments/activities/${early}`, { date: '2025-08-11', price: 118 }))
    await add({ symbol: 'BOLT', type: 'sell', date: '2025-09-01', quantity: 4, price: 59, fees: 0.5 })
    await add({ symbol: 'ACME', type: 'dividend', date: '2025-10-01', amount: 12.34 })
    await ok(await owner.delete(`/api/investments/activities/${early}`), 204)
    await expectSameAsFull()

    // weeks later, today's price: the month-end value last taken mid-month is worked out again,
    // and the months since are added
    await t.database.db.transaction((tx) => writePrices(tx, householdId, [{ symbol: 'ACME', date: '2026-05-12', price: toPrice(150) }], 'csv', '2026-05-12'))
    await expectSameAsFull('2026-05-12')
    expect((await storedState(accountId)).months.map((m) => m.month).slice(-3)).toEqual(['2026-03-01', '2026-04-01', '2026-05-01'])
    await revalueAccounts(t.database.db, householdId, [accountId], { today: TODAY })

    // a refused write changes nothing of what is stored
    const before = await storedState(accountId)
    const refused = await owner.post('/api/investments/activities', { accountId, symbol: 'BOLT', type: 'sell', date: '2025-08-01', quantity: 9, price: 50 })
    expect(refused.statusCode).toBe(400)
    expect(await storedState(accountId)).toEqual(before)
  })

  it('reads answer the same from what is stored as by replaying the activities', async () => {
    // money moved through the ledger counts in performance beside the activities
    await ok(await owner.post('/api/transactions', { accountId, date: '2025-05-15', amount: 250, merchant: 'Deposit' }), 201)
    await ok(await owner.post('/api/transactions', { accountId, date: '2026-02-02', amount: -75, merchant: 'Withdrawal' }), 201)
    const stored = await answers(owner, accountId)
    const [perf] = stored.slice(4, 5) as { twr: number | null }[]
    expect(perf?.twr).not.toBeNull()
    // with nothing stored, the reads replay the activities and their prices
    await t.database.db.delete(investmentPositions).where(eq(investmentPositions.accountId, accountId))
    expect(await answers(owner, accountId)).toEqual(stored)
    await revalueAccounts(t.database.db, householdId, [accountId], { today: TODAY })
    expect(await answers(owner, accountId)).toEqual(stored)
  })
})
