// Transaction queries: the filtered, keyset-paginated list (with each transfer's other account,
// splits and, for one account, the running balance), and ownership checks. Every read takes the
// accounts whose transactions the member may not see (MemberScope.noTransactions) and leaves
// their rows out, the other legs of transfers included.
import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import type { listTransactionsQuery } from '#src/contract/transactions'
import type { DbOrTx } from '#src/server/db/connect'
import { param, prepared } from '#src/server/db/prepared'
import { accounts, categories, searchText, transactions, transactionSplits } from '#src/server/db/schema'
import { badRequest } from '#src/server/http/errors'
import { notIn } from '#src/server/core/scope'
import { splitsOf } from './splits'
import { findBatch, inBatch, type BatchIdRange } from '../imports/batches'

export type ListQuery = z.output<typeof listTransactionsQuery>

const partner = alias(transactions, 'partner')

export type TransactionRow = typeof transactions.$inferSelect & {
  transferAccountId: string | null
  splits: { categoryId: string | null; amount: number; memo: string }[]
  runningBalance: number | null
}

type Cursor = { v: string | number; id: string }

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.v, cursor.id])).toString('base64url')
}

function decodeCursor(raw: string, sort: ListQuery['sort']): Cursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'))
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[1] === 'string') {
      const [v, id] = parsed as [unknown, string]
      const isDateSort = sort.startsWith('date')
      if (isDateSort && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && /^[0-9a-f-]{36}$/.test(id)) return { v, id }
      if (!isDateSort && typeof v === 'number' && Number.isSafeInteger(v) && /^[0-9a-f-]{36}$/.test(id)) return { v, id }
    }
  } catch {
    // fall through to the 400 below
  }
  throw badRequest('The cursor is not valid: start again from the first page', 'INVALID_CURSOR')
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** What the query's filters add to "this household's rows, transfers or not". */
function narrowing(householdId: string, q: TotalsQuery, batch: BatchIdRange | null): SQL[] {
  const t = transactions
  const where: SQL[] = []
  if (q.from) where.push(gte(t.date, q.from))
  if (q.to) where.push(lte(t.date, q.to))
  if (q.accountId) where.push(eq(t.accountId, q.accountId))
  if (q.categoryId === 'uncategorized') {
    where.push(isNull(t.categoryId), eq(t.isSplit, false), eq(t.kind, 'standard'))
  } else if (q.categoryId) {
    const categoryId = q.categoryId
    // a group's rows are its own and its children's (ADR 0036), as its totals everywhere are
    const family = sql`array(select c.id from ${categories} c where c.household_id = ${householdId} and (c.id = ${categoryId} or c.parent_id = ${categoryId}))`
    // the category's rows, or a split row with a part in it: both sides can be read from an
    // index (the category's, and the split parts' turned into ids), so a category with few rows
    // among a million is found without reading them all; for a common one the planner still
    // walks the date index and stops at the page
    const splitParents = sql`array(select s.transaction_id from ${transactionSplits} s where s.household_id = ${householdId} and s.category_id = any(${family}))`
    where.push(or(sql`${t.categoryId} = any(${family})`, sql`${t.id} = any(${splitParents})`) ?? sql`false`)
  }
  if (q.type === 'income') where.push(gte(t.amount, 0))
  if (q.type === 'expense') where.push(lt(t.amount, 0))
  if (q.minAmount !== undefined) where.push(gte(t.amount, q.minAmount))
  if (q.maxAmount !== undefined) where.push(lte(t.amount, q.maxAmount))
  if (q.source) where.push(eq(t.source, q.source))
  if (q.kind) where.push(eq(t.kind, q.kind))
  if (q.enteredBy) where.push(eq(t.userId, q.enteredBy))
  // an import's rows by its id range (ADR 0020); an unknown import (or another household's) has none
  if (q.importBatchId) where.push(batch ? inBatch(batch) : sql`false`)
  if (q.hasReceipt === true) where.push(sql`${t.attachmentCount} > 0`)
  if (q.hasReceipt === false) where.push(eq(t.attachmentCount, 0))
  if (q.search) {
    const pattern = `%${escapeLike(q.search)}%`
    // one expression with planner statistics of its own (ADR 0022): a common phrase walks the
    // newest rows and stops at the page, a rare one reads the table once
    where.push(ilike(searchText(t), pattern))
  }
  return where
}

/** The newest rows of the household, with or without transfers: the dashboard's and the
 *  transactions page's first call, so it is built and planned once (ADR 0018). The accounts the
 *  member may not see go as one array parameter, empty for most, so the statement keeps one
 *  shape and its plan (the household/date index read backward, stopping at the page). */
const newestRows = prepared('transactions_newest', (db) =>
  db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.householdId, param('householdId')),
        sql`(${param('includeTransfers')}::boolean or ${transactions.kind} <> 'transfer')`,
        sql`${transactions.accountId} <> all(${param('excluded')}::uuid[])`,
      ),
    )
    .orderBy(desc(transactions.date), desc(transactions.id))
    .limit(param('limit')),
)

/** The accounts whose rows a member may and may not see (MemberScope, split by view). */
export type RowAccess = { visible: string[]; excluded: string[] }

/**
 * "Only rows the member may see", or null when they see every account. By exclusion while that
 * list is the shorter one (so the prepared newest page serves them), by inclusion otherwise: a
 * member who sees a few small accounts of a large household (a teen) then reads them through
 * the account index, where the newest-first walk of the household index would read every row
 * of the household for a page it cannot fill (200k rows: 200 ms on PostgreSQL, 0.06 ms this way).
 */
function accessFilter(access: RowAccess): { where: SQL; byInclusion: boolean } | null {
  if (access.excluded.length === 0) return null
  if (access.visible.length < access.excluded.length) {
    return { where: sql`${transactions.accountId} = any(${sql.param(access.visible)}::uuid[])`, byInclusion: true }
  }
  return { where: notIn(transactions.accountId, access.excluded), byInclusion: false }
}

/** Only an account filter and a date range keep the rows contiguous for a running balance. */
function runningBalanceApplies(q: ListQuery): q is ListQuery & { accountId: string } {
  return (
    q.accountId !== undefined &&
    q.sort.startsWith('date') &&
    !q.categoryId &&
    !q.type &&
    q.minAmount === undefined &&
    q.maxAmount === undefined &&
    !q.source &&
    !q.kind &&
    q.includeTransfers &&
    !q.importBatchId &&
    !q.search &&
    q.hasReceipt === undefined
  )
}

/** The filters of a list query: the household, transfers or not, the narrowing and the member's
 *  access (an account filter is checked by the caller: that account's rows need no other test). */
async function filtered(
  db: DbOrTx,
  householdId: string,
  q: TotalsQuery,
  access: RowAccess,
): Promise<{ where: SQL[]; narrowed: SQL[]; allowed: ReturnType<typeof accessFilter> }> {
  const t = transactions
  const batch = q.importBatchId ? ((await findBatch(db, householdId, q.importBatchId)) ?? null) : null
  const narrowed = narrowing(householdId, q, batch)
  const allowed = q.accountId ? null : accessFilter(access)
  const where = [
    eq(t.householdId, householdId),
    ...(q.includeTransfers ? [] : [ne(t.kind, 'transfer')]),
    ...narrowed,
    ...(allowed ? [allowed.where] : []),
  ]
  return { where, narrowed, allowed }
}

export type TotalsQuery = Omit<ListQuery, 'sort' | 'cursor' | 'limit'>

/** How many rows the filters find among those the member may see, and what they add up to. */
export async function transactionTotals(
  db: DbOrTx,
  householdId: string,
  q: TotalsQuery,
  access: RowAccess,
): Promise<{ count: number; total: number; moneyIn: number; moneyOut: number }> {
  const t = transactions
  const { where } = await filtered(db, householdId, q, access)
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      total: sql<string>`coalesce(sum(${t.amount}), 0)`,
      moneyIn: sql<string>`coalesce(sum(${t.amount}) filter (where ${t.amount} > 0), 0)`,
      moneyOut: sql<string>`coalesce(sum(${t.amount}) filter (where ${t.amount} < 0), 0)`,
    })
    .from(t)
    .where(and(...where))
  return { count: row?.count ?? 0, total: Number(row?.total ?? 0), moneyIn: Number(row?.moneyIn ?? 0), moneyOut: Number(row?.moneyOut ?? 0) }
}

/**
 * A page of the household's rows the member may see (an account filter is checked by the
 * caller: that account's rows need no other test). The amount sorts go by size (the absolute
 * value): "largest first" puts a 900 refund and a −1,000 rent side by side at the top.
 */
export async function listTransactions(
  db: DbOrTx,
  householdId: string,
  q: ListQuery,
  access: RowAccess,
): Promise<{ rows: TransactionRow[]; nextCursor: string | null }> {
  const t = transactions
  const { excluded } = access
  const { where, narrowed, allowed } = await filtered(db, householdId, q, access)
  const byDate = q.sort.startsWith('date')
  const descending = q.sort.endsWith('desc')
  const key = byDate ? t.date : sql`abs(${t.amount})`
  if (q.cursor) {
    const c = decodeCursor(q.cursor, q.sort)
    const after = descending
      ? sql`(${key}, ${t.id}) < (${c.v}, ${c.id})`
      : sql`(${key}, ${t.id}) > (${c.v}, ${c.id})`
    where.push(after)
  }
  const order = descending ? [desc(key), desc(t.id)] : [asc(key), asc(t.id)]
  // the page first (an index range read newest first, stopping at the limit), then the other
  // leg of each transfer on it: joining the legs inside the paged query made the planner join
  // every row of the household before sorting
  const newestPage = narrowed.length === 0 && !q.cursor && q.sort === 'date_desc' && !allowed?.byInclusion
  const found = newestPage
    ? await newestRows(db).execute({ householdId, includeTransfers: q.includeTransfers, excluded, limit: q.limit + 1 })
    : await db
        .select()
        .from(t)
        .where(and(...where))
        .orderBy(...order)
        .limit(q.limit + 1)
  const pageRows = found.slice(0, q.limit)
  const lastRow = pageRows.at(-1)
  const nextCursor =
    found.length > q.limit && lastRow ? encodeCursor({ v: byDate ? lastRow.date : Math.abs(lastRow.amount), id: lastRow.id }) : null
  const partners = await transferPartners(db, householdId, pageRows, excluded)
  const page = pageRows.map((row) => ({ t: row, transferAccountId: partners.get(row.id) ?? null }))

  const splitIds = page.filter((r) => r.t.isSplit).map((r) => r.t.id)
  const splits = await splitsOf(db, splitIds)

  let running: number[] | null = null
  if (page.length && runningBalanceApplies(q)) {
    // the balance after the newest row on the page is the account balance minus every row
    // newer than it; each older row's is the one after it minus that row's amount
    const newestFirst = descending ? page : [...page].reverse()
    const newest = newestFirst[0]?.t
    const [acc] = await db.select({ balance: accounts.balance }).from(accounts).where(eq(accounts.id, q.accountId))
    const newer = newest
      ? await db
          .select({ sum: sql<string>`coalesce(sum(${t.amount}), 0)` })
          .from(t)
          .where(and(eq(t.accountId, q.accountId), sql`(${t.date}, ${t.id}) > (${newest.date}, ${newest.id})`))
      : []
    let balance = (acc?.balance ?? 0) - Number(newer[0]?.sum ?? 0)
    const byId = new Map<string, number>()
    for (const r of newestFirst) {
      byId.set(r.t.id, balance)
      balance -= r.t.amount
    }
    running = page.map((r) => byId.get(r.t.id) ?? 0)
  }

  return {
    rows: page.map((r, i) => ({
      ...r.t,
      transferAccountId: r.transferAccountId,
      splits: splits
        .filter((s) => s.transactionId === r.t.id)
        .map((s) => ({ categoryId: s.categoryId, amount: s.amount, memo: s.memo })),
      runningBalance: running ? (running[i] ?? null) : null,
    })),
    nextCursor,
  }
}

/** The account of the other leg of each transfer among `rows`, by row id: only a leg the member
 *  may see (one in an `excluded` account is left out, so its account is not named). */
async function transferPartners(
  db: DbOrTx,
  householdId: string,
  rows: readonly { id: string; transferGroupId: string | null }[],
  excluded: string[],
): Promise<Map<string, string>> {
  const groups = [...new Set(rows.map((r) => r.transferGroupId).filter((g): g is string => g !== null))]
  if (groups.length === 0) return new Map()
  const legs = await db
    .select({ id: transactions.id, groupId: transactions.transferGroupId, accountId: transactions.accountId })
    .from(transactions)
    .where(
      and(
        eq(transactions.householdId, householdId),
        inArray(transactions.transferGroupId, groups),
        excluded.length ? notIn(transactions.accountId, excluded) : undefined,
      ),
    )
  const byRow = new Map<string, string>()
  for (const row of rows) {
    const other = legs.find((l) => l.groupId === row.transferGroupId && l.id !== row.id)
    if (other) byRow.set(row.id, other.accountId)
  }
  return byRow
}

/** One row of the household, unless it is in an `excluded` account (nor is a transfer's other
 *  leg named when that leg is in one). */
export async function findTransaction(db: DbOrTx, householdId: string, id: string, excluded: string[]): Promise<TransactionRow | null> {
  const rows = await db
    .select({ t: transactions, transferAccountId: partner.accountId })
    .from(transactions)
    .leftJoin(
      partner,
      and(
        eq(partner.householdId, transactions.householdId),
        eq(partner.transferGroupId, transactions.transferGroupId),
        ne(partner.id, transactions.id),
        excluded.length ? notIn(partner.accountId, excluded) : undefined,
      ),
    )
    .where(
      and(
        eq(transactions.householdId, householdId),
        eq(transactions.id, id),
        excluded.length ? notIn(transactions.accountId, excluded) : undefined,
      ),
    )
    .limit(1)
  const row = rows[0]
  if (!row) return null
  const splits = row.t.isSplit
    ? await db
        .select({ categoryId: transactionSplits.categoryId, amount: transactionSplits.amount, memo: transactionSplits.memo })
        .from(transactionSplits)
        .where(eq(transactionSplits.transactionId, id))
        .orderBy(asc(transactionSplits.id))
    : []
  return { ...row.t, transferAccountId: row.transferAccountId, splits, runningBalance: null }
}

export async function accountsOfHousehold(
  db: DbOrTx,
  householdId: string,
  ids: string[],
): Promise<Map<string, { id: string; isClosed: boolean; type: string }>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({ id: accounts.id, isClosed: accounts.isClosed, type: accounts.type })
    .from(accounts)
    .where(and(eq(accounts.householdId, householdId), inArray(accounts.id, ids)))
  return new Map(rows.map((r) => [r.id, r]))
}

export async function categoriesOfHousehold(db: DbOrTx, householdId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.householdId, householdId), inArray(categories.id, ids)))
  return new Set(rows.map((r) => r.id))
}

