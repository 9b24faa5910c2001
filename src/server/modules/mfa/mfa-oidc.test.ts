// OpenID Connect sign-in asks for Kinwise's second factor too when the member has MFA on: the
// callback leaves a pending session and sends the browser to /auth/login?mfa=1.
import { generate } from 'otplib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientFor, type TestContext } from '#src/server/test/helper'
import { cookieOf, startOidcTestApp, type FakeOidcProvider } from '#src/server/test/oidc'

let t: TestContext
let idp: FakeOidcProvider

beforeAll(async () => {
  const user = { sub: 'mfa-1', email: 'ada@example.com', email_verified: true, given_name: 'Ada', family_name: 'Lovelace' }
  ;({ t, idp } = await startOidcTestApp(user, '2026-11-24T10:00:00Z'))
})
afterAll(async () => {
  await t.close()
  await idp.close()
})

async function signInThroughProvider() {
  const start = await t.app.inject({ method: 'GET', url: '/api/login' })
  const checks = cookieOf(start.headers['set-cookie'], 'kinwise_oidc')
  const atProvider = await fetch(new URL(String(start.headers.location)), { redirect: 'manual' })
  const back = new URL(String(atProvider.headers.get('location')))
  return t.app.inject({ method: 'GET', url: back.pathname + back.search, headers: { cookie: checks } })
}

const codeNow = (secret: string) => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) })

describe('OpenID Connect with MFA on', () => {
  it('leaves a pending session and sends the browser to the second step', async () => {
    const first = await signInThroughProvider()
    expect(first.headers.location).toBe('/auth/callback')
    const session = cookieOf(first.headers['set-cookie'], 'kinwise_session')
    const me = (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: session } })).json()
    const member = clientFor(t.app, session, me)
    const { secret } = (await member.post('/api/mfa/totp/setup')).json()
    expect((await member.post('/api/mfa/totp/enable', { code: await codeNow(secret) })).statusCode).toBe(200)

    t.clock.set('2026-11-24T10:00:30Z')
    const second = await signInThroughProvider()
    expect(second.statusCode).toBe(302)
    expect(second.headers.location).toBe('/auth/login?mfa=1')
    const pending = cookieOf(second.headers['set-cookie'], 'kinwise_session')
    expect(pending).not.toBe('')
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: pending } })).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'GET', url: '/api/accounts', headers: { cookie: pending } })).statusCode).toBe(401)
    const state = await t.app.inject({ method: 'GET', url: '/api/auth/login/mfa', headers: { cookie: pending } })
    expect(state.json()).toEqual({ mfaRequired: true, methods: ['totp', 'recovery'] })
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/mfa',
      headers: { cookie: pending },
      payload: { code: await codeNow(secret) },
    })
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json()).toMatchObject({ email: 'ada@example.com', mfaEnabled: true })
  })
})
