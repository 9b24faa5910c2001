// The one database schema of Kinwise (PostgreSQL dialect, for PGlite and PostgreSQL alike).
// Money is bigint cents, ids are UUIDs, calendar dates are `date`, events are timestamptz.
// Every user-owned row carries household_id; queries are scoped by the session's household.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
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
import { ACCOUNT_VISIBILITIES, INVITE_ROLES, ROLES } from '../../domain/access'
import { ACCOUNT_TYPES } from '../../domain/accounts'
import { ATTACHMENT_KINDS, ATTACHMENT_STORAGES } from '../../domain/attachments'
import { AVATAR_KINDS } from '../../domain/avatar'
import { ADVISOR_ROLES } from '../../domain/advisor/answer'
import { TRANSACTION_CHANGES } from '../../domain/automation/events'
import { AUTOMATION_TYPES } from '../../domain/automation/schedule'
import { BANK_CONNECTION_STATUSES, BANK_PROVIDERS } from '../../domain/bank-connections'
import { CATEGORY_KINDS } from '../../domain/categories'
import { ACTION_STATUSES } from '../../domain/coaching/actions'
import { RATE_SOURCES } from '../../domain/currency'
import { CADENCES, INSIGHT_JOB_STATUSES, INSIGHT_SEVERITIES, RECURRING_STATUSES } from '../../domain/insights/kinds'
import { ASSET_KINDS } from '../../domain/investments/allocation'
import { ACTIVITY_SOURCES, ACTIVITY_TYPES, COST_METHODS, PRICE_SOURCES, type Portfolio } from '../../domain/investments/lots'
import { TRANSACTION_KINDS, TRANSACTION_SOURCES } from '../../domain/ledger'
import { CHALLENGE_KINDS } from '../../domain/planning/challenges'
import { BILL_LINK_KINDS, INCOME_SCHEDULES } from '../../domain/plan/kinds'
import { QB_MAPPING_KINDS } from '../../domain/quickbooks/chart'
import { RECURRENCES } from '../../domain/recurrence'
import { REMINDER_PRIORITIES, REMINDER_STATUSES, REMINDER_TYPES } from '../../domain/reminder-kinds'
import { RULE_MATCHES, type RuleActions, type RuleCondition } from '../../domain/rules'
import { BILLING_STATUSES, SUBSCRIPTION_TIERS } from '../../domain/tiers'

export type { RuleActions, RuleCondition }

/**
 * A check that a text column holds one of a list of allowed values. The list comes from
 * src/domain, where the contracts' zod enums read it too; the SQL is the same `col in ('a', 'b')`
 * the migrations were generated from, so moving a list here changes no migration.
 */
function oneOf(column: SQLWrapper, values: readonly string[]): SQL {
  for (const value of values) if (!/^[a-z0-9_]+$/.test(value)) throw new Error(`Not a plain value: ${value}`)
  return sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`
}

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
    /** when the member's photo (user_avatars) was last uploaded; null without one. Its address carries it (ADR 0051) */
    avatarUpdatedAt: timestamp({ withTimezone: true }),
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
    /** deletion requested: until then sign-in offers only the export and the cancel */
    deleteAfter: timestamp({ withTimezone: true }),
    /** AI coaching's tone for this member: gentle | direct */
    coachTone: text().notNull().default('gentle'),
    /** the Monday of the last week AI coaching looked for this member's actions, found or not */
    coachingWeek: date(),
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

/**
 * Personal API tokens (ADR 0033): a member's own key for scripts, sent as
 * `Authorization: Bearer`. Only the SHA-256 of the token is kept, and its first characters
 * for the list; it acts with its member's access, read-only or read-write, until it expires
 * or is revoked (the row is deleted).
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: id(),
    userId: userRef(),
    name: text().notNull(),
    /** sha-256 of the whole token, hex: how a request's token is found */
    tokenHash: text().notNull(),
    /** the token's first characters ("kw_ab12cd34"), shown in the list so a member knows which it is */
    prefix: text().notNull(),
    readOnly: boolean().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** written at most once a minute; the first use of a UTC day is audited */
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('api_tokens_hash_idx').on(t.tokenHash), index('api_tokens_user_idx').on(t.userId)],
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

/**
 * Wrong second factors (TOTP codes, recovery codes, passkeys) per member, counted before each is
 * checked (a right one removes its row) so that guesses sent at once cannot pass the limit
 * (ADR 0049); kept a day.
 */
export const mfaFailures = pgTable(
  'mfa_failures',
  {
    id: id(),
    userId: userRef(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mfa_failures_user_idx').on(t.userId, t.at), index('mfa_failures_at_idx').on(t.at)],
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
 * Per-minute request limits (sign-in, registration, password and MFA attempts) per client address
 * and route, counted here so every instance counts together (ADR 0031); a row's window restarts
 * once it has passed, and rows long past are purged.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    /** route + client address */
    key: text().primaryKey(),
    hits: integer().notNull(),
    resetsAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hits_resets_at_idx').on(t.resetsAt)],
)

/**
 * Security events: sign-ins and failures, MFA changes, password and e-mail changes,
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
    /** what net worth, reports and holdings are converted to (ADR 0027) */
    baseCurrency: text().notNull().default('USD'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('households_plan_check', oneOf(t.plan, SUBSCRIPTION_TIERS)),
    check('households_billing_status_check', oneOf(t.billingStatus, BILLING_STATUSES)),
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
    check('household_members_role_check', oneOf(t.role, ROLES)),
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
    check('household_invites_role_check', oneOf(t.role, INVITE_ROLES)),
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
    /** investment accounts: how sold shares' cost is taken, fifo (default) or average */
    costMethod: text().notNull().default('fifo'),
    /**
     * investment accounts: the part of `balance` that the investment activities make (their
     * cash effect plus the holdings at the latest prices). `balance` = the ledger's transactions +
     * this, so every sum of balances (net worth, dashboard, mood) includes the holdings; a
     * revaluation moves both by the same difference (ADR 0027)
     */
    investmentValue: cents().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('accounts_household_idx').on(t.householdId),
    check('accounts_cost_method_check', oneOf(t.costMethod, COST_METHODS)),
    uniqueIndex('accounts_external_key_idx').on(t.householdId, t.externalKey),
    check('accounts_type_check', oneOf(t.type, ACCOUNT_TYPES)),
    check('accounts_visibility_check', oneOf(t.visibility, ACCOUNT_VISIBILITIES)),
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
    // a group and its children are of one household (ADR 0036): the parent is looked up by
    // (household, id), which this index makes a key
    uniqueIndex('categories_household_id_idx').on(t.householdId, t.id),
    foreignKey({
      name: 'categories_parent_same_household_fk',
      columns: [t.householdId, t.parentId],
      foreignColumns: [t.householdId, t.id],
    }).onDelete('cascade'),
    uniqueIndex('categories_name_idx').on(
      t.householdId,
      sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`lower(${t.name})`,
    ),
    check('categories_kind_check', oneOf(t.kind, CATEGORY_KINDS)),
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
    /** the last day a due date may fall on (a debt's payoff): paying the last one ends the bill; null: no end */
    endDate: date(),
    isActive: boolean().notNull().default(true),
    autopay: boolean().notNull().default(false),
    notes: text().notNull().default(''),
    /** the payee the bank writes for it, matched against payments ('' = match on the name) */
    payee: text().notNull().default(''),
    /** how far (percent of the amount) a payment may differ and still settle it: wider for utilities */
    tolerancePercent: integer().notNull().default(5),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('bills_tolerance_check', sql`${t.tolerancePercent} between 0 and 100`),
    index('bills_household_due_idx').on(t.householdId, t.nextDueDate),
    check('bills_recurrence_check', oneOf(t.recurrence, RECURRENCES)),
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
    /** a bank connection's row not yet posted: it becomes the posted row, never a second one */
    pending: boolean().notNull().default(false),
    /** how many files (receipts) it carries: kept by the attachment writes, so the list and its
     *  "has receipt" filter read no other table */
    attachmentCount: integer().notNull().default(0),
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
    // the money in of a household by day (ADR 0044): the daily plan finds recurring income in the
    // last 200 days of it on every dashboard call; the partial index reads only those rows
    index('transactions_money_in_idx').on(t.householdId, t.date).where(sql`${t.amount} > 0 and ${t.kind} = 'standard'`),
    check('transactions_kind_check', oneOf(t.kind, TRANSACTION_KINDS)),
    check('transactions_source_check', oneOf(t.source, TRANSACTION_SOURCES)),
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
    id: id(),
    householdId: householdRef(),
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
    id: id(),
    householdId: householdRef(),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('planned_incomes_household_idx').on(t.householdId),
    check('planned_incomes_schedule_check', oneOf(t.schedule, INCOME_SCHEDULES)),
    check('planned_incomes_amount_check', sql`${t.amount} > 0`),
    check('planned_incomes_second_day_check', sql`${t.secondDay} is null or ${t.secondDay} between 1 and 31`),
  ],
)

/** Raw bytes (PostgreSQL bytea) as a Buffer on both drivers. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

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

/**
 * A member's profile photo (ADR 0051): uploaded, a PNG, JPEG or WebP by its first bytes, at most
 * 1 MB; served only to the members of their household. users.avatar_updated_at changes with it,
 * in the same transaction. Gone with the user.
 */
export const userAvatars = pgTable(
  'user_avatars',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    bytes: bytea().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('user_avatars_kind_check', oneOf(t.kind, AVATAR_KINDS))],
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
    check('reminders_type_check', oneOf(t.type, REMINDER_TYPES)),
    check('reminders_priority_check', oneOf(t.priority, REMINDER_PRIORITIES)),
    check('reminders_status_check', oneOf(t.status, REMINDER_STATUSES)),
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
    check('rules_match_check', oneOf(t.match, RULE_MATCHES)),
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
  /** periods claimed so far, by every instance together (ADR 0011, 0031) */
  runs: integer().notNull().default(0),
  /** the instance (host:pid) that claimed the last one */
  claimedBy: text(),
})

// ---- Investments (ADR 0027) ----

/** A security the household holds or held: its symbol is unique in the household. */
export const securities = pgTable(
  'securities',
  {
    id: id(),
    householdId: householdRef(),
    /** upper case, as typed or read from a statement (ticker, or CUSIP/ISIN when there is none) */
    symbol: text().notNull(),
    name: text().notNull().default(''),
    kind: text().notNull().default('stock'),
    /** the currency its prices are quoted in */
    currency: text().notNull().default('USD'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('securities_symbol_idx').on(t.householdId, t.symbol),
    check('securities_kind_check', oneOf(t.kind, ASSET_KINDS)),
  ],
)

/**
 * Activities of an investment account. quantity is whole 1e-8 shares, price whole 1e-8 of the
 * currency unit per share (domain/investments/lots), amount and fees cents in the account's
 * currency; ratio is a split's new shares per old share.
 */
export const investmentActivities = pgTable(
  'investment_activities',
  {
    id: id(),
    householdId: householdRef(),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** null for cash-only activities (interest, a fee, cash in or out) */
    securityId: uuid().references(() => securities.id, { onDelete: 'restrict' }),
    userId: uuid().notNull(),
    type: text().notNull(),
    date: date().notNull(),
    quantity: bigint({ mode: 'number' }),
    price: bigint({ mode: 'number' }),
    amount: cents(),
    fees: cents().notNull().default(0),
    ratio: doublePrecision(),
    /** transfers in: the basis the shares bring */
    costBasis: cents(),
    memo: text().notNull().default(''),
    source: text().notNull().default('manual'),
    /** the statement's id of the activity (OFX FITID): a re-import skips it */
    externalId: text(),
    importBatchId: uuid(),
    createdAt: createdAt(),
  },
  (t) => [
    index('investment_activities_account_idx').on(t.accountId, t.date),
    index('investment_activities_security_idx').on(t.securityId),
    uniqueIndex('investment_activities_external_idx').on(t.accountId, t.externalId).where(sql`${t.externalId} is not null`),
    check('investment_activities_type_check', oneOf(t.type, ACTIVITY_TYPES)),
    check('investment_activities_source_check', oneOf(t.source, ACTIVITY_SOURCES)),
  ],
)

/** One price a day per security (1e-8 of its currency per share). */
export const securityPrices = pgTable(
  'security_prices',
  {
    securityId: uuid()
      .notNull()
      .references(() => securities.id, { onDelete: 'cascade' }),
    householdId: householdRef(),
    date: date().notNull(),
    price: bigint({ mode: 'number' }).notNull(),
    /** manual | csv | statement | provider */
    source: text().notNull().default('manual'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.securityId, t.date] }),
    check('security_prices_source_check', oneOf(t.source, PRICE_SOURCES)),
    check('security_prices_price_check', sql`${t.price} >= 0`),
  ],
)

/** The household's target allocation by asset kind, in whole percent summing to 100. */
export const allocationTargets = pgTable(
  'allocation_targets',
  {
    householdId: householdRef(),
    kind: text().notNull(),
    percent: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.householdId, t.kind] }),
    check('allocation_targets_percent_check', sql`${t.percent} between 0 and 100`),
  ],
)

/**
 * Each investment account's value (cash from its activities plus holdings at that day's prices)
 * at each month's end, written by a revaluation: the net-worth report's history reads these.
 * Null when a holding had no known price then.
 */
export const investmentMonthValues = pgTable(
  'investment_month_values',
  {
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    householdId: householdRef(),
    /** the first of the month */
    month: date().notNull(),
    value: cents(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.month] }), index('investment_month_values_household_idx').on(t.householdId, t.month)],
)

export type StoredSecurity = { id: string; lastTrade: { date: string; price: number } | null }

/**
 * Each investment account's positions after every one of its activities (ADR 0034): the domain's
 * portfolio (lots, cash, realised gain, income, fees) and the last price each security's trades
 * gave, kept by every revaluation so that holdings, the balance and allocation read them instead
 * of replaying the activities. No row: the account was never revalued since this table came, and
 * readers replay its activities.
 */
export const investmentPositions = pgTable('investment_positions', {
  accountId: uuid()
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  householdId: householdRef(),
  portfolio: jsonb().$type<Portfolio>().notNull(),
  /** every security the activities name, with the last price its trades (or transfers) gave, in its own currency */
  securities: jsonb().$type<StoredSecurity[]>().notNull().default([]),
  updatedAt: updatedAt(),
})

/**
 * Each investment account's daily valuation from its activities alone (ADR 0034), stored only on
 * the days it changes: the cash the activities made, the holdings at that day's prices (null when
 * one has no price), the money moved in or out by the activities that day, and the symbols with no
 * price. A day without a row is the last row before it with no flow; after the last row nothing
 * changes. A revaluation rewrites it from the first day a write touched; performance and the
 * valuation history add the ledger's transactions to it instead of replaying the activities.
 */
export const investmentDayValues = pgTable(
  'investment_day_values',
  {
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    householdId: householdRef(),
    date: date().notNull(),
    cash: cents().notNull(),
    marketValue: cents(),
    flow: cents(),
    missing: text().array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.date] })],
)

/**
 * Exchange rates a household keeps: on `date`, one unit of `currency` is worth `rate` units of
 * `quote` (the base currency when it was entered). A conversion on a day uses the latest rate
 * on or before it; with none, the amount is shown as missing, never at 1.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    householdId: householdRef(),
    currency: text().notNull(),
    quote: text().notNull(),
    date: date().notNull(),
    rate: doublePrecision().notNull(),
    /** manual | csv | provider */
    source: text().notNull().default('manual'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.householdId, t.currency, t.quote, t.date] }),
    check('exchange_rates_rate_check', sql`${t.rate} > 0`),
    check('exchange_rates_source_check', oneOf(t.source, RATE_SOURCES)),
  ],
)

// ---- Planning: saved debt plans and savings challenges (ADR 0028) ----

/**
 * A saved debt payoff plan: the simulation's input as it was saved (debts linked to
 * their accounts where they are in the app) and its first month, so the payments actually made
 * into those accounts can be compared with the plan month by month.
 */
export const debtPlans = pgTable(
  'debt_plans',
  {
    id: id(),
    householdId: householdRef(),
    createdBy: userRef(),
    name: text().notNull(),
    input: jsonb().$type<Record<string, unknown>>().notNull(),
    /** the first day of the plan's month 1 */
    startMonth: date().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('debt_plans_household_idx').on(t.householdId, t.createdAt)],
)

/**
 * A savings challenge of the household. `config` holds the kind's settings (step and direction,
 * categories, card accounts, daily allowance, percent, target), checked by the contract; progress
 * is always worked out from transactions and goal contributions, never stored.
 */
export const savingsChallenges = pgTable(
  'savings_challenges',
  {
    id: id(),
    householdId: householdRef(),
    createdBy: userRef(),
    kind: text().notNull(),
    name: text().notNull(),
    config: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** the goal it feeds (52-week, round-ups, custom): its contributions are the progress */
    goalId: uuid().references(() => goals.id, { onDelete: 'set null' }),
    startDate: date().notNull(),
    endDate: date().notNull(),
    /** set once progress first reached the target: the celebration and reminder are made once */
    completedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('savings_challenges_household_idx').on(t.householdId, t.startDate),
    check('savings_challenges_kind_check', oneOf(t.kind, CHALLENGE_KINDS)),
  ],
)

/** The members taking part in a challenge. */
export const savingsChallengeMembers = pgTable(
  'savings_challenge_members',
  {
    challengeId: uuid()
      .notNull()
      .references(() => savingsChallenges.id, { onDelete: 'cascade' }),
    userId: userRef(),
    householdId: householdRef(),
    joinedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.challengeId, t.userId] }), index('savings_challenge_members_user_idx').on(t.userId)],
)

// ---- Insights, coaching, the advisor and automations ----

/**
 * The insight feed: each insight the nightly job (or "Refresh") finds, made once per `key`
 * (e.g. "anomaly:<transaction id>", "recurring:<series key>:price"), read, dismissed or expired.
 * `data` holds the computed figures the page shows and the one-click action needs.
 */
export const insights = pgTable(
  'insights',
  {
    id: id(),
    householdId: householdRef(),
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
    id: id(),
    householdId: householdRef(),
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
    id: id(),
    householdId: householdRef(),
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
    id: id(),
    householdId: householdRef(),
    userId: userRef(),
    title: text().notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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

/**
 * What runs by itself (the Automation Center): scheduled transactions, automatic transfers to
 * goals, alerts and outgoing webhooks. `config` holds the type's settings (a webhook's secret
 * sealed with KINWISE_SECRET_KEY); rules stay in their own table.
 */
export const automations = pgTable(
  'automations',
  {
    id: id(),
    householdId: householdRef(),
    userId: userRef(),
    type: text().notNull(),
    name: text().notNull(),
    config: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    isActive: boolean().notNull().default(true),
    nextRunAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
    id: id(),
    householdId: householdRef(),
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

// ---- Bank connections and QuickBooks ----

/**
 * A member's connection to an aggregator (SimpleFIN Bridge or Plaid). The access URL or token is
 * sealed with KINWISE_SECRET_KEY and deleted with the connection.
 */
export const bankConnections = pgTable(
  'bank_connections',
  {
    id: id(),
    householdId: householdRef(),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
    id: id(),
    householdId: householdRef(),
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
