import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUp, type TestContext } from '#src/server/test/helper'
import { cookieOf, startOidcTestApp, type FakeOidcProvider } from '#src/server/test/oidc'

let t: TestContext
let idp: FakeOidcProvider

beforeAll(async () => {
  const user = { sub: 'u-1', email: 'Grace@Example.com', email_verified: true, given_name: 'Grace', family_name: 'Hopper' }
  ;({ t, idp } = await startOidcTestApp(user))
})
afterAll(async () => {
  await t.close()
  await idp.close()
})

/** Walks the browser through /api/login → provider → callback; returns the callback answer. */
async function signInThroughProvider(tamper?: (url: URL) => void) {
  const start = await t.app.inject({ method: 'GET', url: '/api/login' })
  expect(start.statusCode).toBe(302)
  const authorize = new URL(String(start.headers.location))
  expect(authorize.origin).toBe(idp.issuer)
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
  const checks = cookieOf(start.headers['set-cookie'], 'kinwise_oidc')
  const atProvider = await fetch(authorize, { redirect: 'manual' })
  const back = new URL(String(atProvider.headers.get('location')))
  expect(back.origin + back.pathname).toBe('http://kinwise.test/api/auth/oidc/callback')
  tamper?.(back)
  return t.app.inject({ method: 'GET', url: back.pathname + back.search, headers: { cookie: checks } })
}

describe('OpenID Connect sign-in', () => {
  it('reports itself as enabled', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json().oidcEnabled).toBe(true)
  })

  it('creates an account for a new verified identity and signs it in', async () => {
    const done = await signInThroughProvider()
    expect(done.statusCode).toBe(302)
    expect(done.headers.location).toBe('/auth/callback')
    const session = cookieOf(done.headers['set-cookie'], 'kinwise_session')
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: session } })
    expect(me.json()).toMatchObject({ email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper', hasCompletedOnboarding: false })
    // the same identity again is the same account
    const again = await signInThroughProvider()
    const me2 = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: cookieOf(again.headers['set-cookie'], 'kinwise_session') },
    })
    expect(me2.json().id).toBe(me.json().id)
  })

  it('links a verified e-mail to the existing password account', async () => {
    const existing = await signUp(t.app, { email: 'linus@example.com' })
    idp.setUser({ sub: 'u-2', email: 'linus@example.com', email_verified: true, given_name: 'L', family_name: 'T' })
    const done = await signInThroughProvider()
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: cookieOf(done.headers['set-cookie'], 'kinwise_session') },
    })
    expect(me.json().id).toBe(existing.user.id)
  })

  it('refuses an unverified e-mail and a forged state', async () => {
    idp.setUser({ sub: 'u-3', email: 'eve@example.com', email_verified: false, given_name: 'Eve', family_name: '' })
    const unverified = await signInThroughProvider()
    expect(unverified.headers.location).toBe('/auth/login?error=email_not_verified')
    idp.setUser({ sub: 'u-4', email: 'mallory@example.com', email_verified: true, given_name: 'M', family_name: '' })
    const forged = await signInThroughProvider((url) => url.searchParams.set('state', 'forged'))
    expect(forged.headers.location).toBe('/auth/login?error=failed')
    expect(cookieOf(forged.headers['set-cookie'], 'kinwise_session')).toBe('')
    const noCookie = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/callback?code=x&state=y' })
    expect(noCookie.headers.location).toBe('/auth/login?error=expired')
  })
})
