// Account queries, each scoped by household. Balances are not written here: they move only
// through the ledger (transactions/ledger.ts).
import { and, asc, count, eq } from 'drizzle-orm'
import type { DbOrTx } from '#src/server/db/connect'
import { param, prepared } from '#src/server/db/prepared'
import { accounts, householdMembers, transactions } from '#src/server/db/schema'

export type AccountRow = typeof accounts.$inferSelect
export type NewAccountRow = typeof accounts.$inferInsert

export async function findAccountRow(db: DbOrTx, householdId: string, id: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.householdId, householdId), eq(accounts.id, id)))
  return row
}

export async function isHouseholdMember(db: DbOrTx, householdId: string, userId: string): Promise<boolean> {
  const [member] = await db
    .select({ userId: householdMembers.userId })
    .from(householdMembers)
    .where(and(eq(householdMembers.householdId, householdId), eq(householdMembers.userId, userId)))
  return member !== undefined
}

const listRows = prepared('accounts_list', (db) =>
  db
    .select()
    .from(accounts)
    .where(eq(accounts.householdId, param('householdId')))
    .orderBy(asc(accounts.isClosed), asc(accounts.type), asc(accounts.name)),
)

/** Open accounts first, then by type and name. */
export function listAccountRows(db: DbOrTx, householdId: string): Promise<AccountRow[]> {
  return listRows(db).execute({ householdId })
}

export async function insertAccount(db: DbOrTx, values: NewAccountRow): Promise<AccountRow> {
  const [row] = await db.insert(accounts).values(values).returning()
  if (!row) throw new Error('insert returned no row')
  return row
}

export async function updateAccountRow(
  db: DbOrTx,
  householdId: string,
  id: string,
  patch: Partial<Omit<NewAccountRow, 'id' | 'householdId' | 'balance' | 'createdAt'>>,
): Promise<AccountRow | undefined> {
  const [row] = await db
    .update(accounts)
    .set(patch)
    .where(and(eq(accounts.householdId, householdId), eq(accounts.id, id)))
    .returning()
  return row
}

export async function countAccountTransactions(db: DbOrTx, accountId: string): Promise<number> {
  const [counted] = await db.select({ n: count() }).from(transactions).where(eq(transactions.accountId, accountId))
  return counted?.n ?? 0
}

/** Deletes the account; its transactions and rollups go with it (foreign keys). */
export async function deleteAccountRow(db: DbOrTx, householdId: string, id: string): Promise<void> {
  await db.delete(accounts).where(and(eq(accounts.householdId, householdId), eq(accounts.id, id)))
}
