// The ledger: transactions and their splits, the files attached to them, the monthly and
// per-payee rollups kept with every write, and imports (each batch, saved column mappings).
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { ATTACHMENT_KINDS, ATTACHMENT_STORAGES } from '#src/domain/attachments'
import { TRANSACTION_KINDS, TRANSACTION_SOURCES } from '#src/domain/ledger'
import { bytea, cents, createdAt, id, oneOf, timestamps } from './columns'
import { userRef } from './users-and-auth'
import { householdOwned, householdRef } from './households'
import { accounts } from './accounts'
import { categories } from './budgets-and-categories'

/**
 * The text a transaction search matches: payee, description and notes as one string, so each
 * row is lower-cased and matched once, not three times. Migration 0003 keeps planner statistics
 * on exactly this expression (ADR 0022): change both together.
 */
export function searchText(t: { merchant: SQLWrapper; description: SQLWrapper; notes: SQLWrapper }): SQL {
  return sql`(${t.merchant} || ' ' || ${t.description} || ' ' || ${t.notes})`
}

export const transactions = pgTable(
  'transactions',
  {
    id: id(),
    // no foreign keys on household_id, user_id, import_batch_id and bill_id: every row's
    // key check costs time on bulk imports, the account key already ties the row to its
    // household, and the services clear bill and batch ids themselves (ADR 0007)
    householdId: uuid().notNull(),
    userId: uuid().notNull(),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    categoryId: uuid().references(() => categories.id, { onDelete: 'set null' }),
    date: date().notNull(),
    amount: cents().notNull(),
    merchant: text().notNull().default(''),
    description: text().notNull().default(''),
    notes: text().notNull().default(''),
    // standard | transfer (a linked pair) | opening_balance | adjustment (reconciliation)
    kind: text().notNull().default('standard'),
    transferGroupId: uuid(),
    source: text().notNull().default('manual'),
    importBatchId: uuid(),
    externalId: text(),
    /** the payee as the bank file wrote it, before rules or edits: re-imports match on it */
    importedPayee: text(),
    billId: uuid(),
    isSplit: boolean().notNull().default(false),
    /** a bank connection's row not yet posted: it becomes the posted row, never a second one */
    pending: boolean().notNull().default(false),
    /** how many files (receipts) it carries: kept by the attachment writes, so the list and its
     *  "has receipt" filter read no other table */
    attachmentCount: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    // plain ascending: read backward they give `order by date desc, id desc` (newest first) and
    // the keyset cursor `(date, id) < (…)`; `desc()` would make them DESC NULLS LAST, an order
    // that `order by … desc` (NULLS FIRST) cannot use, and every page became a full sort
    index('transactions_household_date_idx').on(t.householdId, t.date, t.id),
    index('transactions_account_date_idx').on(t.accountId, t.date, t.id),
    index('transactions_category_date_idx').on(t.householdId, t.categoryId, t.date),
    index('transactions_transfer_group_idx').on(t.transferGroupId).where(sql`${t.transferGroupId} is not null`),
    uniqueIndex('transactions_external_id_idx').on(t.accountId, t.externalId).where(sql`${t.externalId} is not null`),
    index('transactions_bill_idx').on(t.billId).where(sql`${t.billId} is not null`),
    // the money in of a household by day (ADR 0044): the daily plan finds recurring income in the
    // last 200 days of it on every dashboard call; the partial index reads only those rows
    index('transactions_money_in_idx').on(t.householdId, t.date).where(sql`${t.amount} > 0 and ${t.kind} = 'standard'`),
    check('transactions_kind_check', oneOf(t.kind, TRANSACTION_KINDS)),
    check('transactions_source_check', oneOf(t.source, TRANSACTION_SOURCES)),
  ],
)

export const transactionSplits = pgTable(
  'transaction_splits',
  {
    id: id(),
    transactionId: uuid()
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    householdId: uuid().notNull(),
    categoryId: uuid().references(() => categories.id, { onDelete: 'set null' }),
    amount: cents().notNull(),
    memo: text().notNull().default(''),
  },
  (t) => [
    index('transaction_splits_txn_idx').on(t.transactionId),
    index('transaction_splits_category_idx').on(t.householdId, t.categoryId),
  ],
)

/**
 * Files on a transaction (ADR 0037): photos of receipts and PDFs. The row is the
 * file's facts; its bytes are in attachment_contents (the default, so backups and exports carry
 * them) or in the attachments directory (`storage` says which). Gone with the transaction.
 */
export const attachments = pgTable(
  'attachments',
  {
    id: id(),
    householdId: uuid().notNull(),
    transactionId: uuid()
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    /** the member who attached it */
    userId: uuid().notNull(),
    fileName: text().notNull(),
    /** what its first bytes say it is (domain/attachments), never what its name or the browser said */
    kind: text().notNull(),
    size: integer().notNull(),
    sha256: text().notNull(),
    storage: text().notNull().default('database'),
    createdAt: createdAt(),
  },
  (t) => [
    index('attachments_transaction_idx').on(t.transactionId, t.createdAt),
    check('attachments_kind_check', oneOf(t.kind, ATTACHMENT_KINDS)),
    check('attachments_storage_check', oneOf(t.storage, ATTACHMENT_STORAGES)),
  ],
)

/** The bytes of attachments kept in the database: one row each, read only when the file is asked for. */
export const attachmentContents = pgTable('attachment_contents', {
  attachmentId: uuid()
    .primaryKey()
    .references(() => attachments.id, { onDelete: 'cascade' }),
  bytes: bytea().notNull(),
})

// Per account, category and month: income, spending and transfer totals, kept in the same
// database transaction as every transaction write, so summaries never scan all history.
export const monthlyRollups = pgTable(
  'monthly_rollups',
  {
    householdId: householdRef(),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    categoryId: uuid(),
    month: date().notNull(),
    income: cents().notNull().default(0),
    expense: cents().notNull().default(0),
    other: cents().notNull().default(0),
    count: integer().notNull().default(0),
  },
  (t) => [
    unique('monthly_rollups_key')
      .on(t.householdId, t.accountId, t.categoryId, t.month)
      .nullsNotDistinct(),
    index('monthly_rollups_month_idx').on(t.householdId, t.month),
  ],
)

/**
 * Per account, payee and month: money spent (standard money out; a split's parts that are money
 * out) and how many purchases, kept with every transaction write like monthly_rollups, so the
 * top-merchants report never scans a year of transactions (ADR 0027).
 */
export const merchantRollups = pgTable(
  'merchant_rollups',
  {
    householdId: householdRef(),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    merchant: text().notNull(),
    month: date().notNull(),
    spent: cents().notNull().default(0),
    count: integer().notNull().default(0),
  },
  (t) => [
    unique('merchant_rollups_key').on(t.householdId, t.accountId, t.merchant, t.month),
    index('merchant_rollups_month_idx').on(t.householdId, t.month),
  ],
)

export type ConvertedRow = { id: string; kind: string; categoryId: string | null; transferGroupId: string | null }

export const importBatches = pgTable(
  'import_batches',
  {
    ...householdOwned(),
    userId: userRef(),
    fileName: text().notNull(),
    format: text().notNull(),
    fileSize: integer().notNull().default(0),
    /** sha-256 of the file, to tell people when they import the very same file again */
    fileHash: text().notNull().default(''),
    added: integer().notNull().default(0),
    /**
     * The lowest and highest id of the rows this import added (ids are time-ordered UUIDs, so
     * its rows lie in this primary-key range among few others): undo and the "rows of this
     * import" filter read the range instead of an index on import_batch_id that every imported
     * row paid for (ADR 0020). Null when it added none.
     */
    firstTransactionId: uuid(),
    lastTransactionId: uuid(),
    duplicates: integer().notNull().default(0),
    transfers: integer().notNull().default(0),
    accountIds: jsonb().$type<string[]>().notNull().default([]),
    /** accounts this import created: they stay (empty) when it is undone */
    createdAccountIds: jsonb().$type<string[]>().notNull().default([]),
    /** stored rows this import turned into transfer legs, as they were, so undo restores them */
    convertedRows: jsonb().$type<ConvertedRow[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('import_batches_household_idx').on(t.householdId, t.createdAt)],
)

// Saved CSV column mappings, one per account (or a household default when account_id is null).
export const importPresets = pgTable(
  'import_presets',
  {
    ...householdOwned(),
    accountId: uuid().references(() => accounts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    mapping: jsonb().$type<Record<string, unknown>>().notNull(),
    ...timestamps(),
  },
  (t) => [unique('import_presets_account_key').on(t.householdId, t.accountId).nullsNotDistinct()],
)
