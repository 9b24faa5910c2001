// Personal API tokens through the API (ADR 0033): made once and shown once, stored
// hashed, listed and revoked; a bearer request acts as its member (role, visibility, plan) and
// no more: read-only tokens only read, expired and revoked ones stop, session-only endpoints
// (export, deletion, MFA, re-authentication, tokens, bank linking) refuse every token; CSRF rules
// do not apply and cookies are ignored; use is audited once per token per day.
import { and, eq } from 'drizzle-orm'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiTokens, auditLog } from '#src/server/db/schema'
import { addMember, createTestApp, setTestPlan, signUp, type Client, type TestContext } from '#src/server/test/helper'

const START = '2026-03-15T12:00:00Z'
let t: TestContext

beforeAll(async () => {
  t = await createTestApp({ now: START })
})
afterAll(async () => {
  await t.close()
})

function at(iso: string): void {
  t.clock.set(iso)
}

/** Makes a token through the API as `client` (a fresh session, so re-authentication is recent). */
async function makeToken(client: Client, access: 'read' | 'write', expiresInDays = 30, name = `${access} token`): Promise<string> {
  const res = await client.post('/api/tokens', { name, access, expiresInDays })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().token
}

const bearer = (token: string, options: InjectOptions) =>
  t.app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } })
const get = (token: string, url: string) => bearer(token, { method: 'GET', url })
const post = (token: string, url: string, payload?: Record<string, unknown>) =>
  bearer(token, { method: 'POST', url, ...(payload ? { payload } : {}) })

describe('making, listing and revoking', () => {
  it('shows the token once, keeps only its hash and a short prefix, lists and revokes it', async () => {
    at(START)
    const a = await signUp(t.app)
    const made = await a.post('/api/tokens', { name: 'Spreadsheet', access: 'read', expiresInDays: 90 })
    expect(made.statusCode, made.body).toBe(201)
    const { token, ...shown } = made.json()
    expect(token).toMatch(/^kw_[A-Za-z0-9_-]{43}$/)
    expect(shown).toMatchObject({ name: 'Spreadsheet', access: 'read', prefix: token.slice(0, 11), lastUsedAt: null, expired: false })
    expect(shown.expiresAt).toBe('2026-06-13T12:00:00.000Z')
    // the database never holds the token
    const rows = await t.database.db.select().from(apiTokens).where(eq(apiTokens.userId, a.user.id))
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows)).not.toContain(token)
    expect(rows[0]?.prefix).toHaveLength(11)
    // listed without it
    const list = await a.get('/api/tokens')
    expect(list.statusCode).toBe(200)
    expect(list.json()).toEqual([shown])
    expect(list.body).not.toContain(token)
    // another member cannot revoke it; its owner can, and it stops at once
    const b = await signUp(t.app)
    expect((await b.delete(`/api/tokens/${shown.id}`)).statusCode).toBe(404)
    expect((await get(token, '/api/accounts')).statusCode).toBe(200)
    expect((await a.delete(`/api/tokens/${shown.id}`)).statusCode).toBe(200)
    const revoked = await get(token, '/api/accounts')
    expect(revoked.statusCode).toBe(401)
    expect(revoked.json()).toMatchObject({ code: 'UNAUTHORIZED', message: 'Unauthorized' })
    expect((await a.get('/api/tokens')).json()).toEqual([])
    const events = await t.database.db.select().from(auditLog).where(eq(auditLog.userId, a.user.id))
    expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(['api_token_created', 'api_token_revoked']))
    expect(JSON.stringify(events)).not.toContain(token)
  })

  it('needs a recent re-authentication to make a token, and a sensible name and expiry', async () => {
    at(START)
    const a = await signUp(t.app)
    at('2026-03-15T12:11:00Z')
    const late = await a.post('/api/tokens', { name: 'Late', access: 'write', expiresInDays: 30 })
    expect(late.statusCode).toBe(403)
    expect(late.json().code).toBe('REAUTH_REQUIRED')
    expect((await a.post('/api/auth/reauth', { password: 'correct horse battery' })).statusCode).toBe(200)
    expect((await a.post('/api/tokens', { name: 'Late', access: 'write', expiresInDays: 30 })).statusCode).toBe(201)
    for (const body of [
      { name: '', access: 'read', expiresInDays: 30 },
      { name: 'x', access: 'admin', expiresInDays: 30 },
      { name: 'x', access: 'read', expiresInDays: 0 },
      { name: 'x', access: 'read', expiresInDays: 366 },
      { name: 'x', access: 'read', expiresInDays: 1.5 },
    ]) {
      expect((await a.post('/api/tokens', body)).statusCode, JSON.stringify(body)).toBe(400)
    }
  })
})

describe('a bearer request acts as its member, never more', () => {
  it("reads the month's spending as the README's script does", async () => {
    at(START)
    const a = await signUp(t.app)
    const account = (await a.post('/api/accounts', { name: 'Checking', type: 'checking', openingBalance: 500 })).json().id
    await a.post('/api/transactions', { accountId: account, date: '2026-03-03', amount: -42.5, merchant: 'Grocer' })
    const token = await makeToken(a, 'read')
    const res = await get(token, '/api/analytics/monthly-summary')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ month: '2026-03' })
    expect(Math.abs(res.json().expenses)).toBe(42.5)
    // the same answer as the browser's
    expect(res.json()).toEqual((await a.get('/api/analytics/monthly-summary')).json())
  })

  it('is refused every write with a read-only token, and writes with a read-write one', async () => {
    at(START)
    const a = await signUp(t.app)
    const account = (await a.post('/api/accounts', { name: 'Checking', type: 'checking' })).json().id
    const read = await makeToken(a, 'read')
    const write = await makeToken(a, 'write')
    const tx = { accountId: account, date: '2026-03-04', amount: -5 }
    const refused = await post(read, '/api/transactions', tx)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('TOKEN_READ_ONLY')
    // one's own things too: settings, reminders
    expect((await bearer(read, { method: 'PATCH', url: '/api/user/settings', payload: { theme: 'dark' } })).json().code).toBe('TOKEN_READ_ONLY')
    expect((await post(read, '/api/reminders', { title: 'x' })).json().code).toBe('TOKEN_READ_ONLY')
    expect((await get(read, '/api/transactions')).statusCode).toBe(200)
    const added = await post(write, '/api/transactions', tx)
    expect(added.statusCode, added.body).toBe(201)
    expect((await get(read, `/api/transactions/${added.json().id}`)).statusCode).toBe(200)
  })

  it("keeps to its member's role and visibility", async () => {
    at(START)
    const owner = await signUp(t.app)
    const adult = await addMember(t, owner, 'adult')
    const teen = await addMember(t, owner, 'teen')
    const viewer = await addMember(t, owner, 'viewer')
    const shared = (await owner.post('/api/accounts', { name: 'Joint', type: 'checking' })).json().id
    const secret = (await adult.post('/api/accounts', { name: 'Adult private', type: 'checking', visibility: 'private', openingBalance: 777.77 })).json().id
    const viewerToken = await makeToken(viewer, 'write')
    const teenToken = await makeToken(teen, 'write')
    const ownerToken = await makeToken(owner, 'write')
    // a viewer's read-write token writes nothing; a teen's cannot read rules or manage members
    const viewerWrite = await post(viewerToken, '/api/transactions', { accountId: shared, date: '2026-03-04', amount: -1 })
    expect(viewerWrite.statusCode).toBe(403)
    expect(viewerWrite.json().code).toBe('FORBIDDEN')
    expect((await get(teenToken, '/api/rules')).json().code).toBe('FORBIDDEN')
    expect((await bearer(teenToken, { method: 'PATCH', url: '/api/household', payload: { name: 'Mine' } })).json().code).toBe('FORBIDDEN')
    // nobody's token sees the adult's private account, not even the owner's
    for (const token of [ownerToken, teenToken, viewerToken]) {
      expect((await get(token, `/api/accounts/${secret}`)).statusCode).toBe(404)
      const all = await get(token, '/api/accounts')
      expect(all.statusCode).toBe(200)
      expect(all.body).not.toContain(secret)
      expect(all.body).not.toContain('777.77')
    }
    // the adult's own token does
    const adultToken = await makeToken(adult, 'read')
    expect((await get(adultToken, `/api/accounts/${secret}`)).statusCode).toBe(200)
    // a role changed later applies to the token at once
    await owner.patch(`/api/household/members/${teen.user.id}`, { role: 'adult' })
    expect((await get(teenToken, '/api/rules')).statusCode).toBe(200)
  })

  it("keeps to its household's plan", async () => {
    at(START)
    const a = await signUp(t.app)
    const token = await makeToken(a, 'read')
    const free = await get(token, '/api/insights')
    expect(free.statusCode).toBe(403)
    expect(free.json()).toMatchObject({ code: 'PLAN_REQUIRED' })
    await setTestPlan(t, a, 'premium')
    expect((await get(token, '/api/insights')).statusCode).toBe(200)
  })

  it('stops when it expires', async () => {
    at(START)
    const a = await signUp(t.app)
    const token = await makeToken(a, 'read', 7)
    at('2026-03-22T11:59:00Z')
    expect((await get(token, '/api/accounts')).statusCode).toBe(200)
    at('2026-03-22T12:00:00Z')
    const expired = await get(token, '/api/accounts')
    expect(expired.statusCode).toBe(401)
    expect(expired.json()).toMatchObject({ code: 'TOKEN_EXPIRED', message: 'API token expired' })
    // the list says so
    expect((await a.get('/api/tokens')).json()[0]).toMatchObject({ expired: true })
  })

  it('never counts as a re-authentication: export, deletion, MFA, re-authentication, tokens and bank linking refuse it', async () => {
    at(START)
    const a = await signUp(t.app)
    await setTestPlan(t, a, 'premium')
    const token = await makeToken(a, 'write')
    // the browser session that made it is recent: the same calls with the cookie get past the gate
    expect((await a.get('/api/export')).statusCode).toBe(200)
    const sensitive: InjectOptions[] = [
      { method: 'GET', url: '/api/export' },
      { method: 'POST', url: '/api/user/delete', payload: {} },
      { method: 'POST', url: '/api/auth/reauth', payload: { password: 'correct horse battery' } },
      { method: 'GET', url: '/api/mfa' },
      { method: 'POST', url: '/api/mfa/totp/setup' },
      { method: 'POST', url: '/api/mfa/totp/disable', payload: { password: 'correct horse battery', code: '123456' } },
      { method: 'POST', url: '/api/mfa/recovery-codes', payload: {} },
      { method: 'POST', url: '/api/user/password', payload: { currentPassword: 'correct horse battery', newPassword: 'another long passphrase 42' } },
      { method: 'PATCH', url: '/api/user/profile', payload: { email: 'new@example.com', currentPassword: 'correct horse battery' } },
      { method: 'GET', url: '/api/auth/sessions' },
      { method: 'POST', url: '/api/auth/sessions/revoke-others' },
      { method: 'GET', url: '/api/tokens' },
      { method: 'POST', url: '/api/tokens', payload: { name: 'Child', access: 'write', expiresInDays: 365 } },
      { method: 'POST', url: '/api/bank-connections', payload: { provider: 'simplefin', setupToken: 'x' } },
      { method: 'POST', url: '/api/household/invites', payload: { role: 'adult' } },
      { method: 'POST', url: '/api/household/transfer-ownership', payload: { userId: a.user.id } },
    ]
    for (const request of sensitive) {
      const res = await bearer(token, request)
      expect(res.statusCode, `${request.method} ${request.url} → ${res.body}`).toBe(403)
      expect(res.json().code, `${request.method} ${request.url}`).toBe('TOKEN_NOT_ALLOWED')
    }
    // nothing changed: still one token, no deletion pending, MFA still off
    expect((await a.get('/api/tokens')).json()).toHaveLength(1)
    const me = (await a.get('/api/auth/user')).json()
    expect(me.deleteAfter ?? null).toBeNull()
    expect((await a.get('/api/mfa')).json()).toMatchObject({ totpEnabled: false })
  })
})

describe('cookies, CSRF and the audit log', () => {
  it('ignores cookies when a bearer header is present, and a token signs no browser out', async () => {
    at(START)
    const a = await signUp(t.app)
    const b = await signUp(t.app)
    const tokenA = await makeToken(a, 'read')
    // b's cookie with a's token: a's answer
    const both = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: b.cookie, authorization: `Bearer ${tokenA}` } })
    expect(both.json().id).toBe(a.user.id)
    // a bad token with a good cookie: not signed in (no falling back to the cookie)
    for (const header of ['Bearer kw_not-a-token', 'Bearer', 'bearer   ']) {
      const bad = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: b.cookie, authorization: header } })
      expect(bad.statusCode, header).toBe(401)
    }
    // sign-out with a bearer header ends no session
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: b.cookie, authorization: `Bearer ${tokenA}` } })
    expect((await b.get('/api/auth/user')).statusCode).toBe(200)
  })

  it('does not apply the CSRF rules to bearer requests (they apply to cookies as before)', async () => {
    at(START)
    const a = await signUp(t.app)
    const account = (await a.post('/api/accounts', { name: 'Checking', type: 'checking' })).json().id
    const token = await makeToken(a, 'write')
    const crossSite = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }
    const payload = { accountId: account, date: '2026-03-04', amount: -1 }
    const withCookie = await a.request({ method: 'POST', url: '/api/transactions', payload, headers: crossSite })
    expect(withCookie.json().code).toBe('CSRF')
    const withToken = await bearer(token, { method: 'POST', url: '/api/transactions', payload, headers: crossSite })
    expect(withToken.statusCode, withToken.body).toBe(201)
  })

  it('audits the first use of each token in a UTC day, and shows when it was last used', async () => {
    at('2026-03-15T09:00:00Z')
    const a = await signUp(t.app)
    const token = await makeToken(a, 'read', 30, 'Nightly')
    const used = async () =>
      (await t.database.db.select().from(auditLog).where(and(eq(auditLog.userId, a.user.id), eq(auditLog.event, 'api_token_used')))).length
    expect(await used()).toBe(0)
    for (const minute of ['09:00', '09:00', '09:05', '23:59']) {
      at(`2026-03-15T${minute}:30Z`)
      expect((await get(token, '/api/accounts')).statusCode).toBe(200)
    }
    expect(await used()).toBe(1)
    expect((await a.get('/api/tokens')).json()[0].lastUsedAt).toBe('2026-03-15T23:59:30.000Z')
    at('2026-03-16T00:00:40Z')
    await get(token, '/api/accounts')
    await get(token, '/api/accounts')
    expect(await used()).toBe(2)
    const [event] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.userId, a.user.id), eq(auditLog.event, 'api_token_used')))
    expect(event?.detail).toMatchObject({ name: 'Nightly', access: 'read' })
    expect(JSON.stringify(event)).not.toContain(token)
    // the member sees it in their audit log
    at('2026-03-16T00:01:00Z')
    const log = (await a.get('/api/audit-log')).json()
    expect(JSON.stringify(log)).toContain('API token used')
  })
})

describe('the OpenAPI document', () => {
  it('has a bearer security scheme, says which endpoints take tokens, and shows the script', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' })
    expect(doc.info.description).toContain('Authorization: Bearer $KINWISE_TOKEN')
    expect(doc.info.description).toContain('/api/analytics/monthly-summary')
    const summary = doc.paths['/api/analytics/monthly-summary'].get
    expect(summary.security).toEqual([{ session: [] }, { bearer: [] }])
    expect(summary.description).toContain('any API token')
    expect(doc.paths['/api/transactions'].post.description).toContain('read-write API tokens')
    expect(doc.paths['/api/export'].get.security).toEqual([{ session: [] }])
    expect(doc.paths['/api/export'].get.description).toContain('browser session only')
  })
})
