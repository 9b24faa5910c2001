// The transaction search's planner statistics (migration 0003, ADR 0022): the planner must know
// how common a phrase is, or it guesses every phrase rare and reads the whole table for a
// phrase that the newest page would have found at once.
import { and, eq, ilike, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accounts, searchText, transactions } from '#src/server/db/schema'
import { createTestApp, type TestContext } from '#src/server/test/helper'
import { createUser } from '../auth/service'

let t: TestContext
let householdId: string

beforeAll(async () => {
  t = await createTestApp()
  const user = await createUser(t.database.db, { email: 'search-stats@example.com', firstName: 'Search', lastName: 'Stats' })
  householdId = user.householdId
  const [account] = await t.database.db
    .insert(accounts)
    .values({ householdId, userId: user.id, name: 'Card', type: 'credit_card' })
    .returning({ id: accounts.id })
  // half the rows at one restaurant, the other half at as many shops
  const rows = Array.from({ length: 2000 }, (_, i) => ({
    householdId,
    userId: user.id,
    accountId: account?.id ?? '',
    date: '2026-01-01',
    amount: -100 - i,
    merchant: i % 2 === 0 ? 'Sushi Zen' : `Shop ${String(i)}`,
  }))
  await t.database.db.insert(transactions).values(rows)
  await t.database.db.execute(sql`analyze transactions`)
})
afterAll(async () => {
  await t.close()
})

/** the planner's estimate of the rows matching `phrase` in the household */
async function estimatedRows(phrase: string): Promise<number> {
  const query = t.database.db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.householdId, householdId), ilike(searchText(transactions), `%${phrase}%`)))
    .toSQL()
  const explained = await t.database.pool.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    `explain (format json) ${query.sql}`,
    query.params,
  )
  return explained.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? Number.NaN
}

describe('transaction search statistics', () => {
  it('tell the planner a common phrase is common and a missing one is rare', async () => {
    expect(await estimatedRows('sushi zen')).toBeGreaterThan(500)
    expect(await estimatedRows('no such words')).toBeLessThan(50)
  })
})
