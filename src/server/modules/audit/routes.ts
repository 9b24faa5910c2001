// GET /api/audit-log: a member's security events (and the household's, for the owner).
import type { FastifyInstance } from 'fastify'
import { getAuditLog } from '../../../contract/audit'
import { NEXT_CURSOR_HEADER } from '../../../contract/common'
import type { AppDeps } from '../../app-deps'
import { route } from '../../http/route'
import { listAuditLog } from './service'

export function auditRoutes(app: FastifyInstance, { db }: AppDeps): void {
  route(app, getAuditLog, async ({ user, query, reply }) => {
    const { entries, nextCursor } = await listAuditLog(db, user, query)
    if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor)
    return entries
  })
}
