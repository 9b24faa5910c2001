// Sessions, recovery and sign-in limits: revocation on every instance, the sessions
// list, password reset by a real SMTP server and by the CLI's link, registration that tells no
// one which e-mails have accounts, the per-account sign-in limit (counted before each guess is
// checked, and for the passwords a signed-in session types too), the same-site-only
// /api/logout and the audit log.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#src/server/app'
import { parseConfig } from '#src/server/config'
import { holdEmbedded } from '#src/server/db/connect'
import { auditLog, mfaFailures, passwordResetTokens, sessions, signInFailures } from '#src/server/db/schema'
import { addMember, clientFor, createTestApp, signUp, type Client, type TestContext } from '#src/server/test/helper'
import { startMailServer, type TestMailServer } from '#src/server/test/mail-server'
import { purgeSecurityRows } from '../audit/service'
import { ACCOUNT_FAILURE_LIMIT, emailHash } from '#src/server/core/password-guesses'
import { resetLinkFor, settlePasswordResets } from './password-reset'
import { createSession } from '#src/server/core/sessions'

const STRONG = 'correct horse battery'
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36'
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1'

let t: TestContext
let mail: TestMailServer
let tm: TestContext
beforeAll(async () => {
  mail = await startMailServer()
  t = await createTestApp({ now: '2026-03-15T12:00:00Z' })
  tm = await createTestApp({
    now: '2026-03-15T12:00:00Z',
    env: { SMTP_URL: mail.url, MAIL_FROM: 'Kinwise <kinwise@example.test>' },
  })
})
afterAll(async () => {
  await settlePasswordResets()
  await t.close()
  await tm.close()
  await mail.close()
})

/** With mail on, registering signs nobody in: register, then sign in. */
async function signUpWithMail(ctx: TestContext, password: string): Promise<Client> {
  const email = `mail-${Math.random().toString(36).slice(2, 10)}@example.com`
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { firstName: 'Mia', lastName: 'Mail', email, password, acceptTerms: true },
    remoteAddress: '10.9.8.1',
  })
  expect(res.json()).toEqual({ checkEmail: true })
  await mail.waitFor(email)
  const signedIn = await signIn(ctx.app, email, password)
  expect(signedIn.statusCode).toBe(200)
  return clientFor(ctx.app, cookieOf(signedIn), signedIn.json())
}

const cookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie']).split(';')[0] ?? ''

async function signIn(app: FastifyInstance, email: string, password: string, options: { ua?: string; ip?: string } = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    headers: options.ua ? { 'user-agent': options.ua } : {},
    remoteAddress: options.ip ?? '10.9.0.1',
  })
}

async function events(client: Client): Promise<{ id: string; event: string; detail: Record<string, unknown>; subject: { id: string } | null; actor: { id: string } | null; device: string | null; ip: string | null }[]> {
  const res = await client.get('/api/audit-log')
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

describe('revocation on every instance', () => {
  it('a session signed out or ended by a password change on one instance is refused by another at once (PostgreSQL: no session cache)', async () => {
    // two production instances on one database, as a PostgreSQL deployment runs them
    const config = parseConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: 'postgres://kinwise@db.example.test/kinwise' })
    const a = await buildApp({ db: t.database.db, config, clock: t.clock, webDir: null })
    const b = await buildApp({ db: t.database.db, config, clock: t.clock, webDir: null })
    try {
      const user = await signUp(t.app, { password: 'first password here' })
      const onA = clientFor(a, cookieOf(await signIn(a, user.user.email, 'first password here')), user.user)
      const other = cookieOf(await signIn(a, user.user.email, 'first password here'))
      const onB = clientFor(b, onA.cookie, user.user)
      const otherOnB = clientFor(b, other, user.user)
      expect((await onB.get('/api/auth/user')).statusCode).toBe(200)
      expect((await otherOnB.get('/api/auth/user')).statusCode).toBe(200)
      // sign out on A: B refuses the very next request
      expect((await onA.post('/api/auth/logout')).statusCode).toBe(200)
      expect((await onB.get('/api/auth/user')).statusCode).toBe(401)
      // a password change on A ends the other session on B at once
      const again = clientFor(a, cookieOf(await signIn(a, user.user.email, 'first password here')), user.user)
      expect((await again.post('/api/user/password', { currentPassword: 'first password here', newPassword: 'second password here' })).statusCode).toBe(200)
      expect((await otherOnB.get('/api/auth/user')).statusCode).toBe(401)
      expect((await clientFor(b, again.cookie, user.user).get('/api/auth/user')).statusCode).toBe(401)
    } finally {
      await a.close()
      await b.close()
    }
  })
})

describe('sessions', () => {
  it('writes the last-seen time at most once a minute, and not while an import holds the embedded database', async () => {
    const owner = await signUp(t.app, { password: STRONG })
    const db = t.database.db
    const lastSeen = async () => (await db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.userId, owner.user.id)))[0]?.at.toISOString()
    const start = t.clock.now()
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000).toISOString()
    try {
      t.clock.set(at(30))
      expect((await owner.get('/api/auth/user')).statusCode).toBe(200)
      expect(await lastSeen()).toBe(start.toISOString())
      t.clock.set(at(90))
      const release = holdEmbedded(db)
      expect((await owner.get('/api/auth/user')).statusCode).toBe(200)
      // a server is never held: only the embedded database skips the write
      expect(await lastSeen()).toBe(t.database.kind === 'pglite' ? start.toISOString() : at(90))
      release()
      t.clock.set(at(100))
      expect((await owner.get('/api/auth/user')).statusCode).toBe(200)
      expect(await lastSeen()).toBe(t.database.kind === 'pglite' ? at(100) : at(90))
    } finally {
      t.clock.set(start.toISOString())
    }
  })

  it('lists the signed-in sessions with device, address and times, this one marked; not a pending second factor', async () => {
    const owner = await signUp(t.app, { password: STRONG })
    const phone = clientFor(t.app, cookieOf(await signIn(t.app, owner.user.email, STRONG, { ua: IPHONE, ip: '10.9.1.2' })), owner.user)
    const laptop = clientFor(t.app, cookieOf(await signIn(t.app, owner.user.email, STRONG, { ua: CHROME, ip: '10.9.1.3' })), owner.user)
    // a session still owed its second factor is not signed in: not listed
    await createSession(t.database.db, owner.user.id, t.clock.now(), 30, { userAgent: CHROME, ip: '10.9.1.4', mfaPending: true })
    const res = await laptop.get('/api/auth/sessions')
    expect(res.statusCode).toBe(200)
    const list = res.json() as { id: string; current: boolean; device: string; ip: string; userAgent: string; createdAt: string; lastSeenAt: string }[]
    expect(list).toHaveLength(3)
    expect(list.filter((s) => s.current)).toHaveLength(1)
    expect(list[0]?.current).toBe(true)
    expect(list.find((s) => s.current)).toMatchObject({ device: 'Chrome on Linux', ip: '10.9.1.3', userAgent: CHROME, createdAt: '2026-03-15T12:00:00.000Z' })
    expect(list.find((s) => s.ip === '10.9.1.2')).toMatchObject({ device: 'Safari on iPhone', current: false })
    // the ids are not the stored session keys
    const stored = (await t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, owner.user.id))).map((r) => r.id)
    for (const s of list) {
      expect(s.id).toMatch(/^[0-9a-f]{32}$/)
      expect(stored.some((k) => k.startsWith(s.id))).toBe(false)
    }
    expect(phone.cookie).not.toBe(laptop.cookie)
  })

  it('signs out one session (own ones only: 404 otherwise), then all the others; each in the audit log', async () => {
    const me = await signUp(t.app, { password: STRONG })
    const stranger = await signUp(t.app)
    const phone = clientFor(t.app, cookieOf(await signIn(t.app, me.user.email, STRONG, { ua: IPHONE })), me.user)
    const tablet = clientFor(t.app, cookieOf(await signIn(t.app, me.user.email, STRONG, { ua: CHROME })), me.user)
    const list = (await me.get('/api/auth/sessions')).json() as { id: string; current: boolean; device: string }[]
    expect(list).toHaveLength(3)
    const phoneId = list.find((s) => s.device === 'Safari on iPhone')?.id ?? ''
    // someone else's session id, and an unknown one: 404, nothing ends
    expect((await stranger.delete(`/api/auth/sessions/${phoneId}`)).statusCode).toBe(404)
    expect((await me.delete(`/api/auth/sessions/${'0'.repeat(32)}`)).statusCode).toBe(404)
    expect((await me.delete('/api/auth/sessions/not-an-id')).statusCode).toBe(400)
    expect((await phone.get('/api/auth/user')).statusCode).toBe(200)
    expect((await me.delete(`/api/auth/sessions/${phoneId}`)).json()).toEqual({ ok: true })
    expect((await phone.get('/api/auth/user')).statusCode).toBe(401)
    expect((await tablet.get('/api/auth/user')).statusCode).toBe(200)
    const ended = await me.post('/api/auth/sessions/revoke-others')
    expect(ended.json()).toEqual({ ended: 1 })
    expect((await tablet.get('/api/auth/user')).statusCode).toBe(401)
    expect((await me.get('/api/auth/sessions')).json()).toHaveLength(1)
    const log = await events(me)
    expect(log.find((e) => e.event === 'session_ended')?.detail).toEqual({ device: 'Safari on iPhone', current: false })
    expect(log.find((e) => e.event === 'sessions_ended')?.detail).toEqual({ ended: 1 })
    expect((await stranger.get('/api/auth/sessions')).json()).toHaveLength(1)
  })
})

describe('password strength', () => {
  it('refuses a long but guessable password at registration, naming body.password with the advice', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { firstName: 'Zed', email: 'zed.weak@example.com', password: 'password1234', acceptTerms: true },
      remoteAddress: '10.9.2.1',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'WEAK_PASSWORD', issues: [{ path: 'body.password' }] })
    expect(res.json().message).toMatch(/^This password is too easy to guess: .*commonly used password/)
    // the person's own e-mail as a password is guessable too
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { firstName: 'Zanzibar', email: 'zanzibarquokka@example.com', password: 'zanzibarquokka', acceptTerms: true },
      remoteAddress: '10.9.2.1',
    })
    expect(own.statusCode).toBe(400)
  })
})

describe('password reset by e-mail', () => {
  it('mails a single-use link valid 30 minutes; the same answer for an unknown e-mail; using it ends every session', async () => {
    const user = await signUpWithMail(tm, STRONG)
    const other = clientFor(tm.app, cookieOf(await signIn(tm.app, user.user.email, STRONG)), user.user)
    // an API token made before the reset stops with it (ADR 0033)
    const made = await other.post('/api/tokens', { name: 'Script', access: 'write', expiresInDays: 30 })
    expect(made.statusCode, made.body).toBe(201)
    const apiToken: string = made.json().token
    const asked = await tm.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: user.user.email.toUpperCase() }, remoteAddress: '10.9.3.1' })
    const unknown = await tm.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: 'nobody-here@example.com' }, remoteAddress: '10.9.3.1' })
    expect(asked.statusCode).toBe(200)
    expect(unknown.statusCode).toBe(200)
    expect(asked.body).toBe(unknown.body)
    expect(asked.json()).toEqual({ ok: true })
    await settlePasswordResets()
    const received = await mail.waitFor(user.user.email)
    expect(received.subject).toBe('Reset your Kinwise password')
    expect(received.raw).toContain('From: Kinwise <kinwise@example.test>')
    const link = /http:\/\/localhost:3000\/auth\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(received.text)
    expect(link, received.text).not.toBeNull()
    const token = decodeURIComponent(link?.[1] ?? '')
    expect(mail.mails.some((m) => m.to.includes('nobody-here@example.com'))).toBe(false)
    // stored hashed: the token itself is nowhere in the table
    const rows = await tm.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.user.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]?.id).not.toContain(token)
    expect(rows[0]?.expiresAt.toISOString()).toBe('2026-03-15T12:30:00.000Z')
    // a weak password is refused and the link still works afterwards
    const weak = await tm.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password: 'password1234' } })
    expect(weak.statusCode).toBe(400)
    expect(weak.json()).toMatchObject({ code: 'WEAK_PASSWORD', issues: [{ path: 'body.password' }] })
    const done = await tm.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password: 'a brand new passphrase' } })
    expect(done.statusCode, done.body).toBe(200)
    // every session ended; the old password is gone, the new one works
    expect((await user.get('/api/auth/user')).statusCode).toBe(401)
    expect((await other.get('/api/auth/user')).statusCode).toBe(401)
    expect((await tm.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${apiToken}` } })).statusCode).toBe(401)
    expect((await signIn(tm.app, user.user.email, STRONG)).statusCode).toBe(401)
    const signedIn = await signIn(tm.app, user.user.email, 'a brand new passphrase')
    expect(signedIn.statusCode).toBe(200)
    // single use
    const again = await tm.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password: 'yet another passphrase' } })
    expect(again.statusCode).toBe(400)
    expect(again.json().code).toBe('INVALID_RESET_TOKEN')
    const log = await events(clientFor(tm.app, cookieOf(signedIn), user.user))
    expect(log.map((e) => e.event)).toEqual(expect.arrayContaining(['password_reset', 'password_reset_requested']))
    expect(log.find((e) => e.event === 'password_reset')?.detail).toEqual({ sessionsEnded: 2, tokensRevoked: 1 })
  })

  it('refuses a link after 30 minutes', async () => {
    const user = await signUpWithMail(tm, STRONG)
    await tm.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: user.user.email }, remoteAddress: '10.9.3.2' })
    await settlePasswordResets()
    const received = await mail.waitFor(user.user.email)
    const token = decodeURIComponent(/token=([A-Za-z0-9_-]+)/.exec(received.text)?.[1] ?? '')
    tm.clock.set('2026-03-15T12:30:01Z')
    try {
      const late = await tm.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password: 'a brand new passphrase' } })
      expect(late.statusCode).toBe(400)
      expect(late.json().code).toBe('INVALID_RESET_TOKEN')
    } finally {
      tm.clock.set('2026-03-15T12:00:00Z')
    }
  })

  it('without mail: the same answer and nothing sent; the CLI makes the link (PUBLIC_URL or localhost:PORT)', async () => {
    const user = await signUp(t.app, { password: STRONG })
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: user.user.email }, remoteAddress: '10.9.3.3' })
    expect(res.json()).toEqual({ ok: true })
    expect(await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.user.id))).toHaveLength(0)
    const link = await resetLinkFor(t.database.db, t.config, user.user.email.toUpperCase(), t.clock.now())
    expect(link).toMatch(/^http:\/\/localhost:3000\/auth\/reset-password\?token=[A-Za-z0-9_-]{43}$/)
    expect(await resetLinkFor(t.database.db, t.config, 'nobody-here@example.com', t.clock.now())).toBeNull()
    // with PUBLIC_URL, links point there (never to the request's Host)
    const onPublic = await resetLinkFor(t.database.db, parseConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://money.example.test/' }), user.user.email, t.clock.now())
    expect(onPublic).toMatch(/^https:\/\/money\.example\.test\/auth\/reset-password\?token=/)
    const token = new URL(link ?? '').searchParams.get('token') ?? ''
    // a newer link replaces the older one
    const newer = new URL((await resetLinkFor(t.database.db, t.config, user.user.email, t.clock.now())) ?? '').searchParams.get('token') ?? ''
    const old = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password: 'a brand new passphrase' } })
    expect(old.statusCode).toBe(400)
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token: newer, password: 'a brand new passphrase' } })
    expect(ok.statusCode).toBe(200)
    expect((await user.get('/api/auth/user')).statusCode).toBe(401)
  })
})

describe('no account enumeration', () => {
  it('with mail on, registering a taken e-mail answers exactly like a new one, signs nobody in, and tells the owner by mail', async () => {
    const owner = await signUpWithMail(tm, STRONG)
    const body = (email: string) => ({ firstName: 'Eve', lastName: 'Example', email, password: 'eve picks a passphrase', acceptTerms: true })
    const taken = await tm.app.inject({ method: 'POST', url: '/api/auth/register', payload: body(owner.user.email), remoteAddress: '10.9.4.1' })
    const fresh = await tm.app.inject({ method: 'POST', url: '/api/auth/register', payload: body('eve.new@example.com'), remoteAddress: '10.9.4.1' })
    expect(taken.statusCode).toBe(201)
    expect(fresh.statusCode).toBe(201)
    expect(taken.body).toBe(fresh.body)
    expect(taken.json()).toEqual({ checkEmail: true })
    expect(taken.headers['set-cookie']).toBeUndefined()
    expect(fresh.headers['set-cookie']).toBeUndefined()
    const notice = await mail.waitFor(owner.user.email)
    expect(notice.subject).toBe('Someone tried to use your e-mail address on Kinwise')
    expect(notice.text).toContain('http://localhost:3000/auth/forgot-password')
    expect((await mail.waitFor('eve.new@example.com')).subject).toBe('Welcome to Kinwise')
    // the owner's password is untouched; the new account signs in with its own
    expect((await signIn(tm.app, owner.user.email, STRONG)).statusCode).toBe(200)
    expect((await signIn(tm.app, 'eve.new@example.com', 'eve picks a passphrase')).statusCode).toBe(200)
    // changing one's e-mail to a taken one answers like a change and tells that address's owner
    const eve = clientFor(tm.app, cookieOf(await signIn(tm.app, 'eve.new@example.com', 'eve picks a passphrase')), { id: '', email: 'eve.new@example.com', firstName: 'Eve' })
    const change = await eve.patch('/api/user/profile', { email: owner.user.email, currentPassword: 'eve picks a passphrase' })
    expect(change.statusCode).toBe(200)
    expect(change.json().email).toBe(owner.user.email)
    expect((await mail.waitFor(owner.user.email)).subject).toBe('Someone tried to use your e-mail address on Kinwise')
    expect((await eve.get('/api/auth/user')).json().email).toBe('eve.new@example.com')
  })

  it('without mail, a taken e-mail still answers 409 but no sooner than a new registration', async () => {
    const slow = await createTestApp({ env: { AUTH_MIN_RESPONSE_MS: '250' } })
    try {
      const owner = await signUp(slow.app)
      const body = (email: string) => ({ firstName: 'Eve', email, password: 'eve picks a passphrase', acceptTerms: true })
      const time = async (email: string) => {
        const started = performance.now()
        const res = await slow.app.inject({ method: 'POST', url: '/api/auth/register', payload: body(email), remoteAddress: '10.9.4.2' })
        return { status: res.statusCode, ms: performance.now() - started }
      }
      const taken = await time(owner.user.email)
      const fresh = await time('eve.timing@example.com')
      expect(taken.status).toBe(409)
      expect(fresh.status).toBe(201)
      expect(taken.ms).toBeGreaterThanOrEqual(245)
      expect(fresh.ms).toBeGreaterThanOrEqual(245)
      expect(Math.abs(taken.ms - fresh.ms)).toBeLessThan(100)
    } finally {
      await slow.close()
    }
  })
})

describe('sign-in limits', () => {
  it('locks an account after 10 failures in 15 minutes whatever the address, with when to retry; counted in the database', async () => {
    const user = await signUp(t.app, { password: STRONG })
    for (let i = 0; i < 10; i += 1) {
      // each from its own address: the per-address limit never fires
      const res = await signIn(t.app, user.user.email, 'not the password', { ip: `10.9.5.${i + 1}` })
      expect(res.statusCode).toBe(401)
    }
    // even the right password, from a new address, on another instance of the same database
    const second = await buildApp({ db: t.database.db, config: t.config, clock: t.clock, webDir: null })
    try {
      const locked = await signIn(second, user.user.email.toUpperCase(), STRONG, { ip: '10.9.5.99' })
      expect(locked.statusCode).toBe(429)
      expect(locked.json().code).toBe('ACCOUNT_LOCKED')
      expect(locked.json().message).toContain('try again in 15 minutes')
      expect(locked.headers['retry-after']).toBe('900')
    } finally {
      await second.close()
    }
    // another account is not affected
    const neighbour = await signUp(t.app, { password: STRONG })
    expect((await signIn(t.app, neighbour.user.email, STRONG, { ip: '10.9.5.1' })).statusCode).toBe(200)
    // 15 minutes after the first failure it opens again, and a success clears the count
    t.clock.set('2026-03-15T12:15:01Z')
    try {
      const ok = await signIn(t.app, user.user.email, STRONG, { ip: '10.9.5.100' })
      expect(ok.statusCode).toBe(200)
      const hashes = await t.database.db.select().from(signInFailures)
      expect(hashes.some((f) => f.emailHash.includes(user.user.email))).toBe(false)
      const log = await events(clientFor(t.app, cookieOf(ok), user.user))
      expect(log.filter((e) => e.event === 'sign_in_failed')).toHaveLength(10)
      expect(log[0]?.event).toBe('sign_in')
      expect(log[0]?.ip).toBe('10.9.5.100')
    } finally {
      t.clock.set('2026-03-15T12:00:00Z')
    }
  })

  it('counts failures for e-mails without an account the same way (no hint that it does not exist)', async () => {
    for (let i = 0; i < 10; i += 1) await signIn(t.app, 'ghost@example.com', 'whatever it is', { ip: `10.9.6.${i + 1}` })
    const res = await signIn(t.app, 'ghost@example.com', 'whatever it is', { ip: '10.9.6.50' })
    expect(res.statusCode).toBe(429)
    expect(res.json().code).toBe('ACCOUNT_LOCKED')
  })

  it('counts 30 wrong passwords sent at once before checking them: no more than the limit are checked', async () => {
    const user = await signUp(t.app, { password: STRONG })
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn(t.app, user.user.email, `wrong guess ${i}`, { ip: `10.9.7.${i + 1}` })),
    )
    const checked = answers.filter((r) => r.statusCode === 401)
    const refused = answers.filter((r) => r.statusCode === 429)
    expect(checked.length).toBeLessThanOrEqual(ACCOUNT_FAILURE_LIMIT)
    expect(checked.length + refused.length).toBe(30)
    expect(new Set(refused.map((r) => r.json().code))).toEqual(new Set(['ACCOUNT_LOCKED']))
    const failed = await t.database.db.select().from(auditLog).where(and(eq(auditLog.userId, user.user.id), eq(auditLog.event, 'sign_in_failed')))
    expect(failed).toHaveLength(checked.length)
    // and the account is locked now, the right password too
    expect((await signIn(t.app, user.user.email, STRONG, { ip: '10.9.7.200' })).json().code).toBe('ACCOUNT_LOCKED')
  })
})

describe('wrong passwords from a signed-in session', () => {
  type Guesser = { name: string; wrong: number; send: (client: Client, password: string, ip: string) => Promise<LightMyRequestResponse> }
  const post = (url: string, payload: Record<string, unknown>) => (client: Client, ip: string) =>
    client.request({ method: 'POST', url, payload, remoteAddress: ip })
  const guessers: Guesser[] = [
    { name: 're-authentication', wrong: 400, send: (c, password, ip) => post('/api/auth/reauth', { password })(c, ip) },
    { name: 'the password change', wrong: 400, send: (c, password, ip) => post('/api/user/password', { currentPassword: password, newPassword: 'a brand new passphrase 9' })(c, ip) },
    { name: 'account deletion', wrong: 403, send: (c, password, ip) => post('/api/user/delete', { password })(c, ip) },
    {
      name: 'the e-mail change',
      wrong: 400,
      send: (c, password, ip) =>
        c.request({ method: 'PATCH', url: '/api/user/profile', payload: { firstName: 'Guess', email: `moved-${ip}@example.com`, currentPassword: password }, remoteAddress: ip }),
    },
  ]

  for (const [n, guesser] of guessers.entries()) {
    it(`count toward the account's lock at ${guesser.name}, which then refuses even the right password, as sign-in does`, async () => {
      const user = await signUp(t.app, { password: STRONG })
      const ip = (i: number) => `10.9.${20 + n}.${i + 1}`
      // half the guesses at sign-in, half here: one counter
      for (let i = 0; i < 5; i += 1) expect((await signIn(t.app, user.user.email, `wrong ${i}`, { ip: ip(i) })).statusCode).toBe(401)
      for (let i = 5; i < ACCOUNT_FAILURE_LIMIT; i += 1) {
        const res = await guesser.send(user, `wrong ${i}`, ip(i))
        expect(res.statusCode, res.body).toBe(guesser.wrong)
        expect(res.json().code).toBe('WRONG_PASSWORD')
      }
      const locked = await guesser.send(user, STRONG, ip(50))
      expect(locked.statusCode, locked.body).toBe(429)
      expect(locked.json().code).toBe('ACCOUNT_LOCKED')
      expect(locked.headers['retry-after']).toBe('900')
      expect((await signIn(t.app, user.user.email, STRONG, { ip: ip(51) })).json().code).toBe('ACCOUNT_LOCKED')
      // the session still works for everything else, and nothing was changed or asked for
      const me = await user.get('/api/auth/user')
      expect(me.statusCode).toBe(200)
      expect(me.json()).toMatchObject({ email: user.user.email, deleteAfter: null })
      // once the window has passed the right password works there again, and clears the count
      t.clock.set('2026-03-15T12:15:01Z')
      try {
        const ok = await guesser.send(user, STRONG, ip(52))
        expect(ok.statusCode, ok.body).toBeLessThan(300)
        expect(await t.database.db.select().from(signInFailures).where(eq(signInFailures.emailHash, emailHash(user.user.email)))).toHaveLength(0)
      } finally {
        t.clock.set('2026-03-15T12:00:00Z')
      }
    })
  }
})

describe('GET /api/logout', () => {
  it('signs out a navigation from this site, or typed in', async () => {
    for (const headers of [{ 'sec-fetch-site': 'same-origin' }, { 'sec-fetch-site': 'none' }, {}, { referer: 'http://localhost:80/dashboard' }]) {
      const user = await signUp(t.app)
      const res = await user.request({ method: 'GET', url: '/api/logout', headers })
      expect(res.statusCode, JSON.stringify(headers)).toBe(302)
      expect((await user.get('/api/auth/user')).statusCode).toBe(401)
    }
  })

  it('refuses a navigation from another site and keeps the session', async () => {
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { referer: 'https://evil.example/page' }, { origin: 'https://evil.example' }]) {
      const user = await signUp(t.app)
      const res = await user.request({ method: 'GET', url: '/api/logout', headers })
      expect(res.statusCode, JSON.stringify(headers)).toBe(403)
      expect(res.body).toContain('You are still signed in')
      expect(res.headers['set-cookie']).toBeUndefined()
      expect((await user.get('/api/auth/user')).statusCode).toBe(200)
    }
  })
})

describe('audit log', () => {
  it("shows a member their own events and the owner the household's too, newest first, a page at a time", async () => {
    const owner = await signUp(t.app, { password: STRONG })
    const adult = await addMember(t, owner, 'adult')
    const teen = await addMember(t, owner, 'teen')
    expect((await owner.patch(`/api/household/members/${teen.user.id}`, { role: 'viewer' })).statusCode).toBe(200)
    expect((await owner.delete(`/api/household/members/${adult.user.id}`)).statusCode).toBe(204)
    const ownerLog = await events(owner)
    const roleChange = ownerLog.find((e) => e.event === 'role_changed')
    expect(roleChange).toMatchObject({ detail: { from: 'teen', to: 'viewer' }, subject: { id: teen.user.id }, actor: { id: owner.user.id } })
    expect(ownerLog.find((e) => e.event === 'member_removed')).toMatchObject({ subject: { id: adult.user.id } })
    // the teen sees the change about them, not the adult's removal
    const teenLog = await events(teen)
    expect(teenLog.map((e) => e.event)).toContain('role_changed')
    expect(teenLog.map((e) => e.event)).not.toContain('member_removed')
    // pages: newest first, no repeats
    const first = await owner.get('/api/audit-log?limit=1')
    const cursor = String(first.headers['x-next-cursor'])
    const second = await owner.get(`/api/audit-log?limit=1&cursor=${cursor}`)
    expect(first.json()[0].id).toBe(ownerLog[0]?.id)
    expect(second.json()[0].id).toBe(ownerLog[1]?.id)
    expect((await owner.get('/api/audit-log?cursor=garbage')).statusCode).toBe(400)
    // another household sees nothing of it
    const stranger = await signUp(t.app)
    expect(JSON.stringify(await events(stranger))).not.toContain(teen.user.id)
  })

  it('purges events older than the retention, wrong passwords and codes older than a day and used or expired reset links', async () => {
    const user = await signUp(t.app, { password: STRONG })
    const db = t.database.db
    await db.insert(auditLog).values([
      { event: 'sign_in', userId: user.user.id, createdAt: new Date('2025-03-14T00:00:00Z') },
      { event: 'sign_in', userId: user.user.id, createdAt: new Date('2025-03-16T00:00:00Z') },
    ])
    await db.insert(signInFailures).values([
      { emailHash: 'purge-test', at: new Date('2026-03-14T11:00:00Z') },
      { emailHash: 'purge-test', at: new Date('2026-03-15T11:00:00Z') },
    ])
    await db.insert(mfaFailures).values([
      { userId: user.user.id, at: new Date('2026-03-14T11:00:00Z') },
      { userId: user.user.id, at: new Date('2026-03-15T11:00:00Z') },
    ])
    await resetLinkFor(db, t.config, user.user.email, new Date('2026-03-15T11:00:00Z'))
    await resetLinkFor(db, t.config, user.user.email, new Date('2026-03-15T11:50:00Z'))
    await purgeSecurityRows(db, t.clock.now(), 365)
    const kept = await db.select().from(auditLog).where(eq(auditLog.userId, user.user.id))
    expect(kept.map((r) => r.createdAt.toISOString())).not.toContain('2025-03-14T00:00:00.000Z')
    expect(kept.map((r) => r.createdAt.toISOString())).toContain('2025-03-16T00:00:00.000Z')
    expect((await db.select().from(signInFailures).where(eq(signInFailures.emailHash, 'purge-test'))).map((r) => r.at.toISOString())).toEqual(['2026-03-15T11:00:00.000Z'])
    expect((await db.select().from(mfaFailures).where(eq(mfaFailures.userId, user.user.id))).map((r) => r.at.toISOString())).toEqual(['2026-03-15T11:00:00.000Z'])
    // the first link was replaced (used) by the second, still valid until 12:20
    const links = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.user.id))
    expect(links.map((l) => l.expiresAt.toISOString())).toEqual(['2026-03-15T12:20:00.000Z'])
  })
})
