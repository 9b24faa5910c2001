// Import queries, each scoped by household: the stored rows a statement is checked against (one
// query per purpose, never one per row), accounts by their identity in bank files, import
// batches and the saved CSV mappings.
import { and, asc, between, desc, eq, sql, type SQL } from 'drizzle-orm'
import { daysOutside, type DateRange } from '#src/domain/dates'
import { AccountBankIds, type DedupeExisting } from '#src/domain/import/dedupe'
import { asCents } from '#src/domain/money'
import type { DbOrTx } from '#src/server/db/connect'
import { accounts, categories, importBatches, importPresets, transactions, type ConvertedRow } from '#src/server/db/schema'
import { notIn } from '#src/server/core/scope'

export type AccountRow = typeof accounts.$inferSelect
export type BatchRow = typeof importBatches.$inferSelect
export type PresetRow = typeof importPresets.$inferSelect

/** Serialises imports of one household, so two at once cannot both add the same rows. */
export async function lockHouseholdImports(db: DbOrTx, householdId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`kinwise-import:${householdId}`}, 0))`)
}

export function householdAccounts(db: DbOrTx, householdId: string): Promise<AccountRow[]> {
  return db.select().from(accounts).where(eq(accounts.householdId, householdId)).orderBy(asc(accounts.createdAt), asc(accounts.id))
}

export function householdCategories(db: DbOrTx, householdId: string): Promise<{ id: string; name: string; parentId: string | null }[]> {
  return db
    .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
    .from(categories)
    .where(eq(categories.householdId, householdId))
}

/** A stored row as duplicate detection takes it (made once when read, and kept for the next chunk as it is). */
export type StoredForDedupe = DedupeExisting

const forDedupe = (r: { id: string; accountId: string; date: string; amount: number; merchant: string; importedPayee: string | null; externalId: string | null }): StoredForDedupe => ({
  id: r.id,
  accountId: r.accountId,
  date: r.date,
  amount: asCents(r.amount),
  payees: r.importedPayee !== null && r.importedPayee !== r.merchant ? [r.merchant, r.importedPayee] : [r.merchant],
  externalId: r.externalId,
})

/** Stored rows an import read for a range of days (its previous chunk's): the next chunk reads only the days they miss. */
export type DayRows = { range: DateRange; rows: StoredForDedupe[] }

/**
 * Stored rows of these accounts that an import may duplicate: every ordinary row or transfer leg
 * dated in [from, to], plus rows outside it that carry one of the file's bank ids. The rows
 * `earlier` holds (read for the same accounts, in days that overlap) are taken from it, not read
 * again. The rows in [from, to] in (date, id) order, then those outside.
 */
export async function rowsForDedupe(
  db: DbOrTx,
  householdId: string,
  accountIds: readonly string[],
  from: string,
  to: string,
  externalIds: readonly { accountId: string; externalId: string }[],
  /** this import's batch: its rows (written by earlier chunks) are not duplicates of the file */
  ownBatchId: string | null = null,
  /** the accounts whose rows stored before the import hold bank ids (null: look) */
  withIds: ReadonlySet<string> | null = null,
  earlier: DayRows | null = null,
): Promise<StoredForDedupe[]> {
  if (accountIds.length === 0) return []
  const t = transactions
  const columns = {
    id: t.id,
    accountId: t.accountId,
    date: t.date,
    amount: t.amount,
    merchant: t.merchant,
    importedPayee: t.importedPayee,
    externalId: t.externalId,
  }
  // the days the earlier rows miss: none, or those before or after them (a range that goes past
  // them on both sides is read whole)
  const gaps = daysOutside({ from, to }, earlier?.range ?? null)
  const reused = gaps.length < 2 ? earlier : null
  const days = reused ? gaps[0] : { from, to }
  const read = !days
    ? []
    : await db
        .select(columns)
        .from(t)
        .where(
          and(
            eq(t.householdId, householdId),
            sql`${t.accountId} = any(${sql.param([...accountIds])}::uuid[])`,
            sql`${t.date} between ${days.from} and ${days.to}`,
            sql`${t.kind} in ('standard', 'transfer')`,
            ownBatchId ? sql`${t.importBatchId} is distinct from ${ownBatchId}` : undefined,
          ),
        )
        .orderBy(asc(t.date), asc(t.id))
        .then((rows) => rows.map(forDedupe))
  const inRange = reused ? withEarlier(read, reused.rows, from, to) : read
  // a stored row whose date was moved far away still owns its bank id: look for the file's ids
  // that are not in the range, and only when the account has such rows at all
  if (externalIds.length === 0) return inRange
  const found = AccountBankIds.of(inRange)
  const missing = externalIds.filter((e) => !found.has(e.accountId, e.externalId) && (withIds === null || withIds.has(e.accountId)))
  if (missing.length === 0) return inRange
  const missingAccounts = [...new Set(missing.map((e) => e.accountId))]
  // (an import's later chunks skip the probe: its own earlier rows would always answer it)
  const older = ownBatchId ? [{ id: '' }] : await db
    .select({ id: t.id })
    .from(t)
    .where(
      and(
        eq(t.householdId, householdId),
        sql`${t.accountId} = any(${sql.param(missingAccounts)}::uuid[])`,
        sql`${t.date} not between ${from} and ${to}`,
        sql`${t.externalId} is not null`,
      ),
    )
    .limit(1)
  if (older.length === 0) return inRange
  const wanted = AccountBankIds.of(missing)
  const outside = (
    await db
      .select(columns)
      .from(t)
      .where(
        and(
          eq(t.householdId, householdId),
          sql`${t.accountId} = any(${sql.param(missingAccounts)}::uuid[])`,
          sql`${t.externalId} = any(${sql.param([...new Set(missing.map((e) => e.externalId))])}::text[])`,
          sql`${t.date} not between ${from} and ${to}`,
          ownBatchId ? sql`${t.importBatchId} is distinct from ${ownBatchId}` : undefined,
        ),
      )
  )
    .filter((r) => r.externalId !== null && wanted.has(r.accountId, r.externalId))
    .map(forDedupe)
  return [...inRange, ...outside]
}

/** The rows read for the days the earlier rows missed, with those of them in [from, to], in (date, id) order. */
function withEarlier(read: StoredForDedupe[], earlier: readonly StoredForDedupe[], from: string, to: string): StoredForDedupe[] {
  const kept = earlier.filter((r) => r.date >= from && r.date <= to)
  // the days read lie wholly before or wholly after the days kept
  const first = read[0]
  return first && kept[0] && first.date < kept[0].date ? [...read, ...kept] : [...kept, ...read]
}

/** Which of these accounts hold any row with a bank id (an import asks once, before it writes). */
export async function accountsWithBankIds(db: DbOrTx, householdId: string, accountIds: readonly string[]): Promise<string[]> {
  if (accountIds.length === 0) return []
  const result = await db.execute<{ id: string }>(sql`
    select a.id from unnest(${sql.param([...accountIds])}::uuid[]) as a(id)
    where exists (select 1 from transactions t where t.household_id = ${householdId} and t.account_id = a.id and t.external_id is not null)`)
  return result.rows.map((r) => r.id)
}

export type StoredTransferRow = { id: string; accountId: string; date: string; amount: number }

/**
 * Ordinary, unsplit, unlinked rows of the household dated in [from, to] whose amount is one of
 * `amounts`: the stored rows an imported row can pair with as a transfer.
 */
export async function rowsForTransfers(
  db: DbOrTx,
  householdId: string,
  from: string,
  to: string,
  amounts: readonly number[],
  exceptAccountId: string | null,
  /** accounts whose rows the member may not see (nor turn into transfer legs) */
  excluded: readonly string[],
): Promise<StoredTransferRow[]> {
  if (amounts.length === 0) return []
  const t = transactions
  return db
    .select({ id: t.id, accountId: t.accountId, date: t.date, amount: t.amount })
    .from(t)
    .where(
      and(
        eq(t.householdId, householdId),
        sql`${t.date} between ${from} and ${to}`,
        eq(t.kind, 'standard'),
        eq(t.isSplit, false),
        sql`${t.transferGroupId} is null`,
        sql`${t.amount} = any(${sql.param([...amounts])}::bigint[])`,
        exceptAccountId ? sql`${t.accountId} <> ${exceptAccountId}` : undefined,
        excluded.length ? notIn(t.accountId, [...excluded]) : undefined,
      ),
    )
    .orderBy(asc(t.date), asc(t.id))
}

export async function insertAccount(db: DbOrTx, values: typeof accounts.$inferInsert): Promise<AccountRow> {
  const [row] = await db.insert(accounts).values(values).returning()
  if (!row) throw new Error('insert returned no row')
  return row
}

export async function setExternalKey(db: DbOrTx, householdId: string, accountId: string, key: string, now: Date): Promise<void> {
  await db
    .update(accounts)
    .set({ externalKey: key, updatedAt: now })
    .where(and(eq(accounts.householdId, householdId), eq(accounts.id, accountId), sql`${accounts.externalKey} is null`))
}

export async function insertBatch(db: DbOrTx, values: typeof importBatches.$inferInsert): Promise<void> {
  await db.insert(importBatches).values(values)
}

export async function findBatch(db: DbOrTx, householdId: string, id: string): Promise<BatchRow | undefined> {
  const rows = await db
    .select()
    .from(importBatches)
    .where(and(eq(importBatches.householdId, householdId), eq(importBatches.id, id)))
    .limit(1)
  return rows[0]
}

/** A batch that imported into none of these accounts (jsonb `?|`: any of the ids in the array). */
function touchesNone(excluded: readonly string[]): SQL | undefined {
  return excluded.length ? sql`not (${importBatches.accountIds} ?| ${sql.param([...excluded])}::text[])` : undefined
}

/** The newest import of the same file (by its sha-256) into accounts the member sees, to say so in the preview. */
export async function findBatchByHash(db: DbOrTx, householdId: string, fileHash: string, excluded: readonly string[]): Promise<BatchRow | undefined> {
  const rows = await db
    .select()
    .from(importBatches)
    .where(and(eq(importBatches.householdId, householdId), eq(importBatches.fileHash, fileHash), touchesNone(excluded)))
    .orderBy(desc(importBatches.createdAt))
    .limit(1)
  return rows[0]
}

export async function listBatches(
  db: DbOrTx,
  householdId: string,
  limit: number,
  after: { createdAt: Date; id: string } | null,
  /** leave out batches that imported into any of these accounts */
  excluded: readonly string[],
): Promise<BatchRow[]> {
  const b = importBatches
  return db
    .select()
    .from(b)
    .where(
      and(
        eq(b.householdId, householdId),
        after ? sql`(${b.createdAt}, ${b.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined,
        touchesNone(excluded),
      ),
    )
    .orderBy(desc(b.createdAt), desc(b.id))
    .limit(limit)
}

export async function deleteBatch(db: DbOrTx, householdId: string, id: string): Promise<void> {
  await db.delete(importBatches).where(and(eq(importBatches.householdId, householdId), eq(importBatches.id, id)))
}

/** The rows an import added, read by the batch's id range (ADR 0020). */
export function inBatch(batch: BatchIdRange): SQL {
  if (!batch.firstTransactionId || !batch.lastTransactionId) return sql`false`
  return (
    and(between(transactions.id, batch.firstTransactionId, batch.lastTransactionId), eq(transactions.importBatchId, batch.id)) ??
    sql`false`
  )
}

export type BatchIdRange = Pick<BatchRow, 'id' | 'firstTransactionId' | 'lastTransactionId'>

/** Ids and transfer groups of the rows an import added. */
export function batchRows(db: DbOrTx, householdId: string, batch: BatchIdRange): Promise<{ id: string; transferGroupId: string | null }[]> {
  return db
    .select({ id: transactions.id, transferGroupId: transactions.transferGroupId })
    .from(transactions)
    .where(and(eq(transactions.householdId, householdId), inBatch(batch)))
}

/** Rows of these transfer groups that are not the import's own. */
export async function otherLegs(db: DbOrTx, householdId: string, groups: readonly string[], batchId: string): Promise<string[]> {
  if (groups.length === 0) return []
  const rows = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.householdId, householdId),
        sql`${transactions.transferGroupId} = any(${sql.param([...groups])}::uuid[])`,
        sql`${transactions.importBatchId} is distinct from ${batchId}`,
      ),
    )
  return rows.map((r) => r.id)
}

/** Name, balance and row count of accounts (the household's only). */
export async function accountStates(
  db: DbOrTx,
  householdId: string,
  ids: readonly string[],
): Promise<{ id: string; name: string; balance: number; transactionCount: number }[]> {
  if (ids.length === 0) return []
  const idList = sql.param([...ids])
  const rows = await db
    .select({ id: accounts.id, name: accounts.name, balance: accounts.balance })
    .from(accounts)
    .where(and(eq(accounts.householdId, householdId), sql`${accounts.id} = any(${idList}::uuid[])`))
    .orderBy(asc(accounts.name))
  const counts = await db
    .select({ accountId: transactions.accountId, n: sql<number>`count(*)::int` })
    .from(transactions)
    .where(and(eq(transactions.householdId, householdId), sql`${transactions.accountId} = any(${idList}::uuid[])`))
    .groupBy(transactions.accountId)
  const byAccount = new Map(counts.map((c) => [c.accountId, c.n]))
  return rows.map((r) => ({ ...r, transactionCount: byAccount.get(r.id) ?? 0 }))
}

export function listPresets(db: DbOrTx, householdId: string): Promise<PresetRow[]> {
  return db
    .select()
    .from(importPresets)
    .where(eq(importPresets.householdId, householdId))
    .orderBy(asc(importPresets.name), asc(importPresets.id))
}

/** The preset of an account, or the household default (account null). */
export async function findPreset(db: DbOrTx, householdId: string, accountId: string | null): Promise<PresetRow | undefined> {
  const rows = await db
    .select()
    .from(importPresets)
    .where(
      and(
        eq(importPresets.householdId, householdId),
        accountId === null ? sql`${importPresets.accountId} is null` : eq(importPresets.accountId, accountId),
      ),
    )
    .limit(1)
  return rows[0]
}

export async function upsertPreset(
  db: DbOrTx,
  values: { householdId: string; accountId: string | null; name: string; mapping: Record<string, unknown> },
  now: Date,
): Promise<PresetRow> {
  const [row] = await db
    .insert(importPresets)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [importPresets.householdId, importPresets.accountId],
      set: { name: values.name, mapping: values.mapping, updatedAt: now },
    })
    .returning()
  if (!row) throw new Error('upsert returned no row')
  return row
}

export type { ConvertedRow }

/** An account's balance at the end of a day: the sum of its rows dated on or before it. */
export async function balanceThrough(db: DbOrTx, householdId: string, accountId: string, date: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${transactions.amount}), 0)` })
    .from(transactions)
    .where(and(eq(transactions.householdId, householdId), eq(transactions.accountId, accountId), sql`${transactions.date} <= ${date}`))
  return Number(row?.sum ?? 0)
}
