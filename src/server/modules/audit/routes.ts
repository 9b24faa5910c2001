// GET /api/audit-log: a member's security events (and the household's, for the owner).
import type { FastifyInstance } from 'fastify'
import { getAuditLog } from '#src/contract/audit'
import { NEXT_CURSOR_HEADER } from '#src/contract/common'
import type { AppDeps } from '#src/server/app-deps'
import { route } from '#src/server/http/route'
import { listAuditLog } from './service'

export function auditRoutes(app: FastifyInstance, { db }: AppDeps): void {
  route(app, getAuditLog, async ({ user, query, reply }) => {
    const { entries, nextCursor } = await listAuditLog(db, user, query)
    if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor)
    return entries
  })
}
