// Resolves the session cookie on every /api request into request.auth (or null), and offers
// the cookie helpers the auth routes use. Routes then require a user through the contract.
import type { FastifyInstance, FastifyReply } from 'fastify'
import {
  findSession,
  hashToken,
  SESSION_COOKIE,
  type SessionLookup,
  type SessionUser,
} from '../core/sessions'
import type { Config } from '../config'
import { embeddedHeld, type Db } from '../db/connect'
import type { Clock } from '../clock'
import { createSessionCache } from './session-cache'
import { forgetScope } from '../core/scope'
import { findToken } from '../modules/api-tokens/service'
import { bearerToken } from './bearer'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const DAY_MS = 86_400_000

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * the signed-in member; null without a session, or while the second factor is owed. `token`
     * is set when a personal API token signed the request in (ADR 0033): it never carries a
     * re-authentication, and its sessionId matches no session.
     */
    auth: {
      user: SessionUser
      sessionId: string
      reauthAt: Date | null
      token: { id: string; readOnly: boolean } | null
    } | null
    authExpired: boolean
    /**
     * An `Authorization: Bearer` header came with the request (then its cookies are ignored):
     * whether its token was valid, expired, or unknown (revoked, mistyped); null without one.
     */
    bearer: 'valid' | 'expired' | 'invalid' | null
    /** a session whose password was right and whose second factor is still owed */
    pendingMfa: { user: SessionUser; sessionId: string } | null
    /** set by a request that ended a user's sessions without being signed in as them (reset) */
    sessionsEndedFor: string | null
  }
}

export function setSessionCookie(
  reply: FastifyReply,
  config: Config,
  token: string,
  expiresAt: Date,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    expires: expiresAt,
  })
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
  })
}

/** How long a request waits for its session's read before a cached answer past its time is used. */
export const STALE_AFTER_MS = 250

/**
 * The session's read, or, when it takes longer than STALE_AFTER_MS and the cache still holds the
 * session (past its time to live, within its own limits), that cached answer. Only the embedded
 * database keeps a cache, and there a long write (a large import holds its one session) would
 * otherwise hold every request of the app, the import's own progress included; the read goes on
 * and refreshes the cache when the database is free. Forgotten sessions (sign-out, a password or
 * household change) are not in the cache, so they are never served this way.
 */
async function orStale(pending: Promise<SessionLookup>, stale: SessionLookup | null): Promise<SessionLookup> {
  if (stale === null) return pending
  let timer: ReturnType<typeof setTimeout> | undefined
  // a read that fails after the cached answer was used is dropped: the next request reads again
  pending.catch(() => undefined)
  try {
    return await Promise.race([pending, new Promise<SessionLookup>((resolve) => (timer = setTimeout(() => resolve(stale), STALE_AFTER_MS)))])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * `cacheMs` > 0 keeps resolved sessions that long in this process (ADR 0015); 0 reads the
 * database on every request. Concurrent requests of one session share one read either way.
 */
export function registerSession(
  app: FastifyInstance,
  deps: { db: Db; config: Config; clock: Clock; cacheMs?: number },
): void {
  const cache = createSessionCache(deps.cacheMs ?? 0)
  const reading = new Map<string, Promise<SessionLookup>>()
  const idleMs = deps.config.session.idleDays * DAY_MS
  app.decorateRequest('auth', null)
  app.decorateRequest('authExpired', false)
  app.decorateRequest('bearer', null)
  app.decorateRequest('pendingMfa', null)
  app.decorateRequest('sessionsEndedFor', null)
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/')) return
    const bearer = bearerToken(req.headers.authorization)
    if (bearer !== null) {
      // a script's token: the browser's cookies, if any, play no part in this request
      const lookup = await findToken(deps.db, bearer, deps.clock.now(), req)
      req.bearer = lookup.status === 'valid' ? 'valid' : lookup.status === 'expired' ? 'expired' : 'invalid'
      if (lookup.status === 'valid') {
        req.auth = { user: lookup.user, sessionId: `token:${lookup.tokenId}`, reauthAt: null, token: { id: lookup.tokenId, readOnly: lookup.readOnly } }
      }
      return
    }
    const token = req.cookies[SESSION_COOKIE]
    if (!token) return
    const id = hashToken(token)
    const now = deps.clock.now()
    // while an import holds the embedded database no session can change (sign-outs and every
    // other change are writes, which wait for it): the cached session is still exact, and a read
    // would hold the app's one connection until the import ends (ADR 0042)
    let found = cache.get(id, now.getTime(), idleMs) ?? (embeddedHeld(deps.db) ? cache.stale(id, now.getTime(), idleMs) : null)
    if (!found) {
      let pending = reading.get(id)
      if (!pending) {
        const generation = cache.generation()
        pending = findSession(deps.db, token, now, deps.config.session.idleDays)
          .then((lookup) => {
            if (lookup.status === 'valid') {
              const { expiresAt, lastSeenAt } = lookup
              cache.set(
                id,
                {
                  userId: lookup.user.id,
                  expiresAt: expiresAt.getTime(),
                  lastSeenAt: lastSeenAt.getTime(),
                  lookup,
                },
                now.getTime(),
                generation,
              )
            }
            return lookup
          })
          .finally(() => {
            if (reading.get(id) === pending) reading.delete(id)
          })
        reading.set(id, pending)
      }
      found = await orStale(pending, cache.stale(id, now.getTime(), idleMs))
    }
    if (found.status === 'valid' && found.mfaPending) req.pendingMfa = { user: found.user, sessionId: found.sessionId }
    else if (found.status === 'valid') req.auth = { user: found.user, sessionId: found.sessionId, reauthAt: found.reauthAt, token: null }
    else if (found.status === 'expired') req.authExpired = true
  })
  // whatever a signed-in user changed (sign-out, password, settings, profile, tier…) is seen by
  // their very next request on this instance; so is a sign-in or sign-out that sets the cookie
  app.addHook('onSend', async (req, reply, payload) => {
    const setCookie = reply.getHeader('set-cookie')
    const touchesSession = [setCookie]
      .flat()
      .some((c) => typeof c === 'string' && c.startsWith(`${SESSION_COOKIE}=`))
    // a change to a household (members, roles, plan; a billing webhook has no session) changes
    // what its other members may do: forget every cached session on this instance
    const householdChange =
      !SAFE_METHODS.has(req.method) && (req.url.startsWith('/api/household') || req.url.startsWith('/api/billing/'))
    if (req.sessionsEndedFor) {
      cache.forgetUser(req.sessionsEndedFor)
      reading.clear()
    }
    if ((req.auth && !SAFE_METHODS.has(req.method)) || touchesSession || householdChange) {
      // what a household's members may see of its accounts is kept too (embedded database)
      if (householdChange) forgetScope(deps.db, null)
      else if (req.auth && !SAFE_METHODS.has(req.method)) forgetScope(deps.db, req.auth.user.householdId)
      if (householdChange) cache.forgetAll()
      else if (req.auth) cache.forgetUser(req.auth.user.id)
      // a pending sign-in finished or ended (ADR 0024): its cookie must not live on in the cache
      else if (req.pendingMfa) cache.forgetUser(req.pendingMfa.user.id)
      else cache.forgetSession('')
      reading.clear()
    }
    return payload
  })
}
