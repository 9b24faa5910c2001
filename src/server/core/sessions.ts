// Server-side sessions: the cookie holds a random token, the database its SHA-256. A session
// ends at its absolute expiry or after SESSION_IDLE_DAYS without a request.
import { createHash, randomBytes } from 'node:crypto'
import { and, desc, eq, gt, lt, ne, or } from 'drizzle-orm'
import { embeddedHeld, type Db, type DbOrTx } from '../db/connect'
import { householdMembers, households, sessions, users } from '../db/schema'
import { notFound } from '../http/errors'
import { isRole, type Role } from '#src/domain/access'
import { effectivePlan, isSubscriptionTier, type BillingStatus, type SubscriptionTier } from '#src/domain/tiers'

export const SESSION_COOKIE = 'kinwise_session'
const DAY_MS = 86_400_000
// write last_seen_at at most this often, so reads stay reads
const TOUCH_EVERY_MS = 60_000

export type UserRow = typeof users.$inferSelect
/**
 * The signed-in member: the user, their household and role in it, and the household's plan as
 * it stands now (subscriptionTier: a failed payment past its grace period counts as free).
 */
export type SessionUser = Omit<UserRow, 'passwordHash' | 'oidcSubject' | 'totpSecret' | 'totpPendingSecret' | 'totpLastStep'> & {
  householdId: string
  role: Role
  subscriptionTier: SubscriptionTier
  /** a second factor is on (TOTP confirmed; passkeys come on top of it) */
  mfaEnabled: boolean
  /** the owner requires a second factor of every member */
  householdRequiresMfa: boolean
}

/** The columns a member is read with: user, membership and the household's plan. */
export const memberColumns = {
  user: users,
  householdId: householdMembers.householdId,
  role: householdMembers.role,
  plan: households.plan,
  billingStatus: households.billingStatus,
  graceUntil: households.graceUntil,
  requireMfa: households.requireMfa,
  householdBaseCurrency: households.baseCurrency,
}

type MemberRow = {
  user: UserRow
  householdId: string
  role: string
  plan: string
  billingStatus: string
  graceUntil: Date | null
  requireMfa: boolean
  householdBaseCurrency: string
}

export function toSessionUser(row: MemberRow, now: Date): SessionUser {
  const { passwordHash: _p, oidcSubject: _o, totpSecret: _t, totpPendingSecret: _tp, totpLastStep: _ts, ...user } = row.user
  const plan = isSubscriptionTier(row.plan) ? row.plan : 'free'
  return {
    ...user,
    // the household's base currency: every figure is shown in it, for every member
    baseCurrency: row.householdBaseCurrency,
    householdId: row.householdId,
    role: isRole(row.role) ? row.role : 'viewer',
    mfaEnabled: row.user.totpEnabledAt !== null,
    householdRequiresMfa: row.requireMfa,
    subscriptionTier: effectivePlan(
      { plan, billingStatus: row.billingStatus as BillingStatus, graceUntil: row.graceUntil },
      now,
    ),
  }
}

/** The signed-in member as the session carries them: the user, their household and role, the plan. */
export async function loadSessionUser(db: DbOrTx, userId: string, now: Date = new Date()): Promise<SessionUser> {
  const rows = await db
    .select(memberColumns)
    .from(users)
    .innerJoin(householdMembers, eq(householdMembers.userId, users.id))
    .innerJoin(households, eq(households.id, householdMembers.householdId))
    .where(eq(users.id, userId))
    .limit(1)
  const row = rows[0]
  if (!row) throw notFound('User')
  return toSessionUser(row, now)
}

export type SessionLookup =
  | {
      status: 'valid'
      sessionId: string
      user: SessionUser
      expiresAt: Date
      lastSeenAt: Date
      /** the password was right, the second factor is still owed: not signed in */
      mfaPending: boolean
      /** when this session last proved its user (password or second factor) */
      reauthAt: Date | null
    }
  | { status: 'expired' }
  | { status: 'none' }

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** How long a session waits for its second factor after the password. */
export const MFA_PENDING_MS = 10 * 60_000

export type NewSession = {
  userAgent?: string | undefined
  ip?: string | undefined
  /** password accepted, second factor owed: the session lives 10 minutes and signs nobody in */
  mfaPending?: boolean
}

export async function createSession(
  db: Db,
  userId: string,
  now: Date,
  ttlDays: number,
  options: NewSession = {},
): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + (options.mfaPending ? MFA_PENDING_MS : ttlDays * DAY_MS))
  const sessionId = hashToken(token)
  await db.insert(sessions).values({
    id: sessionId,
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    userAgent: options.userAgent?.slice(0, 300) ?? null,
    ip: options.ip?.slice(0, 64) ?? null,
    mfaPending: options.mfaPending ?? false,
    reauthAt: options.mfaPending ? null : now,
  })
  return { token, sessionId, expiresAt }
}

/** Records that the session's user just proved themselves (password or second factor). */
export async function markReauthenticated(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ reauthAt: now }).where(eq(sessions.id, sessionId))
}

export async function findSession(
  db: Db,
  token: string,
  now: Date,
  idleDays: number,
): Promise<SessionLookup> {
  const id = hashToken(token)
  const rows = await db
    .select({ ...memberColumns, session: sessions })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(householdMembers, eq(householdMembers.userId, users.id))
    .innerJoin(households, eq(households.id, householdMembers.householdId))
    .where(eq(sessions.id, id))
    .limit(1)
  const row = rows[0]
  if (!row) return { status: 'none' }
  const idleSince = now.getTime() - row.session.lastSeenAt.getTime()
  if (row.session.expiresAt.getTime() <= now.getTime() || idleSince > idleDays * DAY_MS) {
    await db.delete(sessions).where(eq(sessions.id, id))
    return { status: 'expired' }
  }
  let lastSeenAt = row.session.lastSeenAt
  // not while an import holds the embedded database: the write would wait for it, and this
  // request with it; the next request after the import writes it
  if (idleSince > TOUCH_EVERY_MS && !embeddedHeld(db)) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id))
    lastSeenAt = now
  }
  return {
    status: 'valid',
    sessionId: id,
    user: toSessionUser(row, now),
    expiresAt: row.session.expiresAt,
    lastSeenAt,
    mfaPending: row.session.mfaPending,
    reauthAt: row.session.reauthAt,
  }
}

export async function deleteSessionByToken(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)))
}

/** Ends every session of a user (but one); returns how many ended. */
export async function deleteUserSessions(db: DbOrTx, userId: string, exceptSessionId?: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
        : eq(sessions.userId, userId),
    )
    .returning({ id: sessions.id })
  return ended.length
}

/**
 * The id a session is shown and ended by (Settings → Security): derived from the stored id, so
 * the list never hands out the key the cookie is looked up with.
 */
export const publicSessionId = (sessionId: string) =>
  createHash('sha256').update(`kinwise-session-public:${sessionId}`).digest('hex').slice(0, 32)

export type SessionRow = typeof sessions.$inferSelect

/** A user's signed-in sessions (not those still owed a second factor), newest use first. */
export async function listUserSessions(db: DbOrTx, userId: string, now: Date, idleDays: number): Promise<SessionRow[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.mfaPending, false), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
  return rows.filter((r) => now.getTime() - r.lastSeenAt.getTime() <= idleDays * DAY_MS)
}

/** Removes sessions past their expiry or idle limit (run by the scheduler). */
export async function purgeSessions(db: Db, now: Date, idleDays: number): Promise<void> {
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, now),
        lt(sessions.lastSeenAt, new Date(now.getTime() - idleDays * DAY_MS)),
      ),
    )
}

