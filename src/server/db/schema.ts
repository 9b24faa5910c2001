// The one database schema of Kinwise (PostgreSQL dialect, for PGlite and PostgreSQL alike).
// Money is bigint cents, ids are UUIDs, calendar dates are `date`, events are timestamptz.
// Every user-owned row carries household_id; queries are scoped by the session's household.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { RuleActions, RuleCondition } from '../../domain/rules'

export type { RuleActions, RuleCondition }

const cents = (name?: string) =>
  name ? bigint(name, { mode: 'number' }) : bigint({ mode: 'number' })
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow()
const id = () => uuid().primaryKey().defaultRandom()
/** the household a row belongs to: every household-scoped table has one, gone with it */
const householdRef = () =>
  uuid()
    .notNull()
    .references(() => households.id, { onDelete: 'cascade' })
/** the user who made a row, gone with them */
const userRef = () =>
  uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' })

export type NotificationPrefs = {
  billReminders: boolean
  goalReminders: boolean
  budgetAlerts: boolean
  billReminderDays: number
}

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text().notNull(),
    passwordHash: text(),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    profileImageUrl: text(),
    hasCompletedOnboarding: boolean().notNull().default(false),
    baseCurrency: text().notNull().default('USD'),
    locale: text().notNull().default('en-US'),
    timeZone: text().notNull().default('UTC'),
    dateFormat: text().notNull().default('locale'),
    weekStartsOn: integer().notNull().default(0),
    theme: text().notNull().default('system'),
    notificationPrefs: jsonb()
      .$type<NotificationPrefs>()
      .notNull()
      .default({ billReminders: true, goalReminders: true, budgetAlerts: true, billReminderDays: 3 }),
    oidcSubject: text(),
    /** TOTP key (encrypted with KINWISE_SECRET_KEY when set); set once confirmed with a code */
    totpSecret: text(),
    /** a key offered by setup, not yet confirmed */
    totpPendingSecret: text(),
    totpEnabledAt: timestamp({ withTimezone: true }),
    /** the 30-second step of the last accepted code: a code is accepted once */
    totpLastStep: bigint({ mode: 'number' }),
    passwordChangedAt: timestamp({ withTimezone: true }),
    /** deletion requested: until then sign-in offers only the export and the cancel (issue 15) */
    deleteAfter: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_oidc_subject_idx').on(t.oidcSubject),
  ],
)

export const sessions = pgTable(
  'sessions',
  {
    // sha-256 of the cookie token: a leaked database does not leak live sessions
    id: text().primaryKey(),
    userId: userRef(),
    createdAt: createdAt(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    userAgent: text(),
    /** the client address that signed in */
    ip: text(),
    /** the password was right but the second factor is still owed: not signed in yet */
    mfaPending: boolean().notNull().default(false),
    /** the last time this session proved its user (password or second factor) */
    reauthAt: timestamp({ withTimezone: true }),
    /** the WebAuthn challenge this session was last given */
    challenge: text(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

/** Single-use recovery codes for the second factor, stored hashed. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: id(),
    userId: userRef(),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId)],
)

/** Passkeys (WebAuthn credentials) registered as a second factor. */
export const webauthnCredentials = pgTable(
  'webauthn_credentials',
  {
    /** the credential id, base64url */
    id: text().primaryKey(),
    userId: userRef(),
    /** the COSE public key, base64url */
    publicKey: text().notNull(),
    counter: bigint({ mode: 'number' }).notNull().default(0),
    transports: jsonb().$type<string[]>().notNull().default([]),
    name: text().notNull().default('Passkey'),
    createdAt: createdAt(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('webauthn_credentials_user_idx').on(t.userId)],
)

/** Password-reset links: the SHA-256 of the token, single use, 30 minutes. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: text().primaryKey(),
    userId: userRef(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
)

/** Failed sign-ins, counted per account (the hash of the e-mail) and per address; kept a day. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: id(),
    /** SHA-256 of the lower-cased e-mail: counted whether or not the account exists */
    emailHash: text().notNull(),
    ip: text(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_failures_email_idx').on(t.emailHash, t.at), index('sign_in_failures_at_idx').on(t.at)],
)

/**
 * Security events (issue 15): sign-ins and failures, MFA changes, password and e-mail changes,
 * sessions ended, exports, deletion requests, member and role changes. A member sees their own;
 * the owner also sees the household's. Kept a year.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    /** the member the event is about (null: a failure for an unknown e-mail) */
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    /** set for household events (members, roles, plan), shown to the owner */
    householdId: uuid().references(() => households.id, { onDelete: 'cascade' }),
    /** who did it, when another member (the owner changing a role) */
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    event: text().notNull(),
    detail: jsonb().$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    ip: text(),
    userAgent: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_user_idx').on(t.userId, t.createdAt),
    index('audit_log_household_idx').on(t.householdId, t.createdAt),
    index('audit_log_created_idx').on(t.createdAt),
  ],
)

/**
 * The household owns the data and holds the plan (ADR 0023). Billing fields are set only by
 * verified Stripe webhooks, or by the administrator's `cli set-tier` when Stripe is off.
 */
export const households = pgTable(
  'households',
  {
    id: id(),
    name: text().notNull(),
    plan: text().notNull().default('free'),
    /** none (no card billing) | active | past_due (grace until grace_until) | canceled */
    billingStatus: text().notNull().default('none'),
    graceUntil: timestamp({ withTimezone: true }),
    stripeCustomerId: text(),
    stripeSubscriptionId: text(),
    /** `created` of the newest Stripe event applied: an older one arriving late changes nothing */
    billingEventAt: timestamp({ withTimezone: true }),
    /** the owner requires every member to use a second factor */
    requireMfa: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('households_plan_check', sql`${t.plan} in ('free', 'basic', 'premium')`),
    check('households_billing_status_check', sql`${t.billingStatus} in ('none', 'active', 'past_due', 'canceled')`),
    uniqueIndex('households_stripe_customer_idx').on(t.stripeCustomerId),
  ],
)

export const householdMembers = pgTable(
  'household_members',
  {
    householdId: householdRef(),
    userId: userRef(),
    role: text().notNull().default('owner'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.householdId, t.userId] }),
    // a user belongs to one household at a time
    uniqueIndex('household_members_user_idx').on(t.userId),
    // exactly one owner per household
    uniqueIndex('household_members_owner_idx').on(t.householdId).where(sql`${t.role} = 'owner'`),
    check('household_members_role_check', sql`${t.role} in ('owner', 'adult', 'teen', 'viewer')`),
  ],
)

/** Single-use invitations into a household, with the role the invitee will get. */
export const householdInvites = pgTable(
  'household_invites',
  {
    /** random, in the invite link; listed to the owner so the link can be copied again */
    token: text().primaryKey(),
    householdId: householdRef(),
    role: text().notNull(),
    createdBy: userRef(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    usedBy: uuid(),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('household_invites_household_idx').on(t.householdId, t.createdAt),
    check('household_invites_role_check', sql`${t.role} in ('adult', 'teen', 'viewer')`),
  ],
)

/** Stripe events already applied, by id: a webhook delivered twice changes the plan once. */
export const stripeEvents = pgTable('stripe_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  receivedAt: createdAt(),
})

export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    householdId: householdRef(),
    /** the account's owner (ownerId in the API) */
    userId: userRef(),
    name: text().notNull(),
    type: text().notNull(),
    /** shared (the household sees it) | private (its owner only) | balance_only (name and balance) */
    visibility: text().notNull().default('shared'),
    /** teens see shared and balance-only accounts only when this is on (their own always) */
    sharedWithTeens: boolean().notNull().default(false),
    currency: text().notNull().default('USD'),
    balance: cents().notNull().default(0),
    accountNumber: text(),
    institution: text(),
    isClosed: boolean().notNull().default(false),
    // identity of the account inside bank files (OFX BANKID:ACCTID, IBAN), for imports
    externalKey: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('accounts_household_idx').on(t.householdId),
    uniqueIndex('accounts_external_key_idx').on(t.householdId, t.externalKey),
    check(
      'accounts_type_check',
      sql`${t.type} in ('checking', 'savings', 'credit_card', 'investment', 'loan', 'mortgage', 'cash', 'other')`,
    ),
    check('accounts_visibility_check', sql`${t.visibility} in ('shared', 'private', 'balance_only')`),
    check('accounts_number_check', sql`${t.accountNumber} is null or length(${t.accountNumber}) <= 4`),
  ],
)

export const categories = pgTable(
  'categories',
  {
    id: id(),
    householdId: householdRef(),
    name: text().notNull(),
    parentId: uuid(),
    kind: text().notNull().default('expense'),
    isHidden: boolean().notNull().default(false),
    color: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('categories_household_idx').on(t.householdId),
    foreignKey({ columns: [t.parentId], foreignColumns: [t.id] }).onDelete('cascade'),
    uniqueIndex('categories_name_idx').on(
      t.householdId,
      sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`lower(${t.name})`,
    ),
    check('categories_kind_check', sql`${t.kind} in ('expense', 'income')`),
  ],
)

export type ConvertedRow = { id: string; kind: string; categoryId: string | null; transferGroupId: string | null }

export const importBatches = pgTable(
  'import_batches',
  {
    id: id(),
    householdId: householdRef(),
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

export const bills = pgTable(
  'bills',
  {
    id: id(),
    householdId: householdRef(),
    userId: userRef(),
    name: text().notNull(),
    amount: cents().notNull(),
    categoryId: uuid().references(() => categories.id, { onDelete: 'set null' }),
    accountId: uuid().references(() => accounts.id, { onDelete: 'set null' }),
    recurrence: text().notNull().default('monthly'),
    nextDueDate: date().notNull(),
    // the day of month a monthly bill is anchored to (a bill on the 31st stays on month ends)
    anchorDay: integer().notNull(),
    isActive: boolean().notNull().default(true),
    autopay: boolean().notNull().default(false),
    notes: text().notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bills_household_due_idx').on(t.householdId, t.nextDueDate),
    check(
      'bills_recurrence_check',
      sql`${t.recurrence} in ('weekly', 'biweekly', 'monthly', 'quarterly', 'yearly', 'once')`,
    ),
    check('bills_amount_check', sql`${t.amount} >= 0`),
  ],
)

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
    check(
      'transactions_kind_check',
      sql`${t.kind} in ('standard', 'transfer', 'opening_balance', 'adjustment')`,
    ),
    check(
      'transactions_source_check',
      sql`${t.source} in ('manual', 'plaid', 'bank_statement', 'credit_statement', 'import')`,
    ),
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

export const budgets = pgTable(
  'budgets',
  {
    id: id(),
    householdId: householdRef(),
    categoryId: uuid()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    month: date().notNull(),
    amount: cents().notNull(),
    rollover: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('budgets_category_month_key').on(t.householdId, t.categoryId, t.month),
    check('budgets_amount_check', sql`${t.amount} >= 0`),
  ],
)

export const goals = pgTable(
  'goals',
  {
    id: id(),
    householdId: householdRef(),
    userId: userRef(),
    name: text().notNull(),
    targetAmount: cents().notNull(),
    currentAmount: cents().notNull().default(0),
    targetDate: date(),
    monthlyContribution: cents().notNull().default(0),
    isActive: boolean().notNull().default(true),
    accountId: uuid().references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('goals_household_idx').on(t.householdId),
    check('goals_target_check', sql`${t.targetAmount} > 0`),
  ],
)

export const goalContributions = pgTable(
  'goal_contributions',
  {
    id: id(),
    goalId: uuid()
      .notNull()
      .references(() => goals.id, { onDelete: 'cascade' }),
    householdId: householdRef(),
    // positive = contribution, negative = withdrawal
    amount: cents().notNull(),
    date: date().notNull(),
    note: text().notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('goal_contributions_goal_idx').on(t.goalId, t.date)],
)

export const reminders = pgTable(
  'reminders',
  {
    id: id(),
    householdId: householdRef(),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('reminders_user_status_idx').on(t.userId, t.status),
    uniqueIndex('reminders_source_key_idx').on(t.userId, t.sourceKey),
    check(
      'reminders_type_check',
      sql`${t.type} in ('bill_due', 'goal_deadline', 'budget_limit', 'other')`,
    ),
    check('reminders_priority_check', sql`${t.priority} in ('urgent', 'high', 'medium', 'low')`),
    check('reminders_status_check', sql`${t.status} in ('active', 'completed', 'dismissed')`),
  ],
)

export const creditScores = pgTable(
  'credit_scores',
  {
    id: id(),
    householdId: householdRef(),
    userId: userRef(),
    score: integer().notNull(),
    provider: text().notNull().default(''),
    date: date().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_scores_user_date_idx').on(t.userId, t.date),
    check('credit_scores_range_check', sql`${t.score} between 300 and 850`),
  ],
)

// Categorisation rules, applied in order at import and on demand.
export const rules = pgTable(
  'rules',
  {
    id: id(),
    householdId: householdRef(),
    name: text().notNull(),
    position: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    match: text().notNull().default('all'),
    conditions: jsonb().$type<RuleCondition[]>().notNull(),
    actions: jsonb().$type<RuleActions>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('rules_household_idx').on(t.householdId, t.position),
    check('rules_match_check', sql`${t.match} in ('all', 'any')`),
  ],
)

// The category a household last chose for a payee: the learned suggestion when no rule matches.
export const payeeCategories = pgTable(
  'payee_categories',
  {
    householdId: householdRef(),
    payeeKey: text().notNull(),
    categoryId: uuid()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.householdId, t.payeeKey] })],
)

// Saved CSV column mappings, one per account (or a household default when account_id is null).
export const importPresets = pgTable(
  'import_presets',
  {
    id: id(),
    householdId: householdRef(),
    accountId: uuid().references(() => accounts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    mapping: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('import_presets_account_key').on(t.householdId, t.accountId).nullsNotDistinct()],
)

// Which scheduled job ran for which period, so several instances never repeat one.
export const jobRuns = pgTable('job_runs', {
  name: text().primaryKey(),
  lastRunAt: timestamp({ withTimezone: true }).notNull(),
})
