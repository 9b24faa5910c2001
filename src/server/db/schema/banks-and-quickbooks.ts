// Bank connections (SimpleFIN Bridge, Plaid) and their accounts, and QuickBooks: settings,
// mappings and the export log.
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { BANK_CONNECTION_STATUSES, BANK_PROVIDERS } from '#src/domain/bank-connections'
import { QB_MAPPING_KINDS } from '#src/domain/quickbooks/chart'
import { cents, createdAt, id, oneOf, timestamps, updatedAt } from './columns'
import { userRef } from './users-and-auth'
import { householdOwned, householdRef, households } from './households'
import { accounts } from './accounts'
import { transactions } from './transactions'

/**
 * A member's connection to an aggregator (SimpleFIN Bridge or Plaid). The access URL or token is
 * sealed with KINWISE_SECRET_KEY and deleted with the connection.
 */
export const bankConnections = pgTable(
  'bank_connections',
  {
    ...householdOwned(),
    userId: userRef(),
    provider: text().notNull(),
    /** active | error | login_required | disconnected */
    status: text().notNull().default('active'),
    accessSecret: text().notNull(),
    /** Plaid's item id (webhooks name it) */
    itemId: text(),
    /** Plaid /transactions/sync cursor, saved after the last page only */
    cursor: text(),
    institution: text().notNull().default(''),
    lastSyncAt: timestamp({ withTimezone: true }),
    lastSuccessAt: timestamp({ withTimezone: true }),
    lastError: text(),
    nextSyncAt: timestamp({ withTimezone: true }),
    consentExpiresAt: timestamp({ withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index('bank_connections_household_idx').on(t.householdId),
    uniqueIndex('bank_connections_item_idx').on(t.itemId),
    check('bank_connections_provider_check', oneOf(t.provider, BANK_PROVIDERS)),
    check('bank_connections_status_check', oneOf(t.status, BANK_CONNECTION_STATUSES)),
  ],
)

/** The provider's accounts of a connection, each linked to a Kinwise account (chosen or created). */
export const bankConnectionAccounts = pgTable(
  'bank_connection_accounts',
  {
    id: id(),
    connectionId: uuid()
      .notNull()
      .references(() => bankConnections.id, { onDelete: 'cascade' }),
    householdId: householdRef(),
    externalAccountId: text().notNull(),
    accountId: uuid().references(() => accounts.id, { onDelete: 'set null' }),
    name: text().notNull().default(''),
    mask: text(),
    currency: text().notNull().default('USD'),
    balance: cents(),
    availableBalance: cents(),
    balanceDate: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('bank_connection_accounts_key').on(t.connectionId, t.externalAccountId)],
)

/** QuickBooks settings of a household: its chart of accounts, the QBO bank id, the optional API link (sealed). */
export const quickbooksSettings = pgTable('quickbooks_settings', {
  householdId: uuid()
    .primaryKey()
    .references(() => households.id, { onDelete: 'cascade' }),
  /** the QuickBooks chart of accounts: [{ name, type }] */
  chart: jsonb().$type<{ name: string; type: string }[]>().notNull().default([]),
  /** INTU.BID for QBO Web Connect files */
  intuBid: text().notNull().default('3000'),
  updatedAt: updatedAt(),
})

/** Which QuickBooks account a Kinwise category or account maps to. */
export const quickbooksMappings = pgTable(
  'quickbooks_mappings',
  {
    householdId: householdRef(),
    /** category | account */
    kind: text().notNull(),
    sourceId: uuid().notNull(),
    qbAccount: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.householdId, t.kind, t.sourceId] }),
    check('quickbooks_mappings_kind_check', oneOf(t.kind, QB_MAPPING_KINDS)),
  ],
)

/** The export log. */
export const quickbooksExports = pgTable(
  'quickbooks_exports',
  {
    ...householdOwned(),
    userId: userRef(),
    format: text().notNull(),
    fromDate: date().notNull(),
    toDate: date().notNull(),
    onlyNew: boolean().notNull().default(false),
    count: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('quickbooks_exports_household_idx').on(t.householdId, t.createdAt)],
)

/** Transactions already exported to QuickBooks (for "only what was not exported before"). */
export const quickbooksExported = pgTable(
  'quickbooks_exported',
  {
    transactionId: uuid()
      .primaryKey()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    householdId: householdRef(),
    exportId: uuid()
      .notNull()
      .references(() => quickbooksExports.id, { onDelete: 'cascade' }),
  },
  (t) => [index('quickbooks_exported_household_idx').on(t.householdId)],
)

