// The ledger's bulk insert as an import's chunk uses it (imports/write.ts): the balances' and
// rollups' deltas are held for the caller, and `sent` tells the caller when the rows' insert is
// with the database, so the import decides its next chunk while the database writes this one.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asCents } from '#src/domain/money'
import { DeltaTotals } from '#src/domain/ledger'
import { accounts, transactions } from '../db/schema'
import { householdOf, insertAccount, newUser } from '../test/fixtures'
import { createTestApp, type TestContext } from '../test/helper'
import { applyDeltaTotals, insertTransactions, type NewTransaction } from './ledger'

let t: TestContext
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

describe('a bulk insert for an import', () => {
  it('calls sent once, before the rows are in, and holds the balance for the caller until applied', async () => {
    const a = await newUser(t.app)
    const db = t.database.db
    const householdId = await householdOf(db, a)
    const account = await insertAccount(db, a, { balance: 0 })
    // enough rows for the bulk path (references checked once, then one statement)
    const rows: NewTransaction[] = Array.from({ length: 1200 }, (_, i) => ({
      householdId,
      userId: a.user.id,
      accountId: account,
      categoryId: null,
      date: '2026-03-02',
      amount: asCents(i % 2 === 0 ? -125 : 300),
      merchant: 'Shop',
      description: '',
      notes: '',
      kind: 'standard',
      source: 'import',
    }))
    const events: string[] = []
    const totals = new DeltaTotals()
    const balanceBefore = await db.transaction(async (tx) => {
      const inserting = insertTransactions(tx, rows, {
        totals,
        sent: () => events.push('sent'),
      }).then((ids) => {
        events.push('inserted')
        return ids
      })
      const ids = await inserting
      expect(ids).toHaveLength(1200)
      const [held] = await tx
        .select({ balance: accounts.balance })
        .from(accounts)
        .where(eq(accounts.id, account))
      await applyDeltaTotals(tx, householdId, totals)
      return held?.balance
    })
    expect(events).toEqual(['sent', 'inserted'])
    // 600 × −1.25 + 600 × 3.00 = 1,050.00: not in the balance until the caller applied it
    expect(balanceBefore).toBe(0)
    const [after] = await db
      .select({ balance: accounts.balance })
      .from(accounts)
      .where(eq(accounts.id, account))
    expect(after?.balance).toBe(105_000)
    const stored = await db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.accountId, account))
    expect(stored).toHaveLength(1200)
  })
})
