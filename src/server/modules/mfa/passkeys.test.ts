// Passkeys end to end through the API with a software authenticator (an EC P-256 key and
// hand-built WebAuthn objects): registration, sign-in's second step, replay, a foreign key,
// removal. The server's real @simplewebauthn/server verification runs on every one.
import { eq } from 'drizzle-orm'
import { generate } from 'otplib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { webauthnCredentials } from '#src/server/db/schema'
import { createSoftPasskey } from '#src/server/test/soft-authenticator'
import { createTestApp, signUp, type Client, type TestContext } from '#src/server/test/helper'

let t: TestContext
// inject's requests come to http://localhost: that is the relying party without PUBLIC_URL
const RP = { rpID: 'localhost', origin: 'http://localhost' }

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-24T10:00:00Z', env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } })
})
afterAll(async () => {
  await t.close()
})

function tick(ms = 30_000): void {
  t.clock.set(new Date(t.clock.now().getTime() + ms).toISOString())
}

function sessionCookie(res: { headers: Record<string, unknown> }): string {
  const header = res.headers['set-cookie']
  const all = (Array.isArray(header) ? header : [header]).filter((c): c is string => typeof c === 'string')
  return all.map((c) => c.split(';')[0] ?? '').find((c) => c.startsWith('kinwise_session=')) ?? ''
}

async function enableMfa(client: Client): Promise<string> {
  const { secret } = (await client.post('/api/mfa/totp/setup')).json()
  const code = await generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) })
  expect((await client.post('/api/mfa/totp/enable', { code })).statusCode).toBe(200)
  return secret
}

async function pendingSignIn(email: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'correct horse battery' } })
  expect(res.json().mfaRequired).toBe(true)
  return sessionCookie(res)
}

const post = (cookie: string, url: string, payload?: unknown) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) })

describe('passkeys', () => {
  it('registers a passkey and finishes sign-in with it; a replay or a foreign key is refused', async () => {
    const a = await signUp(t.app)
    // only on top of TOTP
    expect((await a.post('/api/mfa/passkeys/options')).json().code).toBe('MFA_NOT_ENABLED')
    await enableMfa(a)
    const key = createSoftPasskey()

    const options = await a.post('/api/mfa/passkeys/options')
    expect(options.statusCode, options.body).toBe(200)
    const creation = options.json()
    expect(creation).toMatchObject({ rp: { name: 'Kinwise', id: 'localhost' }, user: { name: a.user.email }, attestation: 'none' })
    // a response to another challenge does not verify
    const forged = await a.post('/api/mfa/passkeys', { name: 'Laptop', response: key.register({ challenge: 'AAAAAAAAAAAAAAAAAAAAAA' }, RP) })
    expect(forged.statusCode).toBe(400)
    expect(forged.json().code).toBe('PASSKEY_INVALID')
    // the challenge was used up by that attempt: ask again
    const creation2 = (await a.post('/api/mfa/passkeys/options')).json()
    const added = await a.post('/api/mfa/passkeys', { name: 'Laptop', response: key.register(creation2, RP) })
    expect(added.statusCode, added.body).toBe(201)
    expect(added.json()).toEqual({ id: key.id, name: 'Laptop', createdAt: '2026-11-24T10:00:00.000Z', lastUsedAt: null })
    expect((await a.get('/api/mfa')).json().passkeys).toEqual([added.json()])
    // the same challenge cannot register twice
    expect((await a.post('/api/mfa/passkeys', { name: 'Again', response: key.register(creation2, RP) })).json().code).toBe('PASSKEY_CHALLENGE_EXPIRED')
    // a malformed response is a 400 naming the field
    const bad = await a.post('/api/mfa/passkeys', { name: 'x', response: { id: 'a' } })
    expect(bad.statusCode).toBe(400)
    expect(bad.body).toContain('response')

    // sign-in: the password, then the passkey
    const cookie = await pendingSignIn(a.user.email)
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/login/mfa', headers: { cookie } })).json().methods).toEqual(['totp', 'recovery', 'passkey'])
    const request = await post(cookie, '/api/auth/login/mfa/passkey/options')
    expect(request.statusCode, request.body).toBe(200)
    expect(request.json()).toMatchObject({ rpId: 'localhost', allowCredentials: [{ id: key.id, type: 'public-key' }] })
    const assertion = key.assert(request.json(), RP)
    tick(60_000)
    const done = await post(cookie, '/api/auth/login/mfa', { passkey: assertion })
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json().id).toBe(a.user.id)
    const [stored] = await t.database.db.select().from(webauthnCredentials).where(eq(webauthnCredentials.id, key.id))
    expect(stored).toMatchObject({ counter: 1, lastUsedAt: new Date('2026-11-24T10:01:00Z') })

    // the same assertion again (its challenge is spent) is refused
    const again = await pendingSignIn(a.user.email)
    await post(again, '/api/auth/login/mfa/passkey/options')
    const replay = await post(again, '/api/auth/login/mfa', { passkey: assertion })
    expect(replay.statusCode).toBe(401)
    expect(replay.json().code).toBe('INVALID_CODE')
    // another key claiming this credential id does not verify
    const impostor = createSoftPasskey()
    const fresh = (await post(again, '/api/auth/login/mfa/passkey/options')).json()
    const fake = { ...impostor.assert(fresh, RP), id: key.id, rawId: key.id }
    expect((await post(again, '/api/auth/login/mfa', { passkey: fake })).statusCode).toBe(401)
    // signed for another site: refused
    const other = (await post(again, '/api/auth/login/mfa/passkey/options')).json()
    expect((await post(again, '/api/auth/login/mfa', { passkey: key.assert(other, { rpID: 'evil.test', origin: 'https://evil.test' }) })).statusCode).toBe(401)
    // the real one, with a fresh challenge, works
    const last = (await post(again, '/api/auth/login/mfa/passkey/options')).json()
    expect((await post(again, '/api/auth/login/mfa', { passkey: key.assert(last, RP) })).statusCode).toBe(200)
    expect((await t.database.db.select().from(webauthnCredentials).where(eq(webauthnCredentials.id, key.id)))[0]?.counter).toBe(key.counter)
  })

  it('removes a passkey (only your own), and turning MFA off removes them all', async () => {
    const a = await signUp(t.app)
    const b = await signUp(t.app)
    const secret = await enableMfa(a)
    const key = createSoftPasskey()
    const options = (await a.post('/api/mfa/passkeys/options')).json()
    expect((await a.post('/api/mfa/passkeys', { name: 'Phone', response: key.register(options, RP) })).statusCode).toBe(201)
    // someone else cannot remove it
    expect((await b.delete(`/api/mfa/passkeys/${key.id}`)).statusCode).toBe(404)
    const key2 = createSoftPasskey()
    const options2 = (await a.post('/api/mfa/passkeys/options')).json()
    expect(options2.excludeCredentials).toEqual([expect.objectContaining({ id: key.id })])
    expect((await a.post('/api/mfa/passkeys', { name: 'Key', response: key2.register(options2, RP) })).statusCode).toBe(201)
    expect((await a.delete(`/api/mfa/passkeys/${key.id}`)).statusCode).toBe(204)
    expect((await a.get('/api/mfa')).json().passkeys.map((p: { name: string }) => p.name)).toEqual(['Key'])
    tick()
    const code = await generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) })
    expect((await a.post('/api/mfa/totp/disable', { password: 'correct horse battery', code })).statusCode).toBe(200)
    expect(await t.database.db.select().from(webauthnCredentials).where(eq(webauthnCredentials.userId, a.user.id))).toHaveLength(0)
  })

  it('a pending sign-in without passkeys is told so', async () => {
    const a = await signUp(t.app)
    await enableMfa(a)
    const cookie = await pendingSignIn(a.user.email)
    const res = await post(cookie, '/api/auth/login/mfa/passkey/options')
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('NO_PASSKEYS')
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login/mfa/passkey/options' })).statusCode).toBe(401)
  })
})
