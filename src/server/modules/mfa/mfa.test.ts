// Two-step verification through the API (ADR 0024): set-up, sign-in's second step on
// a pending session, replay, recovery codes, turning it off, re-authentication, the household
// policy. Codes are computed here from the key with otplib, at the server's (test) clock.
import { and, eq } from 'drizzle-orm'
import { generate } from 'otplib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MFA_MAX_FAILURES } from '#src/domain/mfa'
import { auditLog, mfaRecoveryCodes, users } from '#src/server/db/schema'
import { openSecret } from '#src/server/crypto/secret-box'
import { addMember, clientFor, createTestApp, signUp, type Client, type TestContext } from '#src/server/test/helper'
import { adminResetMfa } from './service'

const SECRET_KEY = 'ab'.repeat(32)
const PASSWORD = 'correct horse battery'
let t: TestContext

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-24T10:00:00Z', env: { KINWISE_SECRET_KEY: SECRET_KEY, AUTH_RATE_LIMIT_PER_MINUTE: '1000' } })
})
afterAll(async () => {
  await t.close()
})

/** Moves the server clock on by `ms` (default: one 30-second TOTP step). */
function tick(ms = 30_000): void {
  t.clock.set(new Date(t.clock.now().getTime() + ms).toISOString())
}

const codeFor = (secret: string) => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) })

function sessionCookie(res: { headers: Record<string, unknown> }): string {
  const header = res.headers['set-cookie']
  const all = (Array.isArray(header) ? header : [header]).filter((c): c is string => typeof c === 'string')
  const found = all.map((c) => c.split(';')[0] ?? '').find((c) => c.startsWith('kinwise_session='))
  if (!found) throw new Error('no session cookie')
  return found
}

/** Turns MFA on for the client through the API; returns the key and the recovery codes. */
async function enableMfa(client: Client): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await client.post('/api/mfa/totp/setup')
  expect(setup.statusCode, setup.body).toBe(200)
  const { secret, otpauthUrl, qrDataUrl } = setup.json()
  expect(otpauthUrl).toContain(`secret=${secret}`)
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Kinwise:/)
  expect(otpauthUrl).toContain('issuer=Kinwise')
  expect(qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/)
  const enabled = await client.post('/api/mfa/totp/enable', { code: await codeFor(secret) })
  expect(enabled.statusCode, enabled.body).toBe(200)
  tick()
  return { secret, recoveryCodes: enabled.json().recoveryCodes }
}

/** The password step of sign-in: its answer and the (pending) session cookie. */
async function passwordStep(email: string, password = PASSWORD) {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })
  return { res, cookie: res.statusCode === 200 ? sessionCookie(res) : '' }
}

const asCookie = (cookie: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) })

async function events(userId: string, event: string) {
  return t.database.db.select().from(auditLog).where(and(eq(auditLog.userId, userId), eq(auditLog.event, event)))
}

describe('TOTP and sign-in', () => {
  it('sets up with a QR code, enables with a code, and then sign-in asks for the second factor', async () => {
    const a = await signUp(t.app)
    expect((await a.get('/api/mfa')).json()).toEqual({ totpEnabled: false, enabledAt: null, recoveryCodesLeft: 0, passkeys: [], householdRequiresMfa: false })
    // enabling needs a set-up first, and a right code
    expect((await a.post('/api/mfa/totp/enable', { code: '123456' })).json().code).toBe('NO_TOTP_SETUP')
    const setup = (await a.post('/api/mfa/totp/setup')).json()
    const wrong = await a.post('/api/mfa/totp/enable', { code: String((Number(await codeFor(setup.secret)) + 1) % 1_000_000).padStart(6, '0') })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().code).toBe('INVALID_CODE')
    expect((await a.post('/api/mfa/totp/enable', { code: 'abc' })).statusCode).toBe(400)
    const { secret, recoveryCodes } = await enableMfa(a)
    expect(secret).not.toBe(setup.secret) // a second set-up makes a new key
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    for (const c of recoveryCodes) expect(c).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{2}$/)
    const status = (await a.get('/api/mfa')).json()
    expect(status).toMatchObject({ totpEnabled: true, enabledAt: '2026-11-24T10:00:00.000Z', recoveryCodesLeft: 10, passkeys: [] })
    expect((await a.get('/api/auth/user')).json().mfaEnabled).toBe(true)
    expect((await a.post('/api/mfa/totp/setup')).json().code).toBe('MFA_ALREADY_ENABLED')
    expect(await events(a.user.id, 'mfa_enabled')).toHaveLength(1)

    // the key is sealed with KINWISE_SECRET_KEY; the recovery codes are stored hashed
    const [row] = await t.database.db.select().from(users).where(eq(users.id, a.user.id))
    expect(row?.totpSecret).toMatch(/^v1\./)
    expect(row?.totpSecret).not.toContain(secret)
    expect(openSecret(row?.totpSecret ?? '', SECRET_KEY)).toBe(secret)
    expect(row?.totpPendingSecret).toBeNull()
    const hashes = await t.database.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, a.user.id))
    expect(hashes).toHaveLength(10)
    for (const h of hashes) {
      expect(h.codeHash).toMatch(/^\$argon2id\$/)
      for (const c of recoveryCodes) expect(h.codeHash).not.toContain(c.replace(/-/g, ''))
    }

    // the password alone gives a pending session, not a signed-in one
    const { res, cookie } = await passwordStep(a.user.email)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ mfaRequired: true, methods: ['totp', 'recovery'] })
    expect(res.body).not.toContain(a.user.email)
    for (const url of ['/api/accounts', '/api/auth/user', '/api/mfa', '/api/transactions']) {
      const r = await asCookie(cookie, 'GET', url)
      expect(r.statusCode, url).toBe(401)
    }
    expect((await asCookie(cookie, 'POST', '/api/accounts', { name: 'x', type: 'cash' })).statusCode).toBe(401)
    expect((await asCookie(cookie, 'GET', '/api/auth/login/mfa')).json()).toEqual({ mfaRequired: true, methods: ['totp', 'recovery'] })

    // the second factor signs in: a new session (the pending cookie is dead), re-authenticated
    const done = await asCookie(cookie, 'POST', '/api/auth/login/mfa', { code: await codeFor(secret) })
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json()).toMatchObject({ id: a.user.id, email: a.user.email, mfaEnabled: true })
    const full = sessionCookie(done)
    expect(full).not.toBe(cookie)
    expect((await asCookie(cookie, 'GET', '/api/auth/user')).statusCode).toBe(401)
    expect((await asCookie(full, 'GET', '/api/accounts')).statusCode).toBe(200)
    expect((await events(a.user.id, 'sign_in')).map((e) => e.detail)).toContainEqual({ method: 'totp' })
    // and the fresh session counts as re-authenticated (a sensitive action goes through)
    expect((await asCookie(full, 'POST', '/api/mfa/recovery-codes', {})).statusCode).toBe(200)
  })

  it('refuses a replayed code, and without a pending session', async () => {
    const a = await signUp(t.app)
    const { secret } = await enableMfa(a)
    const code = await codeFor(secret)
    const first = await passwordStep(a.user.email)
    expect((await asCookie(first.cookie, 'POST', '/api/auth/login/mfa', { code })).statusCode).toBe(200)
    // the same code (same 30-second step) on another sign-in: refused
    const second = await passwordStep(a.user.email)
    const replay = await asCookie(second.cookie, 'POST', '/api/auth/login/mfa', { code })
    expect(replay.statusCode).toBe(401)
    expect(replay.json().code).toBe('INVALID_CODE')
    expect(await events(a.user.id, 'mfa_failed')).toHaveLength(1)
    // the next step's code works
    tick()
    expect((await asCookie(second.cookie, 'POST', '/api/auth/login/mfa', { code: await codeFor(secret) })).statusCode).toBe(200)
    // no session, or a signed-in one: the second step is not open
    const none = await t.app.inject({ method: 'POST', url: '/api/auth/login/mfa', payload: { code: '123456' } })
    expect(none.statusCode).toBe(401)
    expect((await a.post('/api/auth/login/mfa', { code: '123456' })).statusCode).toBe(401)
    // exactly one of code, recoveryCode, passkey
    const third = await passwordStep(a.user.email)
    const both = await asCookie(third.cookie, 'POST', '/api/auth/login/mfa', { code: '123456', recoveryCode: 'abcd-efgh-jk' })
    expect(both.statusCode).toBe(400)
    expect((await asCookie(third.cookie, 'POST', '/api/auth/login/mfa', {})).statusCode).toBe(400)
  })

  it('accepts each recovery code once, and audits its use', async () => {
    const a = await signUp(t.app)
    const { recoveryCodes } = await enableMfa(a)
    const code = recoveryCodes[3] ?? ''
    const first = await passwordStep(a.user.email)
    // typed in capitals with spaces: the same code
    const ok = await asCookie(first.cookie, 'POST', '/api/auth/login/mfa', { recoveryCode: code.toUpperCase().replace(/-/g, ' ') })
    expect(ok.statusCode, ok.body).toBe(200)
    expect((await events(a.user.id, 'recovery_code_used')).map((e) => e.detail)).toEqual([{ codesLeft: 9 }])
    expect((await asCookie(sessionCookie(ok), 'GET', '/api/mfa')).json().recoveryCodesLeft).toBe(9)
    const second = await passwordStep(a.user.email)
    const again = await asCookie(second.cookie, 'POST', '/api/auth/login/mfa', { recoveryCode: code })
    expect(again.statusCode).toBe(401)
    expect(again.json().code).toBe('INVALID_CODE')
    expect((await asCookie(second.cookie, 'POST', '/api/auth/login/mfa', { recoveryCode: recoveryCodes[4] })).statusCode).toBe(200)
  })

  it('ends the pending session after five wrong codes', async () => {
    const a = await signUp(t.app)
    const { secret } = await enableMfa(a)
    const { cookie } = await passwordStep(a.user.email)
    const wrong = String((Number(await codeFor(secret)) + 500_000) % 1_000_000).padStart(6, '0')
    for (let i = 1; i <= 4; i += 1) {
      const res = await asCookie(cookie, 'POST', '/api/auth/login/mfa', { code: wrong })
      expect(res.json().code, `try ${i}`).toBe('INVALID_CODE')
    }
    const fifth = await asCookie(cookie, 'POST', '/api/auth/login/mfa', { code: wrong })
    expect(fifth.statusCode).toBe(401)
    expect(fifth.json().code).toBe('MFA_SESSION_ENDED')
    expect(String(fifth.headers['set-cookie'])).toMatch(/kinwise_session=;/)
    // the session is gone: even the right code cannot finish it
    expect((await asCookie(cookie, 'POST', '/api/auth/login/mfa', { code: await codeFor(secret) })).statusCode).toBe(401)
    // a new sign-in within the ten minutes is refused at once; after them it works
    const next = await passwordStep(a.user.email)
    expect((await asCookie(next.cookie, 'POST', '/api/auth/login/mfa', { code: await codeFor(secret) })).json().code).toBe('MFA_SESSION_ENDED')
    tick(10 * 60_000 + 30_000)
    const later = await passwordStep(a.user.email)
    expect((await asCookie(later.cookie, 'POST', '/api/auth/login/mfa', { code: await codeFor(secret) })).statusCode).toBe(200)
    expect(await events(a.user.id, 'mfa_failed')).toHaveLength(5)
  })
})

describe('turning MFA off', () => {
  it('needs the password and a code; removes the codes; sign-in is one step again', async () => {
    const a = await signUp(t.app)
    const { secret, recoveryCodes } = await enableMfa(a)
    const wrongPassword = await a.post('/api/mfa/totp/disable', { password: 'not the password', code: await codeFor(secret) })
    expect(wrongPassword.statusCode).toBe(400)
    expect(wrongPassword.json().code).toBe('WRONG_PASSWORD')
    const wrongCode = await a.post('/api/mfa/totp/disable', { password: PASSWORD, code: '000000' === (await codeFor(secret)) ? '111111' : '000000' })
    expect(wrongCode.json().code).toBe('INVALID_CODE')
    expect((await a.post('/api/mfa/totp/disable', { password: PASSWORD })).statusCode).toBe(400)
    expect((await a.get('/api/mfa')).json().totpEnabled).toBe(true)
    // a recovery code does too
    const off = await a.post('/api/mfa/totp/disable', { password: PASSWORD, code: recoveryCodes[0] })
    expect(off.statusCode, off.body).toBe(200)
    expect(off.json()).toMatchObject({ totpEnabled: false, recoveryCodesLeft: 0, passkeys: [] })
    expect(await t.database.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, a.user.id))).toHaveLength(0)
    const [row] = await t.database.db.select().from(users).where(eq(users.id, a.user.id))
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null })
    expect(await events(a.user.id, 'mfa_disabled')).toHaveLength(1)
    const { res } = await passwordStep(a.user.email)
    expect(res.json()).toMatchObject({ id: a.user.id, mfaEnabled: false })
    expect((await a.post('/api/mfa/totp/disable', { password: PASSWORD, code: '123456' })).json().code).toBe('MFA_NOT_ENABLED')
  })
})

describe('re-authentication', () => {
  it('opens a ten-minute window with the password or a code', async () => {
    const a = await signUp(t.app)
    const { secret } = await enableMfa(a)
    // sign-up just proved the password: inside the window
    expect((await a.post('/api/mfa/recovery-codes', {})).statusCode).toBe(200)
    tick(11 * 60_000)
    const stale = await a.post('/api/mfa/recovery-codes', {})
    expect(stale.statusCode).toBe(403)
    expect(stale.json().code).toBe('REAUTH_REQUIRED')
    expect((await a.post('/api/mfa/passkeys/options')).json().code).toBe('REAUTH_REQUIRED')
    // a wrong password opens nothing
    const wrong = await a.post('/api/auth/reauth', { password: 'not the password' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().code).toBe('WRONG_PASSWORD')
    expect((await a.post('/api/auth/reauth', {})).statusCode).toBe(400)
    expect((await a.post('/api/auth/reauth', { password: PASSWORD, code: '123456' })).statusCode).toBe(400)
    const ok = await a.post('/api/auth/reauth', { password: PASSWORD })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json()).toEqual({ reauthAt: t.clock.now().toISOString() })
    const fresh = await a.post('/api/mfa/recovery-codes', {})
    expect(fresh.statusCode).toBe(200)
    expect(fresh.json().recoveryCodes).toHaveLength(10)
    expect(await events(a.user.id, 'recovery_codes_regenerated')).toHaveLength(2)
    // ten minutes on it has closed again; a code reopens it
    tick(10 * 60_000 + 1000)
    expect((await a.post('/api/mfa/recovery-codes', {})).json().code).toBe('REAUTH_REQUIRED')
    expect((await a.post('/api/auth/reauth', { code: await codeFor(secret) })).statusCode).toBe(200)
    expect((await a.post('/api/mfa/recovery-codes', {})).statusCode).toBe(200)
    // regenerating also takes its own proof: a code, without any window
    tick(11 * 60_000)
    expect((await a.post('/api/mfa/recovery-codes', { code: await codeFor(secret) })).statusCode).toBe(200)
  })
})

describe('household policy', () => {
  it('lets the owner require MFA; members without it can only set it up, and cannot turn it off', async () => {
    const owner = await signUp(t.app)
    const adult = await addMember(t, owner, 'adult')
    // the owner must have it on first
    const early = await owner.put('/api/household/mfa-policy', { required: true })
    expect(early.statusCode).toBe(409)
    expect(early.json().code).toBe('MFA_NOT_ENABLED')
    await enableMfa(owner)
    expect((await adult.put('/api/household/mfa-policy', { required: true })).json().code).toBe('FORBIDDEN')
    expect((await owner.put('/api/household/mfa-policy', { required: 'yes' })).statusCode).toBe(400)
    const on = await owner.put('/api/household/mfa-policy', { required: true })
    expect(on.statusCode, on.body).toBe(200)
    expect(on.json()).toEqual({ required: true })
    const [audited] = await events(owner.user.id, 'household_mfa_required')
    expect(audited?.householdId).toBe((await owner.get('/api/auth/user')).json().householdId)

    // the member without MFA: restricted to the set-up calls
    expect((await adult.get('/api/auth/user')).json()).toMatchObject({ householdRequiresMfa: true, mfaEnabled: false })
    const blocked = await adult.get('/api/accounts')
    expect(blocked.statusCode).toBe(403)
    expect(blocked.json().code).toBe('MFA_SETUP_REQUIRED')
    expect((await adult.post('/api/accounts', { name: 'x', type: 'cash' })).json().code).toBe('MFA_SETUP_REQUIRED')
    expect((await adult.get('/api/mfa')).json()).toMatchObject({ totpEnabled: false, householdRequiresMfa: true })
    const { secret } = await enableMfa(adult)
    expect((await adult.get('/api/accounts')).statusCode).toBe(200)
    // and cannot turn it off while the household requires it
    const off = await adult.post('/api/mfa/totp/disable', { password: PASSWORD, code: await codeFor(secret) })
    expect(off.statusCode).toBe(403)
    expect(off.json().code).toBe('MFA_REQUIRED_BY_HOUSEHOLD')

    // optional again: audited, and the member may turn it off
    expect((await owner.put('/api/household/mfa-policy', { required: false })).json()).toEqual({ required: false })
    expect(await events(owner.user.id, 'household_mfa_optional')).toHaveLength(1)
    // the same value again changes nothing and records nothing
    await owner.put('/api/household/mfa-policy', { required: false })
    expect(await events(owner.user.id, 'household_mfa_optional')).toHaveLength(1)
    tick()
    expect((await adult.post('/api/mfa/totp/disable', { password: PASSWORD, code: await codeFor(secret) })).statusCode).toBe(200)
  })
})

describe('pending sessions', () => {
  it('a pending cookie used as a client cannot reach any signed-in endpoint', async () => {
    const a = await signUp(t.app)
    await enableMfa(a)
    const { cookie } = await passwordStep(a.user.email)
    const pending = clientFor(t.app, cookie, a.user)
    for (const [method, url] of [
      ['GET', '/api/household'],
      ['POST', '/api/mfa/totp/setup'],
      ['POST', '/api/auth/reauth'],
      ['POST', '/api/mfa/recovery-codes'],
      ['GET', '/api/audit-log'],
    ] as const) {
      const res = await pending.request({ method, url, ...(method === 'POST' ? { payload: {} } : {}) })
      expect(res.statusCode, url).toBe(401)
    }
    // and it expires after ten minutes
    tick(10 * 60_000 + 1000)
    expect((await pending.get('/api/auth/login/mfa')).statusCode).toBe(401)
  })
})

describe("the administrator's reset", () => {
  it('turns MFA off for a member who lost every factor, and signs them out everywhere', async () => {
    const a = await signUp(t.app)
    await enableMfa(a)
    expect(await adminResetMfa(t.database.db, ` ${a.user.email.toUpperCase()} `, t.clock.now())).toBe(true)
    expect((await a.get('/api/auth/user')).statusCode).toBe(401)
    const { res } = await passwordStep(a.user.email)
    expect(res.json()).toMatchObject({ id: a.user.id, mfaEnabled: false })
    expect(await t.database.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, a.user.id))).toHaveLength(0)
    expect((await events(a.user.id, 'mfa_disabled')).map((e) => e.detail)).toEqual([{ by: 'administrator' }])
    expect(await adminResetMfa(t.database.db, 'nobody@example.com', t.clock.now())).toBe(false)
  })
})

describe('with the session cache on (embedded database in production)', () => {
  it('a finished or ended pending session is dead at once, not after the cache time', async () => {
    const cached = await createTestApp({ now: '2026-11-24T10:00:00Z', sessionCacheMs: 60_000, env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } })
    try {
      const code = (secret: string) => generate({ secret, epoch: Math.floor(cached.clock.now().getTime() / 1000) })
      const a = await signUp(cached.app)
      const { secret } = (await a.post('/api/mfa/totp/setup')).json()
      expect((await a.post('/api/mfa/totp/enable', { code: await code(secret) })).statusCode).toBe(200)
      cached.clock.set('2026-11-24T10:00:30Z')
      const login = () => cached.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: a.user.email, password: PASSWORD } })
      const pending = sessionCookie(await login())
      const state = (cookie: string) => cached.app.inject({ method: 'GET', url: '/api/auth/login/mfa', headers: { cookie } })
      expect((await state(pending)).statusCode).toBe(200) // now cached
      const done = await cached.app.inject({ method: 'POST', url: '/api/auth/login/mfa', headers: { cookie: pending }, payload: { code: await code(secret) } })
      expect(done.statusCode).toBe(200)
      expect((await state(pending)).statusCode).toBe(401)
      // ended by wrong codes
      const other = sessionCookie(await login())
      expect((await state(other)).statusCode).toBe(200)
      for (let i = 0; i < 5; i += 1) {
        await cached.app.inject({ method: 'POST', url: '/api/auth/login/mfa', headers: { cookie: other }, payload: { code: '000000' } })
      }
      expect((await state(other)).statusCode).toBe(401)
    } finally {
      await cached.close()
    }
  })
})

describe('guessing codes from a signed-in session', () => {
  it('is limited like the second step of sign-in: five wrong codes in ten minutes, then 429', async () => {
    const a = await signUp(t.app)
    const { secret } = await enableMfa(a)
    const wrong = String((Number(await codeFor(secret)) + 500_000) % 1_000_000).padStart(6, '0')
    for (let i = 0; i < 5; i += 1) expect((await a.post('/api/auth/reauth', { code: wrong })).json().code).toBe('INVALID_CODE')
    const blocked = await a.post('/api/auth/reauth', { code: await codeFor(secret) })
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().code).toBe('TOO_MANY_ATTEMPTS')
    expect((await a.post('/api/mfa/recovery-codes', { code: await codeFor(secret) })).statusCode).toBe(429)
    tick(10 * 60_000 + 30_000)
    expect((await a.post('/api/auth/reauth', { code: await codeFor(secret) })).statusCode).toBe(200)
  })

  it('counts 40 wrong codes sent at once before checking them: no more than five are checked', async () => {
    const a = await signUp(t.app)
    const { secret } = await enableMfa(a)
    const wrong = String((Number(await codeFor(secret)) + 500_000) % 1_000_000).padStart(6, '0')
    const answers = await Promise.all(Array.from({ length: 40 }, () => a.post('/api/auth/reauth', { code: wrong })))
    const checked = answers.filter((r) => r.json().code === 'INVALID_CODE')
    expect(checked.length).toBeLessThanOrEqual(MFA_MAX_FAILURES)
    expect(answers.filter((r) => r.statusCode === 429 && r.json().code === 'TOO_MANY_ATTEMPTS')).toHaveLength(40 - checked.length)
    expect(await events(a.user.id, 'mfa_failed')).toHaveLength(checked.length)
    expect((await a.post('/api/auth/reauth', { code: await codeFor(secret) })).statusCode).toBe(429)
  })
})

describe('guessing codes at sign-in all at once', () => {
  it('checks no more than five of 40 wrong codes sent together on one pending session, and ends it', async () => {
    const a = await signUp(t.app)
    const { secret } = await enableMfa(a)
    const { cookie } = await passwordStep(a.user.email)
    const wrong = String((Number(await codeFor(secret)) + 500_000) % 1_000_000).padStart(6, '0')
    const answers = await Promise.all(Array.from({ length: 40 }, () => asCookie(cookie, 'POST', '/api/auth/login/mfa', { code: wrong })))
    expect(answers.every((r) => r.statusCode === 401)).toBe(true)
    // each checked code is one mfa_failed; every answer is a wrong code or the session ended
    const failed = await events(a.user.id, 'mfa_failed')
    expect(failed.length).toBeLessThanOrEqual(MFA_MAX_FAILURES)
    expect(answers.filter((r) => r.json().code === 'INVALID_CODE').length).toBeLessThan(MFA_MAX_FAILURES)
    expect(answers.some((r) => r.json().code === 'MFA_SESSION_ENDED')).toBe(true)
    // the right code is refused now, on a new pending session too
    const next = await passwordStep(a.user.email)
    expect((await asCookie(next.cookie, 'POST', '/api/auth/login/mfa', { code: await codeFor(secret) })).json().code).toBe('MFA_SESSION_ENDED')
  })
})
