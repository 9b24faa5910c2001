// Insights, coaching and the advisor: the insight feed and the job that fills it, recurring
// payments found in the history, the learned category model, weekly coaching actions, and the
// advisor's conversations.
import { sql } from 'drizzle-orm'
import {
  check,
  date,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { ADVISOR_ROLES } from '#src/domain/advisor/answer'
import { ACTION_STATUSES } from '#src/domain/coaching/actions'
import { CADENCES, INSIGHT_JOB_STATUSES, INSIGHT_SEVERITIES, RECURRING_STATUSES } from '#src/domain/insights/kinds'
import { cents, createdAt, id, oneOf, timestamps, updatedAt } from './columns'
import { userRef, users } from './users-and-auth'
import { householdOwned, households } from './households'
import { accounts } from './accounts'
import { categories } from './budgets-and-categories'
import { bills } from './bills-and-reminders'

/**
 * The insight feed: each insight the nightly job (or "Refresh") finds, made once per `key`
 * (e.g. "anomaly:<transaction id>", "recurring:<series key>:price"), read, dismissed or expired.
 * `data` holds the computed figures the page shows and the one-click action needs.
 */
export const insights = pgTable(
  'insights',
  {
    ...householdOwned(),
    /** null: for the household (shown to whoever may see its accounts); else one member's */
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    key: text().notNull(),
    title: text().notNull(),
    body: text().notNull().default(''),
    severity: text().notNull().default('info'),
    /** the accounts the insight is about: a member who does not see one of them whole never gets it */
    accountIds: jsonb().$type<string[]>().notNull().default([]),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    readAt: timestamp({ withTimezone: true }),
    dismissedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('insights_key_idx').on(t.householdId, t.key),
    index('insights_household_idx').on(t.householdId, t.createdAt),
    check('insights_severity_check', oneOf(t.severity, INSIGHT_SEVERITIES)),
  ],
)

/**
 * Recurring payments found in the household's history (or confirmed by a member): one series per
 * payee and account. `status` found | confirmed (made a bill) | dismissed | stopped.
 */
export const recurringSeries = pgTable(
  'recurring_series',
  {
    ...householdOwned(),
    /** the normalised payee (domain/payee) */
    payeeKey: text().notNull(),
    payee: text().notNull(),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    categoryId: uuid().references(() => categories.id, { onDelete: 'set null' }),
    cadence: text().notNull(),
    /** the expected amount, negative for money out */
    amount: cents().notNull(),
    lastDate: date().notNull(),
    nextDate: date().notNull(),
    status: text().notNull().default('found'),
    billId: uuid().references(() => bills.id, { onDelete: 'set null' }),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('recurring_series_key_idx').on(t.householdId, t.accountId, t.payeeKey),
    check('recurring_series_cadence_check', oneOf(t.cadence, CADENCES)),
    check('recurring_series_status_check', oneOf(t.status, RECURRING_STATUSES)),
  ],
)

/** The household's learned category model (the classifier's counts), trained by the nightly job. */
export const categoryModels = pgTable('category_models', {
  householdId: uuid()
    .primaryKey()
    .references(() => households.id, { onDelete: 'cascade' }),
  model: jsonb().$type<Record<string, unknown>>().notNull(),
  trainedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/**
 * The household's insight job: a Refresh queues it, one instance claims it (status
 * running with its run id: of several instances only one gets the row) and runs it off the
 * request, the nightly job claims it the same way; the page polls where it stands.
 */
export const insightJobs = pgTable(
  'insight_jobs',
  {
    householdId: uuid()
      .primaryKey()
      .references(() => households.id, { onDelete: 'cascade' }),
    status: text().notNull().default('idle'),
    /** when a member last pressed Refresh */
    requestedAt: timestamp({ withTimezone: true }),
    /** the time zone "today" is worked out in: the requesting member's */
    timeZone: text().notNull().default('UTC'),
    /** the claim of the run under way (or last made), and which instance (host:pid) made it */
    runId: uuid(),
    claimedBy: text(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('insight_jobs_status_check', oneOf(t.status, INSIGHT_JOB_STATUSES)),
    index('insight_jobs_queued_idx').on(t.status).where(sql`${t.status} in ('queued', 'running')`),
  ],
)

/**
 * Weekly coaching actions for one member (at most three a week): the saving each would bring,
 * accepted or dismissed, and 30 days after acceptance the measured result.
 */
export const coachingActions = pgTable(
  'coaching_actions',
  {
    ...householdOwned(),
    userId: userRef(),
    /** the Monday of the week it was made for */
    week: date().notNull(),
    kind: text().notNull(),
    key: text().notNull(),
    title: text().notNull(),
    detail: text().notNull().default(''),
    /** the monthly saving it would bring, cents */
    saving: cents().notNull().default(0),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    status: text().notNull().default('open'),
    decidedAt: timestamp({ withTimezone: true }),
    measuredAt: timestamp({ withTimezone: true }),
    result: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coaching_actions_key_idx').on(t.userId, t.week, t.key),
    index('coaching_actions_user_idx').on(t.userId, t.week),
    check('coaching_actions_status_check', oneOf(t.status, ACTION_STATUSES)),
  ],
)

/** The advisor's conversations, one member's each, deletable. */
export const advisorConversations = pgTable(
  'advisor_conversations',
  {
    ...householdOwned(),
    userId: userRef(),
    title: text().notNull().default(''),
    ...timestamps(),
  },
  (t) => [index('advisor_conversations_user_idx').on(t.userId, t.updatedAt)],
)

/** Messages of a conversation; an answer keeps the figures it used and the tool calls made. */
export const advisorMessages = pgTable(
  'advisor_messages',
  {
    id: id(),
    conversationId: uuid()
      .notNull()
      .references(() => advisorConversations.id, { onDelete: 'cascade' }),
    role: text().notNull(),
    text: text().notNull(),
    figures: jsonb().$type<unknown[]>().notNull().default([]),
    toolCalls: jsonb().$type<unknown[]>().notNull().default([]),
    /** deterministic | model */
    engine: text().notNull().default('deterministic'),
    createdAt: createdAt(),
  },
  (t) => [
    index('advisor_messages_conversation_idx').on(t.conversationId, t.createdAt),
    check('advisor_messages_role_check', oneOf(t.role, ADVISOR_ROLES)),
  ],
)
