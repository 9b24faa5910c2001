// QuickBooks queries, each scoped by household: the settings (chart of accounts, Intuit bank
// id), the mappings, what an export reads, and the export log with the rows it marked exported.
import { and, asc, desc, eq, inArray, notExists, sql } from 'drizzle-orm'
import type { DbOrTx } from '#src/server/db/connect'
import {
  accounts,
  categories,
  quickbooksExported,
  quickbooksExports,
  quickbooksMappings,
  quickbooksSettings,
  transactionSplits,
  transactions,
  users,
} from '#src/server/db/schema'
import { transactionsBetween } from '#src/server/core/scope'

export type SettingsRow = typeof quickbooksSettings.$inferSelect
export type MappingRow = { kind: string; sourceId: string; qbAccount: string }

export async function findSettings(db: DbOrTx, householdId: string): Promise<SettingsRow | null> {
  const [row] = await db.select().from(quickbooksSettings).where(eq(quickbooksSettings.householdId, householdId))
  return row ?? null
}

export async function upsertIntuBid(db: DbOrTx, householdId: string, intuBid: string, now: Date): Promise<SettingsRow | undefined> {
  const [row] = await db
    .insert(quickbooksSettings)
    .values({ householdId, intuBid, updatedAt: now })
    .onConflictDoUpdate({ target: quickbooksSettings.householdId, set: { intuBid, updatedAt: now } })
    .returning()
  return row
}

export async function upsertChart(db: DbOrTx, householdId: string, chart: SettingsRow['chart'], now: Date): Promise<SettingsRow | undefined> {
  const [saved] = await db
    .insert(quickbooksSettings)
    .values({ householdId, chart, updatedAt: now })
    .onConflictDoUpdate({ target: quickbooksSettings.householdId, set: { chart, updatedAt: now } })
    .returning()
  return saved
}

export async function listMappings(db: DbOrTx, householdId: string): Promise<MappingRow[]> {
  return db
    .select({ kind: quickbooksMappings.kind, sourceId: quickbooksMappings.sourceId, qbAccount: quickbooksMappings.qbAccount })
    .from(quickbooksMappings)
    .where(eq(quickbooksMappings.householdId, householdId))
}

const mappingKey = (householdId: string, kind: string, sourceId: string) =>
  and(eq(quickbooksMappings.householdId, householdId), eq(quickbooksMappings.kind, kind), eq(quickbooksMappings.sourceId, sourceId))

export async function deleteMapping(db: DbOrTx, householdId: string, kind: string, sourceId: string): Promise<void> {
  await db.delete(quickbooksMappings).where(mappingKey(householdId, kind, sourceId))
}

/** The same QuickBooks account, spelled as the chart spells it. */
export async function renameMapping(db: DbOrTx, householdId: string, kind: string, sourceId: string, qbAccount: string): Promise<void> {
  await db.update(quickbooksMappings).set({ qbAccount }).where(mappingKey(householdId, kind, sourceId))
}

export async function upsertMapping(db: DbOrTx, householdId: string, kind: string, sourceId: string, qbAccount: string): Promise<void> {
  await db
    .insert(quickbooksMappings)
    .values({ householdId, kind, sourceId, qbAccount })
    .onConflictDoUpdate({
      target: [quickbooksMappings.householdId, quickbooksMappings.kind, quickbooksMappings.sourceId],
      set: { qbAccount },
    })
}

export function listMappableCategories(db: DbOrTx, householdId: string) {
  return db
    .select({ id: categories.id, name: categories.name, parentId: categories.parentId, kind: categories.kind, isHidden: categories.isHidden })
    .from(categories)
    .where(eq(categories.householdId, householdId))
}

export function listMappableAccounts(db: DbOrTx, householdId: string) {
  return db
    .select({ id: accounts.id, name: accounts.name, type: accounts.type })
    .from(accounts)
    .where(eq(accounts.householdId, householdId))
    .orderBy(asc(accounts.name), asc(accounts.id))
}

/** Which of these ids are the household's categories. */
export async function findCategoryIds(db: DbOrTx, householdId: string, ids: string[]): Promise<string[]> {
  const found = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.householdId, householdId), inArray(categories.id, ids)))
  return found.map((f) => f.id)
}

export type ExportFilter = { from: string; to: string; hiddenAccounts: string[]; accountId?: string | undefined; onlyNew: boolean }

/** Posted standard and transfer rows of the range, oldest first, at most `limit`. */
export function listExportRows(db: DbOrTx, householdId: string, filter: ExportFilter, limit: number) {
  const conditions = [
    transactionsBetween(householdId, filter.from, filter.to, filter.hiddenAccounts),
    inArray(transactions.kind, ['standard', 'transfer']),
    eq(transactions.pending, false),
    ...(filter.accountId !== undefined ? [eq(transactions.accountId, filter.accountId)] : []),
    ...(filter.onlyNew
      ? [notExists(db.select({ one: sql`1` }).from(quickbooksExported).where(eq(quickbooksExported.transactionId, transactions.id)))]
      : []),
  ]
  return db
    .select({
      id: transactions.id,
      accountId: transactions.accountId,
      categoryId: transactions.categoryId,
      date: transactions.date,
      amount: transactions.amount,
      merchant: transactions.merchant,
      description: transactions.description,
      notes: transactions.notes,
      kind: transactions.kind,
      transferGroupId: transactions.transferGroupId,
      isSplit: transactions.isSplit,
    })
    .from(transactions)
    .where(and(...conditions))
    .orderBy(asc(transactions.date), asc(transactions.createdAt), asc(transactions.id))
    .limit(limit)
}

export function listExportAccounts(db: DbOrTx, householdId: string) {
  return db
    .select({ id: accounts.id, name: accounts.name, type: accounts.type, currency: accounts.currency, balance: accounts.balance })
    .from(accounts)
    .where(eq(accounts.householdId, householdId))
}

export function listCategoryKinds(db: DbOrTx, householdId: string) {
  return db.select({ id: categories.id, kind: categories.kind }).from(categories).where(eq(categories.householdId, householdId))
}

/** The splits of these transactions (callers keep the list short). */
export function listSplits(db: DbOrTx, transactionIds: string[]) {
  return db
    .select({ transactionId: transactionSplits.transactionId, categoryId: transactionSplits.categoryId, amount: transactionSplits.amount, memo: transactionSplits.memo })
    .from(transactionSplits)
    .where(inArray(transactionSplits.transactionId, transactionIds))
    .orderBy(asc(transactionSplits.id))
}

/** Both sides of these transfers (callers keep the list short). */
export function listTransferSides(db: DbOrTx, householdId: string, groupIds: string[]) {
  return db
    .select({ id: transactions.id, accountId: transactions.accountId, groupId: transactions.transferGroupId })
    .from(transactions)
    .where(and(eq(transactions.householdId, householdId), inArray(transactions.transferGroupId, groupIds)))
}

/** The export's entry in the log; its id. */
export async function insertExport(db: DbOrTx, values: typeof quickbooksExports.$inferInsert): Promise<string | undefined> {
  const [log] = await db.insert(quickbooksExports).values(values).returning({ id: quickbooksExports.id })
  return log?.id
}

/** Marks these transactions exported by the export (those marked already stay as they were). */
export async function markExported(db: DbOrTx, householdId: string, exportId: string, transactionIds: string[]): Promise<void> {
  await db
    .insert(quickbooksExported)
    .values(transactionIds.map((transactionId) => ({ transactionId, householdId, exportId })))
    .onConflictDoNothing()
}

/** The household's latest exports with who made them, newest first. */
export function listExportLog(db: DbOrTx, householdId: string, limit: number) {
  return db
    .select({
      id: quickbooksExports.id,
      format: quickbooksExports.format,
      from: quickbooksExports.fromDate,
      to: quickbooksExports.toDate,
      onlyNew: quickbooksExports.onlyNew,
      count: quickbooksExports.count,
      createdAt: quickbooksExports.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(quickbooksExports)
    .innerJoin(users, eq(users.id, quickbooksExports.userId))
    .where(eq(quickbooksExports.householdId, householdId))
    .orderBy(desc(quickbooksExports.createdAt), desc(quickbooksExports.id))
    .limit(limit)
}
