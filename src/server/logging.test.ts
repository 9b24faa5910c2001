// Database refusals reach the client as the mapped 4xx wherever Drizzle puts the driver's code,
// and the logs of failures carry no SQL parameters, passwords, hashes or e-mails (issue 15).
import { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import { DrizzleQueryError } from 'drizzle-orm/errors'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from './app'
import { registerErrorHandler } from './plugins/error-handler'
import { cleanText, serializeError } from './plugins/log-safety'
import { createTestApp, signUp, type TestContext } from './test/helper'

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
    const error = new DrizzleQueryError('insert into users (email) values ($1)', ['jane@example.org', '$argon2id$v=19$x'], Object.assign(new Error('boom'), { code: 'P0001', detail: 'Key (email)=(jane@example.org)' }))
    const out = JSON.stringify(serializeError(error))
    expect(out).not.toContain('jane')
    expect(out).not.toContain('argon2')
    expect(out).not.toContain('detail')
    expect(out).toContain('P0001')
  })
})
