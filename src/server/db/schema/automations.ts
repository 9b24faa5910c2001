// Automations (the Automation Center): what runs by itself, each of its runs, and the changes to
// transactions that outgoing webhooks send.
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { TRANSACTION_CHANGES } from '#src/domain/automation/events'
import { AUTOMATION_TYPES } from '#src/domain/automation/schedule'
import { id, oneOf, timestamps } from './columns'
import { userRef } from './users-and-auth'
import { householdOwned, householdRef } from './households'

/**
 * What runs by itself (the Automation Center): scheduled transactions, automatic transfers to
 * goals, alerts and outgoing webhooks. `config` holds the type's settings (a webhook's secret
 * sealed with KINWISE_SECRET_KEY); rules stay in their own table.
 */
export const automations = pgTable(
  'automations',
  {
    ...householdOwned(),
    userId: userRef(),
    type: text().notNull(),
    name: text().notNull(),
    config: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    isActive: boolean().notNull().default(true),
    nextRunAt: timestamp({ withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index('automations_household_idx').on(t.householdId, t.type),
    index('automations_next_run_idx').on(t.nextRunAt).where(sql`${t.isActive}`),
    check('automations_type_check', oneOf(t.type, AUTOMATION_TYPES)),
  ],
)

/**
 * Each run of an automation: once per `period` (unique, so several instances run it once), what it
 * changed (ids to undo), and when it was undone.
 */
export const automationRuns = pgTable(
  'automation_runs',
  {
    id: id(),
    automationId: uuid()
      .notNull()
      .references(() => automations.id, { onDelete: 'cascade' }),
    householdId: householdRef(),
    period: text().notNull(),
    status: text().notNull().default('done'),
    summary: text().notNull().default(''),
    changes: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ranAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    undoneAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('automation_runs_period_idx').on(t.automationId, t.period),
    index('automation_runs_household_idx').on(t.householdId, t.ranAt),
  ],
)

/**
 * Changes to transactions (updated, deleted: the webhook events transaction.<change>), recorded by the ledger in
 * the same database transaction as the change, only while the household has an active webhook
 * listening for them, and kept CHANGE_KEEP_DAYS for the webhooks to send. `data` is
 * the row as it became (or as it was, when deleted), amounts in cents.
 */
export const transactionChanges = pgTable(
  'transaction_changes',
  {
    ...householdOwned(),
    transactionId: uuid().notNull(),
    accountId: uuid().notNull(),
    /** updated | deleted: the webhook event transaction.<change> */
    change: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('transaction_changes_household_idx').on(t.householdId, t.at),
    check('transaction_changes_change_check', oneOf(t.change, TRANSACTION_CHANGES)),
  ],
)
