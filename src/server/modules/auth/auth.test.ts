import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#src/server/app'
import { createTestApp, signUp, type TestContext } from '#src/server/test/helper'

let t: TestContext
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const registration = (email: string) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email,
  password: 'analytical engine',
  acceptTerms: true,
})

describe('auth', () => {
  it('answers 401 {"message":"Unauthorized"} without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/user' })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ message: 'Unauthorized' })
  })

  it('registers, sets an HttpOnly SameSite=Lax cookie and returns the user', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: registration('Ada@Example.com') })
    expect(res.statusCode).toBe(201)
    const cookie = String(res.headers['set-cookie'])
    expect(cookie).toMatch(/kinwise_session=/)
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Lax/)
    expect(cookie).not.toMatch(/Secure/)
    expect(res.json()).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      subscriptionTier: 'free',
      hasCompletedOnboarding: false,
      profileImageUrl: null,
    })
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: cookie.split(';')[0] ?? '' } })
    expect(me.statusCode).toBe(200)
    expect(me.json().email).toBe('ada@example.com')
  })

  it('refuses a second account with the same e-mail in any case', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: registration('ADA@example.com') })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'EMAIL_TAKEN' })
  })

  it('refuses registration without accepting the terms, with a clear message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...registration('minor@example.com'), acceptTerms: false },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('VALIDATION_ERROR')
    expect(res.json().message).toMatch(/18 or older/)
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'minor@example.com', password: 'analytical engine' } })
    expect(login.statusCode).toBe(401)
  })

  it('refuses a short password and a bad e-mail', async () => {
    const short = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...registration('x@example.com'), password: 'short' } })
    expect(short.statusCode).toBe(400)
    expect(short.json().issues[0].path).toBe('body.password')
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: registration('not-an-email') })
    expect(bad.statusCode).toBe(400)
  })

  it('signs in with the right password only, rotating the session', async () => {
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'ada@example.com', password: 'wrong password' } })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json().message).toBe('Incorrect e-mail or password')
    const first = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'ADA@example.com', password: 'analytical engine' } })
    expect(first.statusCode).toBe(200)
    const cookie1 = String(first.headers['set-cookie']).split(';')[0] ?? ''
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ada@example.com', password: 'analytical engine' },
      headers: { cookie: cookie1 },
    })
    const cookie2 = String(second.headers['set-cookie']).split(';')[0] ?? ''
    expect(cookie2).not.toBe(cookie1)
    const old = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: cookie1 } })
    expect(old.statusCode).toBe(401)
    const fresh = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: cookie2 } })
    expect(fresh.statusCode).toBe(200)
  })

  it('signs out with POST /api/auth/logout and with the /api/logout navigation', async () => {
    const a = await signUp(t.app)
    expect((await a.post('/api/auth/logout')).statusCode).toBe(200)
    expect((await a.get('/api/auth/user')).statusCode).toBe(401)
    const b = await signUp(t.app)
    const nav = await b.get('/api/logout')
    expect(nav.statusCode).toBe(302)
    expect(nav.headers.location).toBe('/')
    expect((await b.get('/api/auth/user')).statusCode).toBe(401)
  })

  it('redirects /api/login to the sign-in page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/login' })
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe('/auth/login')
  })

  it('marks onboarding complete', async () => {
    const a = await signUp(t.app, { onboarded: false })
    expect((await a.get('/api/auth/user')).json().hasCompletedOnboarding).toBe(false)
    const res = await a.post('/api/user/onboarding-complete')
    expect(res.statusCode).toBe(200)
    expect((await a.get('/api/auth/user')).json().hasCompletedOnboarding).toBe(true)
  })

  it('ends a session after the idle timeout and says it expired', async () => {
    const a = await signUp(t.app)
    t.clock.set('2026-03-23T12:00:01Z') // 8 days idle > 7
    try {
      const res = await a.get('/api/auth/user')
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ message: 'Session expired', code: 'SESSION_EXPIRED' })
      // the expired session is gone: from now on it is simply not signed in
      expect((await a.get('/api/auth/user')).json()).toEqual({ message: 'Unauthorized', code: 'UNAUTHORIZED' })
    } finally {
      t.clock.set('2026-03-15T12:00:00Z')
    }
  })

  it('refuses cross-site writes (CSRF) but not same-origin ones or plain API clients', async () => {
    const a = await signUp(t.app)
    const cross = await a.request({ method: 'POST', url: '/api/user/onboarding-complete', headers: { 'sec-fetch-site': 'cross-site' } })
    expect(cross.statusCode).toBe(403)
    expect(cross.json().code).toBe('CSRF')
    const evil = await a.request({ method: 'POST', url: '/api/auth/logout', headers: { origin: 'https://evil.example' } })
    expect(evil.statusCode).toBe(403)
    expect((await a.get('/api/auth/user')).statusCode).toBe(200)
    const same = await a.request({
      method: 'POST',
      url: '/api/user/onboarding-complete',
      headers: { origin: 'http://localhost:80', host: 'localhost:80', 'sec-fetch-site': 'same-origin' },
    })
    expect(same.statusCode).toBe(200)
  })

  it('rate-limits sign-in attempts', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'nobody@example.com', password: 'whatever it is' },
        remoteAddress: '10.9.9.9',
      })
      statuses.push(res.statusCode)
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
  })

  it('counts the per-minute limit in the database: two instances share it (ADR 0031)', async () => {
    const other = await buildApp({ db: t.database.db, config: t.config, clock: t.clock, webDir: null })
    try {
      const statuses: number[] = []
      for (let i = 0; i < 12; i++) {
        const res = await (i % 2 ? other : t.app).inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: `nobody${String(i)}@example.com`, password: 'whatever it is' },
          remoteAddress: '10.9.9.10',
        })
        statuses.push(res.statusCode)
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true)
      expect(statuses.slice(10)).toEqual([429, 429])
      // another route counts on its own
      const register = await other.inject({ method: 'POST', url: '/api/auth/register', payload: {}, remoteAddress: '10.9.9.10' })
      expect(register.statusCode).toBe(400)
    } finally {
      await other.close()
    }
  })

  it('sends security headers without HSTS on plain HTTP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/user' })
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/)
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['strict-transport-security']).toBeUndefined()
    // the same headers on answers that end early: a refused write and an unknown path
    const refused = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { 'sec-fetch-site': 'cross-site' } })
    expect(refused.statusCode).toBe(403)
    expect(refused.headers['content-security-policy']).toBe(res.headers['content-security-policy'])
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' })
    expect(missing.headers['x-frame-options']).toBe('SAMEORIGIN')
  })

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' })
  })

  it('refuses malformed JSON with a 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('BAD_REQUEST')
  })
})
