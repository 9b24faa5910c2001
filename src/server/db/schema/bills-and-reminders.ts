// Bills and the payments that settled their due dates (ADR 0045), the income members expect
// (ADR 0044), and reminders.
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { BILL_LINK_KINDS, INCOME_SCHEDULES } from '#src/domain/plan/kinds'
import { RECURRENCES } from '#src/domain/recurrence'
import { REMINDER_PRIORITIES, REMINDER_STATUSES, REMINDER_TYPES } from '#src/domain/reminder-kinds'
import { cents, createdAt, oneOf, timestamps } from './columns'
import { userRef } from './users-and-auth'
import { householdOwned } from './households'
import { accounts } from './accounts'
import { categories } from './budgets-and-categories'
import { transactionSplits, transactions } from './transactions'

export const bills = pgTable(
  'bills',
  {
    ...householdOwned(),
    userId: userRef(),
    name: text().notNull(),
    amount: cents().notNull(),
    categoryId: uuid().references(() => categories.id, { onDelete: 'set null' }),
    accountId: uuid().references(() => accounts.id, { onDelete: 'set null' }),
    recurrence: text().notNull().default('monthly'),
    nextDueDate: date().notNull(),
    // the day of month a monthly bill is anchored to (a bill on the 31st stays on month ends)
    anchorDay: integer().notNull(),
    /** the last day a due date may fall on (a debt's payoff): paying the last one ends the bill; null: no end */
    endDate: date(),
    isActive: boolean().notNull().default(true),
    autopay: boolean().notNull().default(false),
    notes: text().notNull().default(''),
    /** the payee the bank writes for it, matched against payments ('' = match on the name) */
    payee: text().notNull().default(''),
    /** how far (percent of the amount) a payment may differ and still settle it: wider for utilities */
    tolerancePercent: integer().notNull().default(5),
    ...timestamps(),
  },
  (t) => [
    check('bills_tolerance_check', sql`${t.tolerancePercent} between 0 and 100`),
    index('bills_household_due_idx').on(t.householdId, t.nextDueDate),
    check('bills_recurrence_check', oneOf(t.recurrence, RECURRENCES)),
    check('bills_amount_check', sql`${t.amount} >= 0`),
  ],
)

/**
 * What settled a bill's due date: a transaction, or one part of a split, tied to the bill and the
 * due date it pays (ADR 0045). Several payments may settle one due date (a partial payment and
 * the rest); a payment settles at most one. A `declined` row records that a member untied that
 * payment from that bill, so the matcher never ties it again; it settles nothing.
 */
export const billPayments = pgTable(
  'bill_payments',
  {
    ...householdOwned(),
    billId: uuid()
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    /** the due date (occurrence) it settles */
    dueDate: date().notNull(),
    transactionId: uuid()
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    /** the split part that pays it, when only one part of a split does */
    splitId: uuid().references(() => transactionSplits.id, { onDelete: 'cascade' }),
    /** what it settles, positive */
    amount: cents().notNull(),
    kind: text().notNull().default('auto'),
    createdAt: createdAt(),
  },
  (t) => [
    index('bill_payments_bill_idx').on(t.billId, t.dueDate),
    index('bill_payments_household_idx').on(t.householdId, t.dueDate),
    uniqueIndex('bill_payments_payment_idx')
      .on(t.transactionId, sql`coalesce(${t.splitId}, '00000000-0000-0000-0000-000000000000'::uuid)`)
      .where(sql`${t.kind} <> 'declined'`),
    check('bill_payments_kind_check', oneOf(t.kind, BILL_LINK_KINDS)),
    check('bill_payments_amount_check', sql`${t.amount} >= 0`),
  ],
)

/**
 * Income a member expects (ADR 0044): a paycheck's amount, schedule and account, or an irregular
 * monthly estimate. It wins over the income found in the history for the same payee and account.
 */
export const plannedIncomes = pgTable(
  'planned_incomes',
  {
    ...householdOwned(),
    /** the member who set it */
    userId: userRef(),
    name: text().notNull(),
    /** the payee the bank writes for it ('' = the name) */
    payee: text().notNull().default(''),
    /** each payment, positive; for an irregular income, what a month is expected to bring */
    amount: cents().notNull(),
    schedule: text().notNull().default('monthly'),
    /** the next payday (any day for an irregular income) */
    nextDate: date().notNull(),
    /** the second payday of a semimonthly income (1–31); null otherwise */
    secondDay: integer(),
    accountId: uuid().references(() => accounts.id, { onDelete: 'set null' }),
    isActive: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    index('planned_incomes_household_idx').on(t.householdId),
    check('planned_incomes_schedule_check', oneOf(t.schedule, INCOME_SCHEDULES)),
    check('planned_incomes_amount_check', sql`${t.amount} > 0`),
    check('planned_incomes_second_day_check', sql`${t.secondDay} is null or ${t.secondDay} between 1 and 31`),
  ],
)

export const reminders = pgTable(
  'reminders',
  {
    ...householdOwned(),
    userId: userRef(),
    title: text().notNull(),
    description: text().notNull().default(''),
    type: text().notNull().default('other'),
    priority: text().notNull().default('medium'),
    dueDate: date(),
    status: text().notNull().default('active'),
    isRead: boolean().notNull().default(false),
    // set for reminders the server generates ("bill:<id>:<due>"), so each is made once,
    // even when several server instances run the job at the same time
    sourceKey: text(),
    ...timestamps(),
  },
  (t) => [
    index('reminders_user_status_idx').on(t.userId, t.status),
    uniqueIndex('reminders_source_key_idx').on(t.userId, t.sourceKey),
    check('reminders_type_check', oneOf(t.type, REMINDER_TYPES)),
    check('reminders_priority_check', oneOf(t.priority, REMINDER_PRIORITIES)),
    check('reminders_status_check', oneOf(t.status, REMINDER_STATUSES)),
  ],
)
