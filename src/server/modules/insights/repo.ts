// The SQL of Smart Insights: the household's ledger as the insight job reads it, the
// stored series, insights and learned model, and what the forecast needs (cash balances, bills
// and the last days' spending). Every read is scoped to one household; the services narrow it
// to what the member sees.
import { and, desc, eq, gte, inArray, isNull, lte, notInArray, or, sql } from 'drizzle-orm'
import type { IsoDate } from '#src/domain/dates'
import { categoryTree, type CategoryTree } from '#src/domain/category-groups'
import type { DbOrTx } from '#src/server/db/connect'
import { accounts, bills, categories, categoryModels, insights, recurringSeries, transactions } from '#src/server/db/schema'
import { notIn } from '#src/server/core/scope'

export type SeriesRow = typeof recurringSeries.$inferSelect
export type InsightRow = typeof insights.$inferSelect
export type NewInsight = Omit<typeof insights.$inferInsert, 'id' | 'createdAt' | 'readAt' | 'dismissedAt'>

/** Types whose balance is money at hand: what the forecast covers. */
export const CASH_TYPES = ['checking', 'savings', 'cash', 'credit_card']

/** The household's everyday rows (no transfers, openings or pending ones), as the job reads them. */
/** The household's posted, ordinary rows from `from` on: what the job looks at. */
export async function ledgerRows(db: DbOrTx, householdId: string, from: IsoDate) {
  return db
    .select({
      id: transactions.id,
      accountId: transactions.accountId,
      merchant: transactions.merchant,
      description: transactions.description,
      date: transactions.date,
      amount: transactions.amount,
      categoryId: transactions.categoryId,
      isSplit: transactions.isSplit,
      billId: transactions.billId,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.householdId, householdId),
        eq(transactions.kind, 'standard'),
        eq(transactions.pending, false),
        gte(transactions.date, from),
      ),
    )
}

export async function categoryNames(db: DbOrTx, householdId: string): Promise<Map<string, string>> {
  return (await categoryInfo(db, householdId)).names
}

/** The household's category names, and each category's parent (for group roll-ups). */
export async function categoryInfo(db: DbOrTx, householdId: string): Promise<{ names: Map<string, string>; tree: CategoryTree }> {
  const rows = await db
    .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
    .from(categories)
    .where(eq(categories.householdId, householdId))
  return { names: new Map(rows.map((r) => [r.id, r.name])), tree: categoryTree(rows) }
}

export async function seriesOfHousehold(db: DbOrTx, householdId: string): Promise<SeriesRow[]> {
  return db.select().from(recurringSeries).where(eq(recurringSeries.householdId, householdId))
}

export async function visibleSeries(db: DbOrTx, householdId: string, hiddenAccounts: string[], includeDismissed: boolean): Promise<SeriesRow[]> {
  return db
    .select()
    .from(recurringSeries)
    .where(
      and(
        eq(recurringSeries.householdId, householdId),
        notIn(recurringSeries.accountId, hiddenAccounts),
        includeDismissed ? undefined : sql`${recurringSeries.status} <> 'dismissed'`,
      ),
    )
    .orderBy(recurringSeries.nextDate, recurringSeries.payee)
}

export async function findSeries(db: DbOrTx, householdId: string, id: string, lock = false): Promise<SeriesRow | undefined> {
  const query = db
    .select()
    .from(recurringSeries)
    .where(and(eq(recurringSeries.householdId, householdId), eq(recurringSeries.id, id)))
  const rows = lock ? await query.for('update') : await query
  return rows[0]
}

/** Adds a series; one written meanwhile (a Refresh racing the nightly job) takes the new figures. */
export async function insertSeries(db: DbOrTx, values: typeof recurringSeries.$inferInsert): Promise<SeriesRow> {
  const [row] = await db
    .insert(recurringSeries)
    .values(values)
    .onConflictDoUpdate({
      target: [recurringSeries.householdId, recurringSeries.accountId, recurringSeries.payeeKey],
      set: {
        payee: values.payee,
        categoryId: values.categoryId,
        cadence: values.cadence,
        amount: values.amount,
        lastDate: values.lastDate,
        nextDate: values.nextDate,
        data: values.data,
        updatedAt: values.updatedAt,
      },
    })
    .returning()
  if (!row) throw new Error('insert returned no row')
  return row
}

export async function updateSeries(
  db: DbOrTx,
  householdId: string,
  id: string,
  patch: Partial<typeof recurringSeries.$inferInsert>,
): Promise<SeriesRow | undefined> {
  const [row] = await db
    .update(recurringSeries)
    .set(patch)
    .where(and(eq(recurringSeries.householdId, householdId), eq(recurringSeries.id, id)))
    .returning()
  return row
}

export async function deleteSeries(db: DbOrTx, householdId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return
  await db.delete(recurringSeries).where(and(eq(recurringSeries.householdId, householdId), inArray(recurringSeries.id, ids)))
}

/**
 * Writes insights by key: `refresh` ones take the new figures (their read and dismissed marks
 * stay), `once` ones are written only the first time (an event is news once).
 */
export async function upsertInsights(db: DbOrTx, rows: readonly NewInsight[], mode: 'refresh' | 'once'): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500)
    const insert = db.insert(insights).values([...chunk])
    if (mode === 'once') await insert.onConflictDoNothing({ target: [insights.householdId, insights.key] })
    else
      await insert.onConflictDoUpdate({
        target: [insights.householdId, insights.key],
        set: {
          title: sql`excluded.title`,
          body: sql`excluded.body`,
          severity: sql`excluded.severity`,
          accountIds: sql`excluded.account_ids`,
          data: sql`excluded.data`,
          expiresAt: sql`excluded.expires_at`,
        },
      })
  }
}

/** Deletes the household's insights of these kinds whose keys are not in `keep` (dismissed ones stay). */
export async function dropStaleInsights(db: DbOrTx, householdId: string, kinds: string[], keep: string[]): Promise<void> {
  await db
    .delete(insights)
    .where(
      and(
        eq(insights.householdId, householdId),
        inArray(insights.kind, kinds),
        isNull(insights.dismissedAt),
        keep.length ? notInArray(insights.key, keep) : undefined,
      ),
    )
}

export async function deleteExpiredInsights(db: DbOrTx, householdId: string, now: Date): Promise<void> {
  await db.delete(insights).where(and(eq(insights.householdId, householdId), lte(insights.expiresAt, now)))
}

/** The member's insights (the household's and their own) not expired, newest first. */
export async function insightsFor(
  db: DbOrTx,
  householdId: string,
  userId: string,
  now: Date,
  options: { kinds?: string[]; includeDismissed: boolean },
): Promise<InsightRow[]> {
  return db
    .select()
    .from(insights)
    .where(
      and(
        eq(insights.householdId, householdId),
        or(isNull(insights.userId), eq(insights.userId, userId)),
        or(isNull(insights.expiresAt), sql`${insights.expiresAt} > ${now}`),
        options.includeDismissed ? undefined : isNull(insights.dismissedAt),
        options.kinds ? inArray(insights.kind, options.kinds) : undefined,
      ),
    )
    .orderBy(desc(insights.createdAt), desc(insights.id))
}

export async function findInsight(db: DbOrTx, householdId: string, id: string): Promise<InsightRow | undefined> {
  const [row] = await db.select().from(insights).where(and(eq(insights.householdId, householdId), eq(insights.id, id)))
  return row
}

export async function updateInsightRow(db: DbOrTx, householdId: string, id: string, patch: { readAt?: Date | null; dismissedAt?: Date | null }): Promise<InsightRow | undefined> {
  const [row] = await db
    .update(insights)
    .set(patch)
    .where(and(eq(insights.householdId, householdId), eq(insights.id, id)))
    .returning()
  return row
}

export async function dismissInsightByKey(db: DbOrTx, householdId: string, key: string, now: Date): Promise<void> {
  await db
    .update(insights)
    .set({ dismissedAt: now })
    .where(and(eq(insights.householdId, householdId), eq(insights.key, key), isNull(insights.dismissedAt)))
}

export async function loadModel(db: DbOrTx, householdId: string, lock = false) {
  const query = db.select().from(categoryModels).where(eq(categoryModels.householdId, householdId))
  const rows = lock ? await query.for('update') : await query
  return rows[0]
}

export async function saveModel(db: DbOrTx, householdId: string, model: Record<string, unknown>, trainedAt: Date): Promise<void> {
  await db
    .insert(categoryModels)
    .values({ householdId, model, trainedAt })
    .onConflictDoUpdate({ target: categoryModels.householdId, set: { model, trainedAt } })
}

/** Uncategorised everyday rows of the accounts the member sees, newest first (at most `cap`), and how many there are. */
export async function uncategorisedRows(db: DbOrTx, householdId: string, hiddenAccounts: string[], cap: number) {
  const where = and(
    eq(transactions.householdId, householdId),
    eq(transactions.kind, 'standard'),
    isNull(transactions.categoryId),
    eq(transactions.isSplit, false),
    notIn(transactions.accountId, hiddenAccounts),
  )
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: transactions.id,
        accountId: transactions.accountId,
        merchant: transactions.merchant,
        description: transactions.description,
        date: transactions.date,
        amount: transactions.amount,
      })
      .from(transactions)
      .where(where)
      .orderBy(desc(transactions.date), desc(transactions.id))
      .limit(cap),
    db.select({ n: sql<number>`count(*)::int` }).from(transactions).where(where),
  ])
  return { rows, count: count?.n ?? 0 }
}

/** Open cash accounts of the household in `currency`. */
export async function cashAccounts(db: DbOrTx, householdId: string, currency: string) {
  return db
    .select({ id: accounts.id, balance: accounts.balance })
    .from(accounts)
    .where(
      and(
        eq(accounts.householdId, householdId),
        inArray(accounts.type, CASH_TYPES),
        eq(accounts.isClosed, false),
        eq(accounts.currency, currency),
      ),
    )
}

export async function activeBills(db: DbOrTx, householdId: string) {
  return db
    .select()
    .from(bills)
    .where(and(eq(bills.householdId, householdId), eq(bills.isActive, true)))
}

/** Money-out everyday rows of these accounts between two dates that no bill payment made. */
export async function spendingRows(db: DbOrTx, householdId: string, accountIds: string[], from: IsoDate, to: IsoDate) {
  if (accountIds.length === 0) return []
  return db
    .select({ accountId: transactions.accountId, merchant: transactions.merchant, description: transactions.description, date: transactions.date, amount: transactions.amount })
    .from(transactions)
    .where(
      and(
        eq(transactions.householdId, householdId),
        inArray(transactions.accountId, accountIds),
        eq(transactions.kind, 'standard'),
        isNull(transactions.billId),
        sql`${transactions.amount} < 0`,
        gte(transactions.date, from),
        lte(transactions.date, to),
      ),
    )
}
