// The household that owns the data and holds the plan, its members and invitations, the Stripe
// events applied to it, and the audit log (here rather than in users-and-auth.ts because it points
// at both users and households). householdRef() is defined here, beside households.
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { INVITE_ROLES, ROLES } from '#src/domain/access'
import { BILLING_STATUSES, SUBSCRIPTION_TIERS } from '#src/domain/tiers'
import { createdAt, id, oneOf, timestamps } from './columns'
import { userRef, users } from './users-and-auth'

/** the household a row belongs to: every household-scoped table has one, gone with it */
export const householdRef = () =>
  uuid()
    .notNull()
    .references(() => households.id, { onDelete: 'cascade' })

/** A household table's first columns, spread into it: its own id and the household it belongs to. */
export const householdOwned = () => ({ id: id(), householdId: householdRef() })

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
    ...timestamps(),
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
