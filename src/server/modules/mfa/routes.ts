// Two-step verification endpoints (ADR 0024): the member's own MFA settings, the
// second step of sign-in and re-authentication. Thin: the logic is in ./service.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { eq } from 'drizzle-orm'
import * as authContract from '#src/contract/auth'
import * as contract from '#src/contract/mfa'
import type { AppDeps } from '#src/server/app-deps'
import { sessions } from '#src/server/db/schema'
import { AppError, unauthorized } from '#src/server/http/errors'
import { route } from '#src/server/http/route'
import { clearSessionCookie } from '#src/server/plugins/session'
import { recordAudit } from '#src/server/core/audit'
import { toUserDto } from '../auth/service'
import { loadSessionUser } from '#src/server/core/sessions'
import { startSession } from '../auth/start-session'
import * as service from './service'

function sessionIdOf(req: FastifyRequest): string {
  if (!req.auth) throw unauthorized()
  return req.auth.sessionId
}

function pendingOf(req: FastifyRequest): { userId: string; sessionId: string } {
  if (!req.pendingMfa) throw unauthorized()
  return { userId: req.pendingMfa.user.id, sessionId: req.pendingMfa.sessionId }
}

export function mfaRoutes(app: FastifyInstance, { db, config, clock }: AppDeps): void {
  // the second step of sign-in and re-authentication are limited like sign-in itself
  const LIMIT = { config: { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } } }
  const deps = (): service.MfaDeps => ({ db, config, now: clock.now() })

  route(app, contract.getMfa, async ({ user }) => service.getStatus(db, user))
  route(app, contract.setupTotp, async ({ user }) => service.setupTotp(deps(), user))
  route(app, contract.enableTotp, async ({ user, body, req }) => service.enableTotp(deps(), user, sessionIdOf(req), body.code, req), LIMIT)
  route(app, contract.disableTotp, async ({ user, body, req }) => service.disableTotp(deps(), user, body, req), LIMIT)
  route(app, contract.regenerateRecoveryCodes, async ({ user, body, req }) =>
    service.regenerateRecoveryCodes(deps(), user, body.code, req), LIMIT,
  )
  route(app, contract.passkeyRegistrationOptions, async ({ user, req }) =>
    service.passkeyRegistrationOptions(deps(), user, sessionIdOf(req), req),
  )
  route(app, contract.addPasskey, async ({ user, body, req }) => service.addPasskey(deps(), user, sessionIdOf(req), body, req))
  route(app, contract.deletePasskey, async ({ user, params, req }) => {
    await service.deletePasskey(deps(), user, params.id, req)
    return null
  })

  route(app, authContract.reauth, async ({ user, body, req }) => service.reauthenticate(deps(), user, sessionIdOf(req), body, req), LIMIT)

  // ── the second step of sign-in: only a pending session (password right, factor owed) ──
  route(
    app,
    authContract.getLoginMfa,
    async ({ req }) => ({ mfaRequired: true as const, methods: await service.loginMethods(db, pendingOf(req).userId) }),
    LIMIT,
  )
  route(
    app,
    authContract.loginMfaPasskeyOptions,
    async ({ req }) => {
      const { userId, sessionId } = pendingOf(req)
      return service.passkeyLoginOptions(deps(), userId, sessionId, req)
    },
    LIMIT,
  )

  async function endPending(sessionId: string, reply: FastifyReply): Promise<AppError> {
    await db.delete(sessions).where(eq(sessions.id, sessionId))
    clearSessionCookie(reply, config)
    return new AppError(401, 'MFA_SESSION_ENDED', 'Too many wrong codes: sign in again in a few minutes')
  }

  route(
    app,
    authContract.loginMfa,
    async ({ body, req, reply }) => {
      const { userId, sessionId } = pendingOf(req)
      const d = deps()
      const method = await service.signInSecondStep(d, userId, sessionId, body, req)
      if (method === 'locked') throw await endPending(sessionId, reply)
      if (!method) {
        throw new AppError(401, 'INVALID_CODE', body.passkey ? 'The passkey was not accepted: try again or use a code' : 'That code is not right: try the newest one')
      }
      // the pending session ends and a full one starts (rotation); it counts as re-authenticated
      await startSession(d, userId, req, reply)
      await recordAudit(db, { event: 'sign_in', userId, detail: { method }, req, at: d.now })
      return toUserDto(await loadSessionUser(db, userId, d.now))
    },
    LIMIT,
  )
}
