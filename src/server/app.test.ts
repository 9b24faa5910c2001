import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from './app'
import { parseConfig, ConfigError } from './config'
import { defaultPoolSize } from './db/pool-size'
import { createTestApp, type TestContext } from './test/helper'

let t: TestContext
let webDir: string
let app: Awaited<ReturnType<typeof buildApp>>

beforeAll(async () => {
  t = await createTestApp()
  webDir = await mkdtemp(path.join(tmpdir(), 'kinwise-web-'))
  await mkdir(path.join(webDir, 'assets'))
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Kinwise</title><div id="root"></div>')
  app = await buildApp({ db: t.database.db, config: t.config, webDir })
})
afterAll(async () => {
  await app.close()
  await t.close()
  await rm(webDir, { recursive: true, force: true })
})

describe('serving the web app', () => {
  it('answers every page path with index.html, and hashed assets with a long cache', async () => {
    for (const url of ['/', '/dashboard', '/transactions?x=1', '/no/such/page']) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(200)
      expect(res.body, url).toContain('<div id="root">')
      expect(res.headers['cache-control'], url).toBe('no-cache')
    }
    // a file built after the server started is served too
    await writeFile(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log(1)')
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const api = await app.inject({ method: 'GET', url: '/api/nope' })
    expect(api.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' })
  })

  it('answers a path the build wrote a page for with that page (its chunks preloaded)', async () => {
    await mkdir(path.join(webDir, 'routes', 'auth'), { recursive: true })
    await writeFile(path.join(webDir, 'routes', 'auth', 'login.html'), '<!doctype html><div id="root"></div><!-- login -->')
    await writeFile(path.join(webDir, 'routes', 'dashboard.html'), '<!doctype html><div id="root"></div><!-- dashboard -->')
    expect((await app.inject({ method: 'GET', url: '/auth/login?next=%2F' })).body).toContain('<!-- login -->')
    expect((await app.inject({ method: 'GET', url: '/dashboard' })).body).toContain('<!-- dashboard -->')
    // every other path, and anything that is not a plain page path, gets index.html
    for (const url of ['/transactions', '/auth', '/routes/dashboard', '/Dashboard', '/dashboard/', '/%2e%2e/index']) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(200)
      expect(res.body, url).not.toContain('<!-- ')
    }
    const api = await app.inject({ method: 'GET', url: '/api/dashboard' })
    expect(api.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' })
  })
})

describe('configuration', () => {
  it('stops with a message naming the wrong variable', () => {
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow(ConfigError)
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow(/PORT = "eighty"/)
    expect(() => parseConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/)
    expect(() => parseConfig({ KINWISE_SECRET_KEY: 'short' })).toThrow(/KINWISE_SECRET_KEY/)
    expect(() => parseConfig({ OIDC_ISSUER: 'https://id.example.com' })).toThrow(/set together/)
  })

  it('uses the defaults of the README', () => {
    const config = parseConfig({})
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      database: { kind: 'pglite', dataDir: './data' },
      secureCookies: false,
      session: { ttlDays: 30, idleDays: 7 },
      authRateLimitPerMinute: 10,
    })
    expect(parseConfig({ DATABASE_URL: 'postgres://u@h/db' }).database).toEqual({ kind: 'postgres', url: 'postgres://u@h/db', poolSize: defaultPoolSize(), pooler: 'none' })
    expect(parseConfig({ DATABASE_URL: 'postgres://u@h/db', DATABASE_POOLER: 'transaction' }).database).toMatchObject({ pooler: 'transaction' })
    expect(() => parseConfig({ DATABASE_POOLER: 'transaction' })).toThrow(/DATABASE_POOLER is only for a PostgreSQL server/)
    expect(() => parseConfig({ DATABASE_URL: 'postgres://u@h/db', DATABASE_POOLER: 'statement' })).toThrow(/DATABASE_POOLER/)
    expect(parseConfig({}).jobMinuteMs).toBe(60_000)
    expect(parseConfig({ DATABASE_URL: 'postgres://u@h/db', DB_POOL_SIZE: '12' }).database).toMatchObject({ poolSize: 12 })
    // twice the cores, never fewer than two
    expect([defaultPoolSize(1), defaultPoolSize(2), defaultPoolSize(8)]).toEqual([2, 4, 16])
    expect(parseConfig({ PUBLIC_URL: 'https://money.example.com' }).secureCookies).toBe(true)
  })
})
