// Sessions (list, sign out one, sign out the others) and password reset.
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import * as contract from '#src/contract/sessions'
import { describeDevice } from '#src/domain/device'
import type { AppDeps } from '#src/server/app-deps'
import { notFound } from '#src/server/http/errors'
import { route } from '#src/server/http/route'
import { clearSessionCookie } from '#src/server/plugins/session'
import { recordAudit } from '#src/server/core/audit'
import { confirmPasswordReset, requestPasswordReset } from './password-reset'
import { deleteSessionByToken, deleteUserSessions, listUserSessions, publicSessionId, SESSION_COOKIE } from '#src/server/core/sessions'
import { sessions } from '#src/server/db/schema'

export function securityRoutes(app: FastifyInstance, { db, config, clock }: AppDeps): void {
  const LIMIT = { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } }

  route(app, contract.listSessions, async ({ user, req }) => {
    const rows = await listUserSessions(db, user.id, clock.now(), config.session.idleDays)
    const current = req.auth?.sessionId
    // this device first, then the most recently used
    const ordered = [...rows.filter((r) => r.id === current), ...rows.filter((r) => r.id !== current)]
    return ordered.map((r) => ({
      id: publicSessionId(r.id),
      current: r.id === current,
      userAgent: r.userAgent,
      device: describeDevice(r.userAgent),
      ip: r.ip,
      createdAt: r.createdAt.toISOString(),
      lastSeenAt: r.lastSeenAt.toISOString(),
    }))
  })

  route(app, contract.endSession, async ({ user, params, req, reply }) => {
    const now = clock.now()
    const rows = await listUserSessions(db, user.id, now, config.session.idleDays)
    const target = rows.find((r) => publicSessionId(r.id) === params.id)
    if (!target) throw notFound('Session')
    await db.transaction(async (tx) => {
      await tx.delete(sessions).where(and(eq(sessions.id, target.id), eq(sessions.userId, user.id)))
      await recordAudit(tx, {
        event: 'session_ended',
        userId: user.id,
        detail: { device: describeDevice(target.userAgent), current: target.id === req.auth?.sessionId },
        req,
        at: now,
      })
    })
    // ending this very session is a sign-out
    if (target.id === req.auth?.sessionId) clearSessionCookie(reply, config)
    return { ok: true as const }
  })

  route(app, contract.revokeOtherSessions, async ({ user, req }) => {
    const now = clock.now()
    const current = req.auth?.sessionId ?? ''
    const ended = await db.transaction(async (tx) => {
      const n = await deleteUserSessions(tx, user.id, current)
      await recordAudit(tx, { event: 'sessions_ended', userId: user.id, detail: { ended: n }, req, at: now })
      return n
    })
    return { ended }
  })

  route(
    app,
    contract.requestPasswordReset,
    async ({ body, req }) => {
      await requestPasswordReset({ db, config, now: clock.now(), log: req.log }, body.email, req)
      return { ok: true as const }
    },
    { config: LIMIT },
  )

  route(
    app,
    contract.confirmPasswordReset,
    async ({ body, req, reply }) => {
      const { userId } = await confirmPasswordReset(db, body, clock.now(), req)
      // this instance's session cache (embedded database) forgets them before the answer goes
      req.sessionsEndedFor = userId
      // whatever session this browser had is gone with the others: sign in with the new password
      const token = req.cookies[SESSION_COOKIE]
      if (token) {
        await deleteSessionByToken(db, token)
        clearSessionCookie(reply, config)
      }
      return { ok: true as const }
    },
    { config: LIMIT },
  )
}
