// The audit log: a member's own security events, and for the owner the household's
// (members, roles, plan). Newest first, a page at a time (X-Next-Cursor).
import { z } from 'zod'
import { PERSONAL, endpoint } from './endpoint'
import { AUDIT_EVENT_NAMES } from '../domain/security'

export const auditEntry = z.object({
  id: z.string(),
  event: z.enum(AUDIT_EVENT_NAMES),
  /** the words for the event, e.g. "Password changed" */
  label: z.string(),
  createdAt: z.iso.datetime(),
  ip: z.string().nullable(),
  /** e.g. "Firefox on Windows" (from the user agent) */
  device: z.string().nullable(),
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  /** whom it is about and who did it, for household events and changes made by another member */
  subject: z.object({ id: z.string(), name: z.string() }).nullable(),
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
})
export type AuditEntry = z.infer<typeof auditEntry>

export const auditLogQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(100).optional(),
})

export const getAuditLog = endpoint({
  method: 'GET',
  path: '/api/audit-log',
  summary: "Recent security events: your own, and the household's for its owner; newest first (X-Next-Cursor)",
  tag: 'auth',
  access: PERSONAL,
  query: auditLogQuery,
  response: z.array(auditEntry),
})
