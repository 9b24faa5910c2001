// Audit log queries: a page of a member's events (and the household's, for the owner), the
// names of the people they mention, and the clean-up of old security rows.
import { and, desc, eq, inArray, isNotNull, lt, or, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '#src/server/db/connect'
import { auditLog, mfaFailures, passwordResetTokens, rateLimitHits, signInFailures, users } from '#src/server/db/schema'

export type AuditRow = typeof auditLog.$inferSelect

/**
 * Up to `limit` events about the member, newest first, after `cursor` when given; with
 * `householdId` (the owner) the household's events too.
 */
export function listAuditRows(
  db: DbOrTx,
  who: { userId: string; householdId: string | null },
  cursor: { at: Date; id: string } | null,
  limit: number,
): Promise<AuditRow[]> {
  const whose: SQL | undefined =
    who.householdId !== null ? or(eq(auditLog.userId, who.userId), eq(auditLog.householdId, who.householdId)) : eq(auditLog.userId, who.userId)
  const conditions: (SQL | undefined)[] = [whose]
  if (cursor) conditions.push(or(lt(auditLog.createdAt, cursor.at), and(eq(auditLog.createdAt, cursor.at), lt(auditLog.id, cursor.id))))
  return db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
}

export function listUserNames(db: DbOrTx, ids: string[]) {
  return db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, ids))
}

export async function deleteAuditBefore(db: DbOrTx, before: Date): Promise<number> {
  const gone = await db.delete(auditLog).where(lt(auditLog.createdAt, before)).returning({ id: auditLog.id })
  return gone.length
}

export async function deleteSignInFailuresBefore(db: DbOrTx, before: Date): Promise<number> {
  const gone = await db.delete(signInFailures).where(lt(signInFailures.at, before)).returning({ id: signInFailures.id })
  return gone.length
}

export async function deleteMfaFailuresBefore(db: DbOrTx, before: Date): Promise<number> {
  const gone = await db.delete(mfaFailures).where(lt(mfaFailures.at, before)).returning({ id: mfaFailures.id })
  return gone.length
}

/** Reset links used, or expired before `now`. */
export async function deleteSpentResetTokens(db: DbOrTx, now: Date): Promise<number> {
  const gone = await db
    .delete(passwordResetTokens)
    .where(or(isNotNull(passwordResetTokens.usedAt), lt(passwordResetTokens.expiresAt, now)))
    .returning({ id: passwordResetTokens.id })
  return gone.length
}

export async function deleteRateLimitsBefore(db: DbOrTx, before: Date): Promise<number> {
  const gone = await db.delete(rateLimitHits).where(lt(rateLimitHits.resetsAt, before)).returning({ key: rateLimitHits.key })
  return gone.length
}
