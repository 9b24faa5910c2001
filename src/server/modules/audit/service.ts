// Reading the audit log (GET /api/audit-log) and purging it. A member sees the events about
// them; the owner also sees the household's events (householdId set: members, roles, plan).
import type { z } from 'zod'
import type { AuditEntry, auditLogQuery } from '#src/contract/audit'
import { describeDevice } from '#src/domain/device'
import { AUDIT_EVENTS, type AuditEvent } from '#src/domain/security'
import type { Db, DbOrTx } from '#src/server/db/connect'
import { RATE_LIMIT_KEEP_MS } from '#src/server/plugins/rate-limit-store'
import { badRequest } from '#src/server/http/errors'
import type { SessionUser } from '#src/server/core/sessions'
import * as repo from './repo'

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
  const cursor = query.cursor ? decodeCursor(query.cursor) : null
  const who = { userId: user.id, householdId: user.role === 'owner' ? user.householdId : null }
  const rows = await repo.listAuditRows(db, who, cursor, query.limit + 1)
  const page = rows.slice(0, query.limit)
  const last = page.at(-1)
  const nextCursor = rows.length > query.limit && last ? encodeCursor({ at: last.createdAt, id: last.id }) : null
  const people = [...new Set(page.flatMap((r) => [r.userId, r.actorId]).filter((v): v is string => v !== null))]
  const names = new Map(
    people.length
      ? (
          await repo.listUserNames(db, people)
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
  const audit = await repo.deleteAuditBefore(db, new Date(now.getTime() - retentionDays * DAY_MS))
  const failures = await repo.deleteSignInFailuresBefore(db, new Date(now.getTime() - DAY_MS))
  const codeFailures = await repo.deleteMfaFailuresBefore(db, new Date(now.getTime() - DAY_MS))
  const resetTokens = await repo.deleteSpentResetTokens(db, now)
  const rateLimits = await repo.deleteRateLimitsBefore(db, new Date(now.getTime() - RATE_LIMIT_KEEP_MS))
  return { audit, failures: failures + codeFailures, resetTokens, rateLimits }
}

