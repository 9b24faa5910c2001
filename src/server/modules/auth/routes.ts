// Sign-in endpoints (JSON) and the browser navigations /api/login and /api/logout of
// docs/product.md §7.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import * as contract from '#src/contract/auth'
import type { AppDeps } from '#src/server/app-deps'
import type { OidcChecks } from '#src/server/integrations/oidc/oidc'
import { AppError, forbidden } from '#src/server/http/errors'
import { route } from '#src/server/http/route'
import { clearSessionCookie } from '#src/server/plugins/session'
import { checkCredentials, completeOnboarding, registerAccount, signInWithOidc, toUserDto } from './service'
import { isSameSiteNavigation, REFUSED_SIGN_OUT_PAGE } from './same-site'
import { recordAudit } from '#src/server/core/audit'
import { deleteSessionByToken, SESSION_COOKIE } from '#src/server/core/sessions'
import { startSession as startNewSession } from './start-session'
import { loginMethods } from '../mfa/service'

const OIDC_COOKIE = 'kinwise_oidc'

function parseChecks(raw: string | undefined): OidcChecks | null {
  if (!raw) return null
  try {
    const value: unknown = JSON.parse(raw)
    if (
      value &&
      typeof value === 'object' &&
      'state' in value &&
      'verifier' in value &&
      'nonce' in value &&
      typeof value.state === 'string' &&
      typeof value.verifier === 'string' &&
      typeof value.nonce === 'string'
    ) {
      return { state: value.state, verifier: value.verifier, nonce: value.nonce }
    }
  } catch {
    // not JSON: treat as missing
  }
  return null
}

export function authRoutes(app: FastifyInstance, { db, config, clock, oidc }: AppDeps): void {
  const SIGN_IN_LIMIT = { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } }
  const startSession = (userId: string, req: FastifyRequest, reply: FastifyReply) =>
    startNewSession({ db, config, now: clock.now() }, userId, req, reply)

  route(app, contract.getUser, async ({ user }) => toUserDto(user))

  route(
    app,
    contract.register,
    async ({ body, req, reply }) => {
      if (!config.allowRegistration) {
        throw forbidden('Registration is closed on this server: ask its administrator for an account', 'REGISTRATION_CLOSED')
      }
      const registration = await registerAccount({ db, config, now: clock.now(), log: req.log }, body)
      // with e-mail on, registering signs nobody in: the same answer for a taken address
      if (registration.kind === 'check_email') return { checkEmail: true as const }
      const { user } = registration
      await startSession(user.id, req, reply)
      req.log.info({ userId: user.id }, 'user registered')
      return toUserDto(user)
    },
    { config: SIGN_IN_LIMIT },
  )

  route(
    app,
    contract.login,
    async ({ body, req, reply }) => {
      const user = await checkCredentials(db, body.email, body.password, { now: clock.now(), req })
      if (user.mfaEnabled) {
        // the password was right: a pending session waits for the second factor (ADR 0024)
        await startNewSession({ db, config, now: clock.now() }, user.id, req, reply, { mfaPending: true })
        return { mfaRequired: true as const, methods: await loginMethods(db, user.id) }
      }
      await startSession(user.id, req, reply)
      return toUserDto(user)
    },
    { config: SIGN_IN_LIMIT },
  )

  const auditSignOut = async (req: FastifyRequest) => {
    if (req.auth) await recordAudit(db, { event: 'sign_out', userId: req.auth.user.id, req, at: clock.now() })
  }

  route(app, contract.logout, async ({ req, reply }) => {
    // an API token signs no browser out (its request's cookies are ignored, ADR 0033)
    if (req.bearer !== null) return { ok: true as const }
    const token = req.cookies[SESSION_COOKIE]
    await auditSignOut(req)
    if (token) await deleteSessionByToken(db, token)
    clearSessionCookie(reply, config)
    return { ok: true as const }
  })

  route(app, contract.completeOnboarding, async ({ user }) =>
    toUserDto(await completeOnboarding(db, user, clock.now())),
  )

  // Browser navigations (docs/product.md §7): the sign-in page (or the OpenID Connect provider when
  // one is configured), and sign-out that lands on the home page
  app.get('/api/login', { schema: { hide: true } }, async (_req, reply) => {
    if (!oidc) return reply.redirect('/auth/login')
    const { url, checks } = await oidc.start()
    reply.setCookie(OIDC_COOKIE, JSON.stringify(checks), {
      path: '/api/auth/oidc',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secureCookies,
      maxAge: 600,
    })
    return reply.redirect(url)
  })
  app.get('/api/auth/oidc/callback', { schema: { hide: true } }, async (req, reply) => {
    if (!oidc) return reply.redirect('/auth/login')
    const raw = req.cookies[OIDC_COOKIE]
    reply.clearCookie(OIDC_COOKIE, { path: '/api/auth/oidc' })
    const checks = parseChecks(raw)
    if (!checks) return reply.redirect('/auth/login?error=expired')
    try {
      const base = config.publicUrl ?? `${req.protocol}://${req.headers.host ?? 'localhost'}`
      const identity = await oidc.finish(new URL(req.url, base), checks)
      const user = await signInWithOidc(db, identity, config.allowRegistration)
      if (user.mfaEnabled) {
        // the provider vouched for the person; Kinwise's own second factor is still owed
        await startNewSession({ db, config, now: clock.now() }, user.id, req, reply, { mfaPending: true })
        return reply.redirect('/auth/login?mfa=1')
      }
      await startSession(user.id, req, reply)
      await recordAudit(db, { event: 'sign_in', userId: user.id, detail: { method: 'oidc' }, req, at: clock.now() })
      return reply.redirect('/auth/callback')
    } catch (error) {
      req.log.warn({ err: error }, 'OpenID Connect sign-in failed')
      const code = error instanceof AppError ? error.code.toLowerCase() : 'failed'
      return reply.redirect(`/auth/login?error=${encodeURIComponent(code)}`)
    }
  })
  app.get('/api/logout', { schema: { hide: true } }, async (req, reply) => {
    // a link on another site must not sign anyone out
    if (!isSameSiteNavigation(req, config)) return reply.code(403).type('text/html').send(REFUSED_SIGN_OUT_PAGE)
    const token = req.cookies[SESSION_COOKIE]
    await auditSignOut(req)
    if (token) await deleteSessionByToken(db, token)
    clearSessionCookie(reply, config)
    return reply.redirect('/')
  })
}
