// Writes one audit-log event. Every module that changes something security-relevant
// calls this; it never carries secrets (no passwords, codes, tokens or hashes in `detail`).
import type { FastifyRequest } from 'fastify'
import type { DbOrTx } from '../db/connect'
import { auditLog } from '../db/schema'
import type { AuditEvent } from '#src/domain/security'

export type AuditEntry = {
  event: AuditEvent
  /** the member the event is about */
  userId: string | null
  /** set for household events (members, roles, plan): the owner sees them too */
  householdId?: string | null
  /** who did it, when another member did */
  actorId?: string | null
  detail?: Record<string, string | number | boolean | null>
  /** the request it came from: its client address and user agent are kept */
  req?: FastifyRequest | null
  at: Date
}

export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  const ua = entry.req?.headers['user-agent']
  await db.insert(auditLog).values({
    event: entry.event,
    userId: entry.userId,
    householdId: entry.householdId ?? null,
    actorId: entry.actorId ?? null,
    detail: entry.detail ?? {},
    ip: entry.req?.ip?.slice(0, 64) ?? null,
    userAgent: typeof ua === 'string' ? ua.slice(0, 300) : null,
    createdAt: entry.at,
  })
}
