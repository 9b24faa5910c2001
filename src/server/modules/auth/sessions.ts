// Server-side sessions: the cookie holds a random token, the database its SHA-256. A session
// ends at its absolute expiry or after SESSION_IDLE_DAYS without a request.
import { createHash, randomBytes } from 'node:crypto'
import { and, eq, lt, ne, or } from 'drizzle-orm'
import type { Db } from '../../db/connect'
import { householdMembers, households, sessions, users } from '../../db/schema'
import { isRole, type Role } from '../../../domain/access'
import { effectivePlan, isSubscriptionTier, type BillingStatus, type SubscriptionTier } from '../../../domain/tiers'

export const SESSION_COOKIE = 'kinwise_session'
const DAY_MS = 86_400_000
// write last_seen_at at most this often, so reads stay reads
const TOUCH_EVERY_MS = 60_000

export type UserRow = typeof users.$inferSelect
/**
 * The signed-in member: the user, their household and role in it, and the household's plan as
 * it stands now (subscriptionTier: a failed payment past its grace period counts as free).
 */
export type SessionUser = Omit<UserRow, 'passwordHash' | 'oidcSubject'> & {
  householdId: string
  role: Role
  subscriptionTier: SubscriptionTier
}

/** The columns a member is read with: user, membership and the household's plan. */
export const memberColumns = {
  user: users,
  householdId: householdMembers.householdId,
  role: householdMembers.role,
  plan: households.plan,
  billingStatus: households.billingStatus,
  graceUntil: households.graceUntil,
}

type MemberRow = {
  user: UserRow
  householdId: string
  role: string
  plan: string
  billingStatus: string
  graceUntil: Date | null
}

export function toSessionUser(row: MemberRow, now: Date): SessionUser {
  const { passwordHash: _p, oidcSubject: _o, ...user } = row.user
  const plan = isSubscriptionTier(row.plan) ? row.plan : 'free'
  return {
    ...user,
    householdId: row.householdId,
    role: isRole(row.role) ? row.role : 'viewer',
    subscriptionTier: effectivePlan(
      { plan, billingStatus: row.billingStatus as BillingStatus, graceUntil: row.graceUntil },
      now,
    ),
  }
}

export type SessionLookup =
  | { status: 'valid'; sessionId: string; user: SessionUser; expiresAt: Date; lastSeenAt: Date }
  | { status: 'expired' }
  | { status: 'none' }

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export async function createSession(
  db: Db,
  userId: string,
  now: Date,
  ttlDays: number,
  userAgent: string | undefined,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + ttlDays * DAY_MS)
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    userAgent: userAgent?.slice(0, 300) ?? null,
  })
  return { token, expiresAt }
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
  if (idleSince > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id))
    lastSeenAt = now
  }
  return {
    status: 'valid',
    sessionId: id,
    user: toSessionUser(row, now),
    expiresAt: row.session.expiresAt,
    lastSeenAt,
  }
}

export async function deleteSessionByToken(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)))
}

export async function deleteUserSessions(db: Db, userId: string, exceptSessionId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
        : eq(sessions.userId, userId),
    )
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

