// Members and how they prove who they are: users and their photos, sessions, personal API tokens,
// second factors (recovery codes, passkeys), password resets, and the counts that limit failed
// sign-ins, wrong second factors and requests. userRef() is defined here, beside users.
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { AVATAR_KINDS } from '#src/domain/avatar'
import { bytea, createdAt, id, oneOf, timestamps, updatedAt } from './columns'

/** the user who made a row, gone with them */
export const userRef = () =>
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
    ...timestamps(),
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
