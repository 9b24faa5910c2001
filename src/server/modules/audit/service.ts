// Reading the audit log (GET /api/audit-log) and purging it. A member sees the events about
// them; the owner also sees the household's events (householdId set: members, roles, plan).
import { and, desc, eq, inArray, isNotNull, lt, or, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type { AuditEntry, auditLogQuery } from '../../../contract/audit'
import { describeDevice } from '../../../domain/device'
import { AUDIT_EVENTS, type AuditEvent } from '../../../domain/security'
import type { Db, DbOrTx } from '../../db/connect'
import { auditLog, mfaFailures, passwordResetTokens, rateLimitHits, signInFailures, users } from '../../db/schema'
import { RATE_LIMIT_KEEP_MS } from '../../plugins/rate-limit-store'
import { badRequest } from '../../http/errors'
import type { SessionUser } from '../auth/sessions'

const DAY_MS = 86_400_000

function isAuditEvent(e: string): e is AuditEvent {
  return e in AUDIT_EVENTS
}

type Cursor = { at: Date; id: string }

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.at.toISOString(), c.id])).toString('base64url')
}

function decodeCursor(raw: string): Cursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'))
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'string') {
      const at = new Date(value[0])
      if (!Number.isNaN(at.getTime()) && /^[0-9a-f-]{36}$/.test(value[1])) return { at, id: value[1] }
    }
  } catch {
    // fall through
  }
  throw badRequest('The cursor is not valid: start again from the first page', 'INVALID_CURSOR')
}

export async function listAuditLog(
  db: Db,
  user: SessionUser,
  query: z.output<typeof auditLogQuery>,
): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  const whose: SQL | undefined =
    user.role === 'owner' ? or(eq(auditLog.userId, user.id), eq(auditLog.householdId, user.householdId)) : eq(auditLog.userId, user.id)
  const conditions: (SQL | undefined)[] = [whose]
  if (query.cursor) {
    const c = decodeCursor(query.cursor)
    conditions.push(or(lt(auditLog.createdAt, c.at), and(eq(auditLog.createdAt, c.at), lt(auditLog.id, c.id))))
  }
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(query.limit + 1)
  const page = rows.slice(0, query.limit)
  const last = page.at(-1)
  const nextCursor = rows.length > query.limit && last ? encodeCursor({ at: last.createdAt, id: last.id }) : null
  const people = [...new Set(page.flatMap((r) => [r.userId, r.actorId]).filter((v): v is string => v !== null))]
  const names = new Map(
    people.length
      ? (
          await db
            .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
            .from(users)
            .where(inArray(users.id, people))
        ).map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim()])
      : [],
  )
  const person = (id: string | null) => (id && names.has(id) ? { id, name: names.get(id) ?? '' } : null)
  const entries = page.flatMap((r): AuditEntry[] =>
    isAuditEvent(r.event)
      ? [
          {
            id: r.id,
            event: r.event,
            label: AUDIT_EVENTS[r.event],
            createdAt: r.createdAt.toISOString(),
            ip: r.ip,
            device: r.userAgent ? describeDevice(r.userAgent) : null,
            detail: r.detail,
            subject: person(r.userId),
            actor: r.actorId && r.actorId !== r.userId ? person(r.actorId) : null,
          },
        ]
      : [],
  )
  return { entries, nextCursor }
}

/**
 * The daily clean-up: audit events past their retention, wrong passwords and second factors
 * older than a day (they only count for 15 and 10 minutes), reset links used or expired, and
 * request-limit counters whose window ended over an hour ago.
 */
export async function purgeSecurityRows(
  db: DbOrTx,
  now: Date,
  retentionDays: number,
): Promise<{ audit: number; failures: number; resetTokens: number; rateLimits: number }> {
  const audit = await db
    .delete(auditLog)
    .where(lt(auditLog.createdAt, new Date(now.getTime() - retentionDays * DAY_MS)))
    .returning({ id: auditLog.id })
  const failures = await db
    .delete(signInFailures)
    .where(lt(signInFailures.at, new Date(now.getTime() - DAY_MS)))
    .returning({ id: signInFailures.id })
  const codeFailures = await db
    .delete(mfaFailures)
    .where(lt(mfaFailures.at, new Date(now.getTime() - DAY_MS)))
    .returning({ id: mfaFailures.id })
  const resetTokens = await db
    .delete(passwordResetTokens)
    .where(or(isNotNull(passwordResetTokens.usedAt), lt(passwordResetTokens.expiresAt, now)))
    .returning({ id: passwordResetTokens.id })
  const rateLimits = await db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.resetsAt, new Date(now.getTime() - RATE_LIMIT_KEEP_MS)))
    .returning({ key: rateLimitHits.key })
  return { audit: audit.length, failures: failures.length + codeFailures.length, resetTokens: resetTokens.length, rateLimits: rateLimits.length }
}

