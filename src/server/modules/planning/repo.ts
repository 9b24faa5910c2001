// Planning queries, each scoped by household: the open accounts a plan starts from and the
// spending of past months.
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '#src/server/db/connect'
import { accounts, monthlyRollups } from '#src/server/db/schema'
import { rollupsBetween } from '#src/server/core/scope'

type AccountRow = typeof accounts.$inferSelect

/** Open accounts of the given types, by name. */
export function listOpenAccountsOfTypes(db: DbOrTx, householdId: string, types: AccountRow['type'][]) {
  return db
    .select({ id: accounts.id, name: accounts.name, type: accounts.type, balance: accounts.balance })
    .from(accounts)
    .where(and(eq(accounts.householdId, householdId), inArray(accounts.type, types), eq(accounts.isClosed, false)))
    .orderBy(accounts.name)
}

export function listOpenInvestmentBalances(db: DbOrTx, householdId: string) {
  return db
    .select({ id: accounts.id, balance: accounts.balance })
    .from(accounts)
    .where(and(eq(accounts.householdId, householdId), eq(accounts.type, 'investment'), eq(accounts.isClosed, false)))
}

/** The expenses of the months `from`..`to` (rollup months), leaving out the given accounts, as text. */
export async function sumExpenses(db: DbOrTx, householdId: string, from: string, to: string, hiddenAccounts: string[]) {
  const [spent] = await db
    .select({ total: sql<string>`coalesce(sum(${monthlyRollups.expense}), 0)::text` })
    .from(monthlyRollups)
    .where(rollupsBetween(householdId, from, to, hiddenAccounts))
  return spent?.total
}
