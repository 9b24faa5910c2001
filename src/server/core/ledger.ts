// The only code that writes transactions: every insert, update and delete moves account
// balances and monthly rollups in the same database transaction (deltas from domain/ledger), and
// records changes and deletions for the webhooks listening for them (changes.ts).
// Bulk paths use unnest() arrays so 100k rows are a handful of statements.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { IsoDate } from '#src/domain/dates'
import {
  DeltaTotals,
  mergeMerchantRollups,
  mergeRollups,
  merchantDeltas,
  rollupDeltas,
  type LedgerRow,
  type MerchantDelta,
  type RollupDelta,
  type TransactionKind,
} from '#src/domain/ledger'
import { asCents, type Cents } from '#src/domain/money'
import type { Tx } from '../db/connect'
import { AppError } from '../http/errors'
import { uuidv7 } from '../db/ids'
import { transactions, transactionSplits } from '../db/schema'
import { recordChanges, type ChangedRow } from './changes'

export type TransactionSource = 'manual' | 'plaid' | 'bank_statement' | 'credit_statement' | 'import'
export type NewSplit = { categoryId: string | null; amount: Cents; memo: string }

export type NewTransaction = {
  /** an id taken beforehand (time-ordered: an import's opening balance sorts before its rows) */
  id?: string
  householdId: string
  userId: string
  accountId: string
  categoryId: string | null
  date: IsoDate
  amount: Cents
  merchant: string
  description: string
  notes: string
  kind: TransactionKind
  source: TransactionSource
  transferGroupId?: string | null
  importBatchId?: string | null
  externalId?: string | null
  /** the payee as a bank file wrote it (imports), for matching re-imports */
  importedPayee?: string | null
  billId?: string | null
  splits?: NewSplit[]
}

const BATCH = 5000

const toLedgerRow = (t: {
  accountId: string
  merchant: string
  categoryId: string | null
  date: string
  amount: number
  kind: string
  splits: readonly { categoryId: string | null; amount: number }[]
}): LedgerRow => ({
  accountId: t.accountId,
  merchant: t.merchant,
  categoryId: t.categoryId,
  date: t.date,
  amount: asCents(t.amount),
  kind: t.kind as TransactionKind,
  splits: t.splits.map((s) => ({ categoryId: s.categoryId, amount: asCents(s.amount) })),
})

/** Applies balance and rollup deltas for rows added (1) or removed (−1). */
async function applyDeltas(tx: Tx, householdId: string, rows: LedgerRow[], sign: 1 | -1): Promise<void> {
  if (rows.length === 0) return
  const totals = new DeltaTotals()
  totals.add(rows, sign)
  await applyDeltaTotals(tx, householdId, totals)
}

/** Writes summed deltas (one insert's, or a large import's chunks') and empties the sums. */
export async function applyDeltaTotals(tx: Tx, householdId: string, totals: DeltaTotals): Promise<void> {
  const { balances, rollups, merchants } = totals.moves()
  totals.clear()
  if (balances.length) {
    await tx.execute(sql`
      update accounts a set balance = a.balance + d.delta, updated_at = now()
      from unnest(${sql.param(balances.map(([id]) => id))}::uuid[], ${sql.param(balances.map(([, d]) => d))}::bigint[]) as d(id, delta)
      where a.id = d.id and a.household_id = ${householdId}`)
  }
  await applyRollups(tx, householdId, rollups)
  await applyMerchantRollups(tx, householdId, merchants)
}

/** Upserts merchant rollup deltas; each (account, payee, month) must appear once. */
async function applyMerchantRollups(tx: Tx, householdId: string, deltas: MerchantDelta[]): Promise<void> {
  for (let i = 0; i < deltas.length; i += BATCH) {
    const chunk = deltas.slice(i, i + BATCH)
    await tx.execute(sql`
      insert into merchant_rollups (household_id, account_id, merchant, month, spent, count)
      select ${householdId}, r.account_id, r.merchant, r.month, r.spent, r.count
      from unnest(
        ${sql.param(chunk.map((r) => r.accountId))}::uuid[],
        ${sql.param(chunk.map((r) => r.merchant))}::text[],
        ${sql.param(chunk.map((r) => r.month))}::date[],
        ${sql.param(chunk.map((r) => r.spent))}::bigint[],
        ${sql.param(chunk.map((r) => r.count))}::int[]
      ) as r(account_id, merchant, month, spent, count)
      on conflict on constraint merchant_rollups_key do update set
        spent = merchant_rollups.spent + excluded.spent,
        count = merchant_rollups.count + excluded.count`)
  }
}

/** Upserts rollup deltas; each (account, category, month) must appear once. */
async function applyRollups(tx: Tx, householdId: string, rollups: RollupDelta[]): Promise<void> {
  for (let i = 0; i < rollups.length; i += BATCH) {
    const chunk = rollups.slice(i, i + BATCH)
    await tx.execute(sql`
      insert into monthly_rollups (household_id, account_id, category_id, month, income, expense, other, count)
      select ${householdId}, r.account_id, r.category_id, r.month, r.income, r.expense, r.other, r.count
      from unnest(
        ${sql.param(chunk.map((r) => r.accountId))}::uuid[],
        ${sql.param(chunk.map((r) => r.categoryId))}::uuid[],
        ${sql.param(chunk.map((r) => r.month))}::date[],
        ${sql.param(chunk.map((r) => r.income))}::bigint[],
        ${sql.param(chunk.map((r) => r.expense))}::bigint[],
        ${sql.param(chunk.map((r) => r.other))}::bigint[],
        ${sql.param(chunk.map((r) => r.count))}::int[]
      ) as r(account_id, category_id, month, income, expense, other, count)
      on conflict on constraint monthly_rollups_key do update set
        income = monthly_rollups.income + excluded.income,
        expense = monthly_rollups.expense + excluded.expense,
        other = monthly_rollups.other + excluded.other,
        count = monthly_rollups.count + excluded.count`)
  }
}

type Column = { name: string; type: string; pick: (r: NewTransaction, id: string) => unknown }

const COLUMNS: Column[] = [
  { name: 'id', type: 'uuid', pick: (_, id) => id },
  { name: 'household_id', type: 'uuid', pick: (r) => r.householdId },
  { name: 'user_id', type: 'uuid', pick: (r) => r.userId },
  { name: 'account_id', type: 'uuid', pick: (r) => r.accountId },
  { name: 'category_id', type: 'uuid', pick: (r) => r.categoryId },
  { name: 'date', type: 'date', pick: (r) => r.date },
  { name: 'amount', type: 'bigint', pick: (r) => r.amount },
  { name: 'merchant', type: 'text', pick: (r) => r.merchant },
  { name: 'description', type: 'text', pick: (r) => r.description },
  { name: 'notes', type: 'text', pick: (r) => r.notes },
  { name: 'kind', type: 'text', pick: (r) => r.kind },
  { name: 'transfer_group_id', type: 'uuid', pick: (r) => r.transferGroupId ?? null },
  { name: 'source', type: 'text', pick: (r) => r.source },
  { name: 'import_batch_id', type: 'uuid', pick: (r) => r.importBatchId ?? null },
  { name: 'external_id', type: 'text', pick: (r) => r.externalId ?? null },
  { name: 'imported_payee', type: 'text', pick: (r) => r.importedPayee ?? null },
  { name: 'bill_id', type: 'uuid', pick: (r) => r.billId ?? null },
  { name: 'is_split', type: 'boolean', pick: (r) => (r.splits?.length ?? 0) > 0 },
]

/** A quote or backslash, which an array literal's element escapes. */
const ESCAPED = /[\\"]/

/** A PostgreSQL array literal ('{"a","b",NULL}'), built here so the next chunk is ready while
 *  the database still writes the previous one: in one pass, without an array of the parts, and a
 *  text is escaped only when it holds a quote or backslash (few do). */
function arrayLiteral(values: readonly unknown[]): string {
  let out = '{'
  for (let i = 0; i < values.length; i++) {
    const v = values[i]
    if (i > 0) out += ','
    if (v === null || v === undefined) out += 'NULL'
    else if (typeof v === 'number' || typeof v === 'boolean') out += String(v)
    else {
      const text = String(v)
      out += ESCAPED.test(text) ? `"${text.replace(/[\\"]/g, '\\$&')}"` : `"${text}"`
    }
  }
  return `${out}}`
}

/**
 * One INSERT … SELECT FROM unnest(…) for a chunk. A column with one value for the whole chunk
 * (household, account, batch, kind, source…) goes as a single parameter instead of an array:
 * parsing array parameters is a large share of a bulk insert's time.
 */
function insertChunk(chunk: NewTransaction[], ids: string[]): SQL {
  const arrays: SQL[] = []
  const select = COLUMNS.map((c) => {
    const values = chunk.map((r, i) => c.pick(r, ids[i] ?? ''))
    const first = values[0]
    if (c.name !== 'id' && values.every((v) => v === first)) return sql`${first}::${sql.raw(c.type)}`
    arrays.push(sql`${arrayLiteral(values)}::${sql.raw(c.type)}[]`)
    return sql.raw(`u.c${String(arrays.length)}`)
  })
  const aliases = arrays.map((_, i) => `c${String(i + 1)}`).join(', ')
  return sql`
    insert into transactions (${sql.raw(COLUMNS.map((c) => c.name).join(', '))})
    select ${sql.join(select, sql`, `)} from unnest(${sql.join(arrays, sql`, `)}) as u(${sql.raw(aliases)})`
}

/** Inserts at least this many rows check their accounts and categories once, not per row. */
const BULK_ROWS = 1000

/**
 * For a bulk insert: locks the referenced accounts and categories (as the foreign-key checks
 * would, so neither can be deleted before commit), makes sure each is the household's, and —
 * when the database lets this session — switches the per-row foreign-key triggers off for the
 * insert statements only (ADR 0013). Returns whether they were switched off.
 */
async function checkReferencesOnce(tx: Tx, householdId: string, rows: NewTransaction[]): Promise<boolean> {
  const accountIds = [...new Set(rows.map((r) => r.accountId))]
  const categoryIds = [
    ...new Set(rows.flatMap((r) => [r.categoryId, ...(r.splits ?? []).map((s) => s.categoryId)]).filter((c): c is string => c !== null)),
  ]
  const locked = await tx.execute<{ n: number; su: string }>(sql`
    select
      (select count(*)::int from (select 1 from accounts where household_id = ${householdId}
        and id = any(${sql.param(accountIds)}::uuid[]) for key share) a)
      + (select count(*)::int from (select 1 from categories where household_id = ${householdId}
        and id = any(${sql.param(categoryIds)}::uuid[]) for key share) c) as n,
      current_setting('is_superuser') as su`)
  const row = locked.rows[0]
  if (!row || Number(row.n) !== accountIds.length + categoryIds.length) {
    throw new AppError(409, 'CONFLICT', 'An account or category changed meanwhile: please try again')
  }
  if (row.su !== 'on') return false
  await tx.execute(sql`set local session_replication_role = replica`)
  return true
}

/** How an import's chunk is inserted (write.ts). */
export type BulkInsert = {
  /** the balances' and rollups' deltas go here, for the caller to apply later in the same transaction (applyDeltaTotals) */
  totals: DeltaTotals
  /** called once the last insert statement is with the database: the caller's own work can run while it executes */
  sent?: () => void
}

/**
 * Inserts transactions (with their splits) and updates balances and rollups, or adds their deltas
 * to `bulk.totals` (an import's chunk). Returns ids in order.
 */
export async function insertTransactions(tx: Tx, rows: NewTransaction[], bulk?: BulkInsert): Promise<string[]> {
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id ?? uuidv7())
  const householdIds = new Set(rows.map((r) => r.householdId))
  if (householdIds.size !== 1) throw new Error('insertTransactions: one household at a time')
  const householdId = rows[0]?.householdId ?? ''
  const triggersOff = rows.length >= BULK_ROWS && (await checkReferencesOnce(tx, householdId, rows))
  // each chunk is built while the database writes the one before it
  let writing: Promise<unknown> | null = null
  for (let i = 0; i < rows.length; i += BATCH) {
    const statement = insertChunk(rows.slice(i, i + BATCH), ids.slice(i, i + BATCH))
    if (writing) await writing
    writing = tx.execute(statement).then(() => undefined)
  }
  bulk?.sent?.()
  if (writing) await writing
  const splitRows = rows.flatMap((r, i) =>
    (r.splits ?? []).map((s) => ({
      // time-ordered ids keep the splits in the order they were given
      id: uuidv7(),
      transactionId: ids[i] ?? '',
      householdId: r.householdId,
      categoryId: s.categoryId,
      amount: s.amount,
      memo: s.memo,
    })),
  )
  for (let i = 0; i < splitRows.length; i += BATCH) {
    await tx.insert(transactionSplits).values(splitRows.slice(i, i + BATCH))
  }
  if (triggersOff) await tx.execute(sql`set local session_replication_role = origin`)
  const ledgerRows = rows.map((r) => toLedgerRow({ ...r, splits: r.splits ?? [] }))
  if (bulk) bulk.totals.add(ledgerRows, 1)
  else await applyDeltas(tx, householdId, ledgerRows, 1)
  return ids
}

export type StoredTransaction = typeof transactions.$inferSelect & { splits: NewSplit[] }

/** Loads rows of a household (with splits), for update or delete. Missing ids are skipped. */
export async function loadForWrite(tx: Tx, householdId: string, ids: string[]): Promise<StoredTransaction[]> {
  if (ids.length === 0) return []
  const rows: (typeof transactions.$inferSelect)[] = []
  for (let i = 0; i < ids.length; i += BATCH) {
    rows.push(
      ...(await tx
        .select()
        .from(transactions)
        .where(and(eq(transactions.householdId, householdId), inArray(transactions.id, ids.slice(i, i + BATCH))))
        .for('update')),
    )
  }
  const splitIds = rows.filter((r) => r.isSplit).map((r) => r.id)
  const splits = splitIds.length
    ? await tx.select().from(transactionSplits).where(inArray(transactionSplits.transactionId, splitIds))
    : []
  return rows.map((r) => ({
    ...r,
    splits: splits
      .filter((s) => s.transactionId === r.id)
      .map((s) => ({ categoryId: s.categoryId, amount: asCents(s.amount), memo: s.memo })),
  }))
}

/** A row as its webhook event tells it. */
function changedRow(r: { id: string; accountId: string; date: string; amount: number; merchant: string; description: string; categoryId: string | null; kind: string }): ChangedRow {
  return { id: r.id, accountId: r.accountId, date: r.date, amount: r.amount, merchant: r.merchant, description: r.description, categoryId: r.categoryId, kind: r.kind }
}

/** Deletes rows of a household and reverses their effect. Returns how many went. */
export async function deleteTransactions(tx: Tx, householdId: string, ids: string[]): Promise<number> {
  const rows = await loadForWrite(tx, householdId, ids)
  if (rows.length === 0) return 0
  const found = rows.map((r) => r.id)
  for (let i = 0; i < found.length; i += BATCH) {
    await tx
      .delete(transactions)
      .where(and(eq(transactions.householdId, householdId), inArray(transactions.id, found.slice(i, i + BATCH))))
  }
  await applyDeltas(tx, householdId, rows.map(toLedgerRow), -1)
  await recordChanges(tx, householdId, 'deleted', rows.map(changedRow))
  return rows.length
}

export type TransactionPatch = Partial<{
  accountId: string
  categoryId: string | null
  date: IsoDate
  amount: Cents
  merchant: string
  description: string
  notes: string
  kind: TransactionKind
  splits: NewSplit[]
}>

/** Changes one stored row and moves balances and rollups by the difference. */
export async function updateStoredTransaction(
  tx: Tx,
  before: StoredTransaction,
  patch: TransactionPatch,
  now: Date,
): Promise<void> {
  const splits = patch.splits ?? before.splits
  const after = {
    accountId: patch.accountId ?? before.accountId,
    categoryId: patch.categoryId === undefined ? before.categoryId : patch.categoryId,
    date: patch.date ?? before.date,
    amount: patch.amount ?? before.amount,
    merchant: patch.merchant ?? before.merchant,
    description: patch.description ?? before.description,
    notes: patch.notes ?? before.notes,
    kind: patch.kind ?? before.kind,
  }
  await tx
    .update(transactions)
    .set({ ...after, isSplit: splits.length > 0, updatedAt: now })
    .where(and(eq(transactions.id, before.id), eq(transactions.householdId, before.householdId)))
  if (patch.splits !== undefined) {
    await tx.delete(transactionSplits).where(eq(transactionSplits.transactionId, before.id))
    if (patch.splits.length) {
      await tx.insert(transactionSplits).values(
        patch.splits.map((s) => ({ ...s, id: uuidv7(), transactionId: before.id, householdId: before.householdId })),
      )
    }
  }
  await applyDeltas(tx, before.householdId, [toLedgerRow(before)], -1)
  await applyDeltas(tx, before.householdId, [toLedgerRow({ ...after, splits })], 1)
  await recordChanges(tx, before.householdId, 'updated', [changedRow({ ...before, ...after })])
}

/** The fields many rows can change at once: none of them moves a balance. */
export type BulkPatch = Partial<{
  categoryId: string | null
  merchant: string
  notes: string
  kind: TransactionKind
  transferGroupId: string | null
}>

/**
 * Changes many stored rows in a few statements (rules applied to history, transfer links made
 * or undone by imports) and moves the rollups by the difference. Amounts, dates and accounts
 * stay, so balances do not move.
 */
export async function updateStoredTransactions(
  tx: Tx,
  householdId: string,
  changes: readonly { before: StoredTransaction; patch: BulkPatch }[],
  now: Date,
): Promise<void> {
  if (changes.length === 0) return
  const rows = changes.map(({ before, patch }) => ({
    before,
    after: {
      categoryId: patch.categoryId === undefined ? before.categoryId : patch.categoryId,
      merchant: patch.merchant ?? before.merchant,
      notes: patch.notes ?? before.notes,
      kind: patch.kind ?? before.kind,
      transferGroupId: patch.transferGroupId === undefined ? before.transferGroupId : patch.transferGroupId,
    },
  }))
  if (rows.some((r) => r.before.householdId !== householdId)) throw new Error('updateStoredTransactions: one household at a time')
  for (let i = 0; i < rows.length; i += BATCH) {
    const chunk = rows.slice(i, i + BATCH)
    const col = <T>(pick: (r: (typeof rows)[number]) => T) => sql.param(chunk.map(pick))
    await tx.execute(sql`
      update transactions t set category_id = u.category_id, merchant = u.merchant, notes = u.notes, kind = u.kind,
        transfer_group_id = u.transfer_group_id, updated_at = ${now}
      from unnest(
        ${col((r) => r.before.id)}::uuid[], ${col((r) => r.after.categoryId)}::uuid[], ${col((r) => r.after.merchant)}::text[],
        ${col((r) => r.after.notes)}::text[], ${col((r) => r.after.kind)}::text[], ${col((r) => r.after.transferGroupId)}::uuid[]
      ) as u(id, category_id, merchant, notes, kind, transfer_group_id)
      where t.id = u.id and t.household_id = ${householdId}`)
  }
  await recordChanges(tx, householdId, 'updated', rows.map((r) => changedRow({ ...r.before, ...r.after })))
  const renamed = rows.filter((r) => r.after.merchant !== r.before.merchant || r.after.kind !== r.before.kind)
  if (renamed.length) {
    const gone = merchantDeltas(renamed.map((r) => toLedgerRow(r.before)), -1)
    const come = merchantDeltas(renamed.map((r) => toLedgerRow({ ...r.before, merchant: r.after.merchant, kind: r.after.kind })), 1)
    await applyMerchantRollups(tx, householdId, mergeMerchantRollups([...gone, ...come]))
  }
  const moved = rows.filter((r) => r.after.categoryId !== r.before.categoryId || r.after.kind !== r.before.kind)
  if (moved.length === 0) return
  const removed = rollupDeltas(moved.map((r) => toLedgerRow(r.before)), -1)
  const added = rollupDeltas(
    moved.map((r) => toLedgerRow({ ...r.before, categoryId: r.after.categoryId, kind: r.after.kind })),
    1,
  )
  await applyRollups(tx, householdId, mergeRollups([...removed, ...added]))
}

