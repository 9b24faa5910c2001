// Database refusals reach the client as the mapped 4xx wherever Drizzle puts the driver's code,
// the logs of failures carry no SQL parameters, passwords, hashes or e-mails, and no
// log line carries a secret that came in a URL, a header or a body: reset and invite tokens,
// API tokens, session cookies, passwords, second factors.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import { DrizzleQueryError } from 'drizzle-orm/errors'
import Fastify, { type FastifyInstance } from 'fastify'
import { generate } from 'otplib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from './app'
import { resetLinkFor } from './modules/auth/password-reset'
import { registerErrorHandler } from './plugins/error-handler'
import { cleanText, serializeError } from './plugins/log-safety'
import { clientFor, createTestApp, signUp, type TestContext } from './test/helper'

let t: TestContext
let app: FastifyInstance
let lines: string[] = []

beforeAll(async () => {
  t = await createTestApp()
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString())
      done()
    },
  })
  app = await buildApp({ db: t.database.db, config: t.config, clock: t.clock, webDir: null, logger: { level: 'info', stream } })
  await app.ready()
  // a database that refuses: one table raises a plain error, another a unique violation
  await t.database.db.execute(sql`
    create or replace function kw_test_refuse_user() returns trigger language plpgsql as $$
    begin
      if new.first_name = 'Failing' then raise exception 'refused by test'; end if;
      return new;
    end $$`)
  await t.database.db.execute(sql`
    create or replace function kw_test_refuse_account() returns trigger language plpgsql as $$
    begin
      if new.name like 'Dup%' then
        raise exception using errcode = 'unique_violation', message = 'duplicate key', detail = 'Key (name)=(' || new.name || ') already exists';
      end if;
      return new;
    end $$`)
  await t.database.db.execute(sql`create trigger kw_test_refuse before insert on users for each row execute function kw_test_refuse_user()`)
  await t.database.db.execute(sql`create trigger kw_test_refuse before insert on accounts for each row execute function kw_test_refuse_account()`)
})
afterAll(async () => {
  await app.close()
  await t.close()
})

describe('database errors', () => {
  it('a unique violation from the database is a 409, read from the error Drizzle wraps', async () => {
    const owner = await signUp(app)
    const res = await owner.post('/api/accounts', { name: 'Dup savings', type: 'savings' })
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('CONFLICT')
  })

  it('maps the code on a cause, unit by unit: Drizzle-shaped errors from a handler', async () => {
    const tiny = Fastify()
    registerErrorHandler(tiny)
    const pgError = (code: string) => Object.assign(new Error('driver says no'), { code })
    tiny.get('/unique', async () => {
      throw new DrizzleQueryError('insert into x values ($1)', ['a'], pgError('23505'))
    })
    tiny.get('/range', async () => {
      throw new DrizzleQueryError('insert into x values ($1)', [1e30], pgError('22003'))
    })
    tiny.get('/deep', async () => {
      throw new Error('outer', { cause: new DrizzleQueryError('select 1', [], pgError('22P02')) })
    })
    tiny.get('/other', async () => {
      throw new DrizzleQueryError('select 1', [], pgError('57014'))
    })
    expect((await tiny.inject('/unique')).statusCode).toBe(409)
    expect((await tiny.inject('/range')).json()).toMatchObject({ code: 'INVALID_VALUE' })
    expect((await tiny.inject('/range')).statusCode).toBe(400)
    expect((await tiny.inject('/deep')).statusCode).toBe(400)
    expect((await tiny.inject('/other')).statusCode).toBe(500)
    await tiny.close()
  })
})

describe('logs', () => {
  it('of a failed registration and a failed query carry no parameters, password, hash or e-mail', async () => {
    lines = []
    const email = 'leaky.person@example.com'
    const password = 'sup3r-secret-passphrase'
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { firstName: 'Failing', lastName: 'Example', email, password, acceptTerms: true },
      remoteAddress: '10.88.0.1',
    })
    expect(res.statusCode).toBe(500)
    const owner = await signUp(app)
    expect((await owner.post('/api/accounts', { name: 'Dup private-name-4711', type: 'cash' })).statusCode).toBe(409)
    const log = lines.join('')
    // the failures were logged
    expect(log).toContain('unhandled error')
    expect(log).toContain('Failed query (insert)')
    expect(log).toContain('database refused input')
    for (const secret of [email, 'leaky.person', password, '$argon2', 'params:', 'private-name-4711', owner.user.email]) {
      expect(log, secret).not.toContain(secret)
    }
    // request lines have the cookie and password redacted
    expect(log).not.toContain(owner.cookie.split('=')[1] ?? 'no cookie')
  })

  it('cleans texts and errors: masked e-mails, no hashes, no parameters', () => {
    expect(cleanText('sent to jane.doe@example.org and x@y.io')).toBe('sent to j@… and x@…')
    expect(cleanText('hash $argon2id$v=19$m=19456,t=2,p=1$abc$def here')).toBe('hash [hash] here')
    // a URL or header quoted in a message (Fastify's warnings quote the URL)
    expect(cleanText('sent twice in "/api/household/invites/AbC9_x-y/accept" route')).toBe('sent twice in "/api/household/invites/:token/accept" route')
    expect(cleanText('GET https://kw.example/auth/reset-password?token=s3cr3t&x=1 then /join/Qw_9')).toBe('GET https://kw.example/auth/reset-password?[redacted] then /join/:token')
    expect(cleanText('authorization: Bearer kw_AbCdEf012345_-xyz; cookie: kinwise_session=Zz9-_x; theme=dark')).toBe(
      'authorization: Bearer [redacted]; cookie: kinwise_session=[redacted]; theme=dark',
    )
    expect(cleanText('token kw_AbCdEf012345_-xyz revoked')).toBe('token kw_[redacted] revoked')
    expect(cleanText('KINWISE_SECRET_KEY changed? Check it')).toBe('KINWISE_SECRET_KEY changed? Check it')
    const error = new DrizzleQueryError('insert into users (email) values ($1)', ['jane@example.org', '$argon2id$v=19$x'], Object.assign(new Error('boom'), { code: 'P0001', detail: 'Key (email)=(jane@example.org)' }))
    const out = JSON.stringify(serializeError(error))
    expect(out).not.toContain('jane')
    expect(out).not.toContain('argon2')
    expect(out).not.toContain('detail')
    expect(out).toContain('P0001')
  })
})

/** A writable stream that keeps every line pino writes to it. */
function capture(into: string[]): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      into.push(chunk.toString())
      done()
    },
  })
}

const cookieOf = (res: { headers: Record<string, unknown> }): string => {
  const header = res.headers['set-cookie']
  const all = (Array.isArray(header) ? header : [header]).filter((c): c is string => typeof c === 'string')
  return all.map((c) => c.split(';')[0] ?? '').find((c) => c.startsWith('kinwise_session=') && c !== 'kinwise_session=') ?? ''
}

describe('request logs', () => {
  let ctx: TestContext
  let web: FastifyInstance
  let webDir: string
  const out: string[] = []

  beforeAll(async () => {
    ctx = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } })
    // a built web app, so page paths go through the static files' wildcard route as in production
    webDir = mkdtempSync(path.join(tmpdir(), 'kinwise-log-web-'))
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Kinwise</title>')
    mkdirSync(path.join(webDir, 'assets'))
    writeFileSync(path.join(webDir, 'assets', 'index-Bx_9aQz1.js'), 'export {}')
    web = await buildApp({ db: ctx.database.db, config: ctx.config, clock: ctx.clock, webDir, logger: { level: 'info', stream: capture(out) } })
    await web.ready()
  })
  afterAll(async () => {
    await web.close()
    await ctx.close()
    rmSync(webDir, { recursive: true, force: true })
  })

  it('carry no token, password, cookie or code from reset, invites, API tokens, MFA and password changes', async () => {
    const secrets: Record<string, string> = {}
    const keep = (name: string, value: string): string => {
      expect(value.length, name).toBeGreaterThan(5)
      secrets[name] = value
      return value
    }
    const password = keep('password', 'first secret passphrase 81')
    const owner = await signUp(web, { password })
    keep('sign-up cookie', owner.cookie.split('=')[1] ?? '')

    // password reset: the link's page, then the confirmation
    const link = (await resetLinkFor(ctx.database.db, ctx.config, owner.user.email, ctx.clock.now())) ?? ''
    const resetToken = keep('reset token', new URL(link).searchParams.get('token') ?? '')
    expect((await web.inject({ method: 'GET', url: `/auth/reset-password?token=${resetToken}` })).statusCode).toBe(200)
    const newPassword = keep('reset password', 'second secret passphrase 82')
    expect((await web.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token: resetToken, password: newPassword } })).statusCode).toBe(200)

    // sign in again; the session cookie goes in every later request
    const signedIn = await web.inject({ method: 'POST', url: '/api/auth/login', payload: { email: owner.user.email, password: newPassword } })
    expect(signedIn.statusCode, signedIn.body).toBe(200)
    const me = clientFor(web, keep('session cookie', cookieOf(signedIn)), owner.user)
    keep('session cookie value', me.cookie.split('=')[1] ?? '')

    // an invite: the join page, its preview, accepting it; and one revoked
    const invite = (await me.post('/api/household/invites', { role: 'adult' })).json<{ token: string }>()
    const inviteToken = keep('invite token', invite.token)
    const joiner = await signUp(web, { password })
    keep('joiner cookie', joiner.cookie.split('=')[1] ?? '')
    expect((await joiner.get(`/join/${inviteToken}`)).statusCode).toBe(200)
    expect((await joiner.get(`/api/household/invites/${inviteToken}/preview`)).statusCode).toBe(200)
    expect((await joiner.post(`/api/household/invites/${inviteToken}/accept`)).statusCode).toBe(200)
    const revoked = keep('revoked invite token', (await me.post('/api/household/invites', { role: 'viewer' })).json<{ token: string }>().token)
    expect((await me.delete(`/api/household/invites/${revoked}`)).statusCode).toBe(204)
    // a path no route has, with a token in it
    expect((await me.get(`/api/household/invites/${revoked}/nothing-here`)).statusCode).toBe(404)

    // an API token, used as a bearer
    const apiToken = keep('api token', (await me.post('/api/tokens', { name: 'Sheet', access: 'read', expiresInDays: 30 })).json<{ token: string }>().token)
    const bearer = await web.inject({ method: 'GET', url: '/api/accounts', headers: { authorization: `Bearer ${apiToken}` } })
    expect(bearer.statusCode).toBe(200)

    // MFA: set-up, enabling, the second step with a recovery code, re-authentication with a code
    const setup = (await me.post('/api/mfa/totp/setup')).json<{ secret: string }>()
    const totpSecret = keep('totp secret', setup.secret)
    const code = await generate({ secret: totpSecret, epoch: Math.floor(ctx.clock.now().getTime() / 1000) })
    const enabled = await me.post('/api/mfa/totp/enable', { code })
    expect(enabled.statusCode, enabled.body).toBe(200)
    const [recoveryCode = ''] = enabled.json<{ recoveryCodes: string[] }>().recoveryCodes
    keep('recovery code', recoveryCode)
    const pending = await web.inject({ method: 'POST', url: '/api/auth/login', payload: { email: owner.user.email, password: newPassword } })
    const pendingCookie = keep('pending cookie', cookieOf(pending))
    const second = await web.inject({ method: 'POST', url: '/api/auth/login/mfa', headers: { cookie: pendingCookie }, payload: { recoveryCode } })
    expect(second.statusCode, second.body).toBe(200)
    const full = clientFor(web, keep('mfa session cookie', cookieOf(second)), owner.user)
    expect((await full.post('/api/auth/reauth', { password: newPassword })).statusCode).toBe(200)
    expect((await full.post('/api/auth/reauth', { password: keep('wrong password', 'a wrong passphrase 83') })).statusCode).toBe(400)

    // changing the password
    const changed = await full.post('/api/user/password', { currentPassword: newPassword, newPassword: keep('changed password', 'third secret passphrase 84') })
    expect(changed.statusCode, changed.body).toBe(200)
    keep('changed cookie', cookieOf(changed))

    // an OpenID Connect callback's code and state, even with no provider configured
    const oidcCode = keep('oidc code', 'Oidc4uthC0de_x9')
    const oidcState = keep('oidc state', 'St4te-Value_77')
    await web.inject({ method: 'GET', url: `/api/auth/oidc/callback?code=${oidcCode}&state=${oidcState}` })

    const log = out.join('')
    expect(log).toContain('incoming request')
    for (const [name, secret] of Object.entries(secrets)) expect(log, name).not.toContain(secret)
    // the requests are still there, each path by its route where there is one
    expect(log).toContain('/api/household/invites/:token/accept')
    expect(log).toContain('/join/')
  })

  it('keep the path of a page or an asset, and an id, but not a query', async () => {
    out.length = 0
    await web.inject({ method: 'GET', url: '/assets/index-Bx_9aQz1.js' })
    await web.inject({ method: 'GET', url: '/transactions?search=rent&new=1' })
    await web.inject({ method: 'GET', url: '/api/bills/0195f3a0-0000-7000-8000-000000000000' })
    const urls = out.map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url).filter(Boolean)
    expect(urls).toEqual(['/assets/index-Bx_9aQz1.js', '/transactions', '/api/bills/:id'])
  })
})
