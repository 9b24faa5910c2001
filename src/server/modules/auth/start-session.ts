// Starting a session after the user proved who they are: the one place that makes the cookie.
// Whatever session the browser had before ends (rotation), so a fixed or stolen pre-sign-in
// cookie is worth nothing afterwards.
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '#src/server/config'
import type { Db } from '#src/server/db/connect'
import { setSessionCookie } from '#src/server/plugins/session'
import { createSession, deleteSessionByToken, SESSION_COOKIE } from '#src/server/core/sessions'

export type SessionDeps = { db: Db; config: Config; now: Date }

export async function startSession(
  { db, config, now }: SessionDeps,
  userId: string,
  req: FastifyRequest,
  reply: FastifyReply,
  options: { mfaPending?: boolean } = {},
): Promise<{ sessionId: string }> {
  const previous = req.cookies[SESSION_COOKIE]
  if (previous) await deleteSessionByToken(db, previous)
  const ua = req.headers['user-agent']
  const session = await createSession(db, userId, now, config.session.ttlDays, {
    userAgent: typeof ua === 'string' ? ua : undefined,
    ip: req.ip,
    mfaPending: options.mfaPending ?? false,
  })
  setSessionCookie(reply, config, session.token, session.expiresAt)
  return { sessionId: session.sessionId }
}
