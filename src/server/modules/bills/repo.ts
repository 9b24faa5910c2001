// Bill queries, each scoped by household, and the account and category checks bills need.
import { and, asc, desc, eq, gte, inArray, lt, lte, ne, or, sql, type SQLWrapper } from 'drizzle-orm'
import { notIn, transactionsBetween } from '#src/server/core/scope'
import type { DbOrTx } from '#src/server/db/connect'
import { param, prepared } from '#src/server/db/prepared'
import { accounts, billPayments, bills, categories, transactions, transactionSplits } from '#src/server/db/schema'

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
    .where(transactionsBetween(householdId, from, to, noTransactions))
    .orderBy(asc(transactions.date), sql`lower(${bills.name})`, asc(transactions.id))
}

// ——— settlement (ADR 0045): which payments settle which due dates ———

export type LinkRow = typeof billPayments.$inferSelect

/** Bills the settlement pass looks at: the active ones (and `reopened` ones, active or not), or only `ids`. */
export function billsToSettle(
  db: DbOrTx,
  householdId: string,
  ids: readonly string[] | null,
  reopened: readonly string[],
): Promise<BillRow[]> {
  return db
    .select()
    .from(bills)
    .where(
      and(
        eq(bills.householdId, householdId),
        reopened.length ? or(eq(bills.isActive, true), inArray(bills.id, [...reopened])) : eq(bills.isActive, true),
        ids === null ? undefined : inArray(bills.id, [...ids]),
      ),
    )
    .orderBy(asc(bills.id))
}

/** What the payments (not declined) of these bills settle per due date, from `since` on. */
export async function paidByDueDate(
  db: DbOrTx,
  householdId: string,
  billIds: readonly string[],
  since: string,
): Promise<{ billId: string; dueDate: string; paid: number }[]> {
  if (billIds.length === 0) return []
  const rows = await db
    .select({ billId: billPayments.billId, dueDate: billPayments.dueDate, paid: sql<string>`sum(${billPayments.amount})` })
    .from(billPayments)
    .where(
      and(
        eq(billPayments.householdId, householdId),
        inArray(billPayments.billId, [...billIds]),
        ne(billPayments.kind, 'declined'),
        gte(billPayments.dueDate, since),
      ),
    )
    .groupBy(billPayments.billId, billPayments.dueDate)
  return rows.map((r) => ({ billId: r.billId, dueDate: r.dueDate, paid: Number(r.paid) }))
}

/** The (bill, payment) pairs members untied: the matcher leaves them apart. */
export function declinedPairs(
  db: DbOrTx,
  householdId: string,
  billIds: readonly string[],
): Promise<{ billId: string; transactionId: string; splitId: string | null }[]> {
  if (billIds.length === 0) return Promise.resolve([])
  return db
    .select({ billId: billPayments.billId, transactionId: billPayments.transactionId, splitId: billPayments.splitId })
    .from(billPayments)
    .where(and(eq(billPayments.householdId, householdId), inArray(billPayments.billId, [...billIds]), eq(billPayments.kind, 'declined')))
}

export type CandidateRow = {
  id: string
  splitId: string | null
  accountId: string
  merchant: string
  importedPayee: string | null
  memo: string | null
  date: string
  amount: number
}

/** A payment (a whole transaction, or one part of a split) that already settles some due date. */
const linked = (transactionId: SQLWrapper, splitId: SQLWrapper | null) =>
  sql`exists (select 1 from ${billPayments} bp where bp.transaction_id = ${transactionId}
    and ${splitId === null ? sql`bp.split_id is null` : sql`bp.split_id = ${splitId}`} and bp.kind <> 'declined')`

/**
 * Money out dated from..to that settles no due date yet: whole standard transactions (not split)
 * and the parts of split ones, each on an account not in `excluded`. One range of the
 * (household, date) index; `words` (the bills' payee words, letters only) keep the rows whose
 * texts name no bill in the database, so a busy household's month costs a few rows, not thousands.
 */
export async function candidatePayments(
  db: DbOrTx,
  householdId: string,
  from: string,
  to: string,
  words: readonly string[],
  options: { excluded?: string[]; transactionIds?: readonly string[]; amountOut?: { min: number; max: number } } = {},
): Promise<CandidateRow[]> {
  if (words.length === 0 && !options.amountOut) return []
  const pattern = words.join('|')
  const { amountOut } = options
  // the payee words, or (Mark paid's offer) an amount out in the given range
  const text = (memo: SQLWrapper | null, amount: SQLWrapper) => {
    const named = words.length
      ? sql`lower(${transactions.merchant} || ' ' || coalesce(${transactions.importedPayee}, '')${memo ? sql` || ' ' || ${memo}` : sql``}) ~ ${pattern}`
      : sql`false`
    return amountOut ? sql`(${named} or -${amount} between ${amountOut.min} and ${amountOut.max})` : named
  }
  const common = and(
    transactionsBetween(householdId, from, to, options.excluded ?? []),
    eq(transactions.kind, 'standard'),
    options.transactionIds ? inArray(transactions.id, [...options.transactionIds]) : undefined,
  )
  const wholes = await db
    .select({
      id: transactions.id,
      accountId: transactions.accountId,
      merchant: transactions.merchant,
      importedPayee: transactions.importedPayee,
      date: transactions.date,
      amount: transactions.amount,
    })
    .from(transactions)
    .where(and(common, eq(transactions.isSplit, false), lt(transactions.amount, 0), text(null, transactions.amount), sql`not ${linked(transactions.id, null)}`))
  const parts = await db
    .select({
      id: transactions.id,
      splitId: transactionSplits.id,
      accountId: transactions.accountId,
      merchant: transactions.merchant,
      importedPayee: transactions.importedPayee,
      memo: transactionSplits.memo,
      date: transactions.date,
      amount: transactionSplits.amount,
    })
    .from(transactions)
    .innerJoin(transactionSplits, eq(transactionSplits.transactionId, transactions.id))
    .where(
      and(
        common,
        eq(transactions.isSplit, true),
        lt(transactionSplits.amount, 0),
        text(transactionSplits.memo, transactionSplits.amount),
        sql`not ${linked(transactions.id, transactionSplits.id)}`,
      ),
    )
  return [
    ...wholes.map((w) => ({ ...w, splitId: null, memo: null })),
    ...parts,
  ]
}

export async function insertLinks(db: DbOrTx, rows: (typeof billPayments.$inferInsert)[]): Promise<LinkRow[]> {
  if (rows.length === 0) return []
  return db.insert(billPayments).values(rows).returning()
}

/** Links (declined ones too) of these transactions. */
export function linksOfTransactions(db: DbOrTx, householdId: string, transactionIds: readonly string[]): Promise<LinkRow[]> {
  if (transactionIds.length === 0) return Promise.resolve([])
  return db
    .select()
    .from(billPayments)
    .where(and(eq(billPayments.householdId, householdId), inArray(billPayments.transactionId, [...transactionIds])))
}

export async function deleteLinks(db: DbOrTx, householdId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return
  await db.delete(billPayments).where(and(eq(billPayments.householdId, householdId), inArray(billPayments.id, [...ids])))
}

export async function findLink(db: DbOrTx, householdId: string, billId: string, id: string): Promise<LinkRow | undefined> {
  const rows = await db
    .select()
    .from(billPayments)
    .where(and(eq(billPayments.householdId, householdId), eq(billPayments.billId, billId), eq(billPayments.id, id)))
    .limit(1)
  return rows[0]
}

/**
 * Keeps transactions.bill_id (the marker older readers use: insights, coaching, export) in step
 * with the links: a bill that one of the row's links (or its parts') pays, or null when none is left.
 */
export async function syncBillMarkers(db: DbOrTx, householdId: string, transactionIds: readonly string[]): Promise<void> {
  if (transactionIds.length === 0) return
  await db
    .update(transactions)
    .set({
      billId: sql`(select bp.bill_id from ${billPayments} bp where bp.transaction_id = ${transactions.id}
        and bp.kind <> 'declined' order by bp.created_at, bp.id limit 1)`,
    })
    .where(and(eq(transactions.householdId, householdId), inArray(transactions.id, [...new Set(transactionIds)])))
}

/** The latest links of a bill (declined ones left out) with their transactions, on accounts not in `excluded`. */
export function linksOfBill(
  db: DbOrTx,
  householdId: string,
  billId: string,
  excluded: string[],
  limit: number,
) {
  return db
    .select({
      id: billPayments.id,
      dueDate: billPayments.dueDate,
      transactionId: billPayments.transactionId,
      splitId: billPayments.splitId,
      amount: billPayments.amount,
      kind: billPayments.kind,
      date: transactions.date,
      merchant: transactions.merchant,
      accountId: transactions.accountId,
    })
    .from(billPayments)
    .innerJoin(transactions, eq(transactions.id, billPayments.transactionId))
    .where(
      and(
        eq(billPayments.householdId, householdId),
        eq(billPayments.billId, billId),
        ne(billPayments.kind, 'declined'),
        notIn(transactions.accountId, excluded),
      ),
    )
    .orderBy(desc(billPayments.dueDate), desc(transactions.date), asc(billPayments.id))
    .limit(limit)
}

/** One transaction (or one part of a split) of the household, for a link made by hand. */
export async function paymentOf(
  db: DbOrTx,
  householdId: string,
  transactionId: string,
  splitId: string | null,
): Promise<{ id: string; accountId: string; kind: string; isSplit: boolean; date: string; amount: number; splitAmount: number | null } | undefined> {
  const rows = await db
    .select({
      id: transactions.id,
      accountId: transactions.accountId,
      kind: transactions.kind,
      isSplit: transactions.isSplit,
      date: transactions.date,
      amount: transactions.amount,
      splitAmount: splitId === null ? sql<number | null>`null` : transactionSplits.amount,
    })
    .from(transactions)
    .leftJoin(
      transactionSplits,
      and(eq(transactionSplits.transactionId, transactions.id), splitId === null ? sql`false` : eq(transactionSplits.id, splitId)),
    )
    .where(and(eq(transactions.householdId, householdId), eq(transactions.id, transactionId)))
    .limit(1)
  const row = rows[0]
  if (!row) return undefined
  return { ...row, splitAmount: row.splitAmount === null ? null : Number(row.splitAmount) }
}

export async function updateLinkAmount(db: DbOrTx, householdId: string, id: string, amount: number): Promise<void> {
  await db.update(billPayments).set({ amount }).where(and(eq(billPayments.householdId, householdId), eq(billPayments.id, id)))
}

/** Links (not declined) of the transactions whose ids lie from `first` to `last` (an import's id range): a household's links are few. */
export function linksInIdRange(db: DbOrTx, householdId: string, first: string, last: string): Promise<LinkRow[]> {
  return db
    .select()
    .from(billPayments)
    .where(
      and(
        eq(billPayments.householdId, householdId),
        gte(billPayments.transactionId, first),
        lte(billPayments.transactionId, last),
        ne(billPayments.kind, 'declined'),
      ),
    )
}
