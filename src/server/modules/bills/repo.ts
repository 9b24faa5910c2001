// Bill queries, each scoped by household, and the account and category checks bills need.
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm'
import { notIn } from '../accounts/scope'
import type { DbOrTx } from '../../db/connect'
import { param, prepared } from '../../db/prepared'
import { accounts, bills, categories, transactions } from '../../db/schema'

export type BillRow = typeof bills.$inferSelect
export type NewBillRow = typeof bills.$inferInsert

const SOONEST_FIRST = [asc(bills.nextDueDate), sql`lower(${bills.name})`, asc(bills.id)] as const

export function listBillRows(db: DbOrTx, householdId: string): Promise<BillRow[]> {
  return db
    .select()
    .from(bills)
    .where(eq(bills.householdId, householdId))
    .orderBy(...SOONEST_FIRST)
}

const dueBillRows = prepared('bills_due', (db) =>
  db
    .select()
    .from(bills)
    .where(and(eq(bills.householdId, param('householdId')), eq(bills.isActive, true), lte(bills.nextDueDate, param('until'))))
    .orderBy(...SOONEST_FIRST),
)

/** Active bills due on or before `until` (overdue ones included). */
export function listDueBillRows(db: DbOrTx, householdId: string, until: string): Promise<BillRow[]> {
  return dueBillRows(db).execute({ householdId, until })
}

export async function findBill(
  db: DbOrTx,
  householdId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<BillRow | undefined> {
  const query = db
    .select()
    .from(bills)
    .where(and(eq(bills.householdId, householdId), eq(bills.id, id)))
    .limit(1)
  const rows = options.lock ? await query.for('update') : await query
  return rows[0]
}

export async function insertBill(db: DbOrTx, values: NewBillRow): Promise<BillRow> {
  const [row] = await db.insert(bills).values(values).returning()
  if (!row) throw new Error('insert returned no row')
  return row
}

export async function updateBillRow(
  db: DbOrTx,
  householdId: string,
  id: string,
  patch: Partial<Omit<NewBillRow, 'id' | 'householdId' | 'userId' | 'createdAt'>>,
): Promise<BillRow | undefined> {
  const [row] = await db
    .update(bills)
    .set(patch)
    .where(and(eq(bills.householdId, householdId), eq(bills.id, id)))
    .returning()
  return row
}

export async function deleteBillRow(db: DbOrTx, householdId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(bills)
    .where(and(eq(bills.householdId, householdId), eq(bills.id, id)))
    .returning({ id: bills.id })
  return rows.length > 0
}

/** Unlinks a bill's past payments (transactions.bill_id has no foreign key: ADR 0007). */
export async function unlinkPayments(
  db: DbOrTx,
  householdId: string,
  billId: string,
  now: Date,
): Promise<void> {
  await db
    .update(transactions)
    .set({ billId: null, updatedAt: now })
    .where(and(eq(transactions.householdId, householdId), eq(transactions.billId, billId)))
}

export async function findAccount(
  db: DbOrTx,
  householdId: string,
  accountId: string,
): Promise<{ id: string; isClosed: boolean } | undefined> {
  const rows = await db
    .select({ id: accounts.id, isClosed: accounts.isClosed })
    .from(accounts)
    .where(and(eq(accounts.householdId, householdId), eq(accounts.id, accountId)))
    .limit(1)
  return rows[0]
}

export async function categoryExists(
  db: DbOrTx,
  householdId: string,
  categoryId: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.householdId, householdId), eq(categories.id, categoryId)))
    .limit(1)
  return rows.length > 0
}

/** Bill payments dated from..to, on accounts whose transactions the member sees. */
export function listPaymentRows(
  db: DbOrTx,
  householdId: string,
  from: string,
  to: string,
  noTransactions: string[],
): Promise<{ billId: string; name: string; date: string; amount: number; transactionId: string }[]> {
  return db
    .select({
      billId: bills.id,
      name: bills.name,
      date: transactions.date,
      amount: transactions.amount,
      transactionId: transactions.id,
    })
    .from(transactions)
    .innerJoin(bills, and(eq(bills.id, transactions.billId), eq(bills.householdId, transactions.householdId)))
    .where(
      and(
        eq(transactions.householdId, householdId),
        gte(transactions.date, from),
        lte(transactions.date, to),
        notIn(transactions.accountId, noTransactions),
      ),
    )
    .orderBy(asc(transactions.date), sql`lower(${bills.name})`, asc(transactions.id))
}
