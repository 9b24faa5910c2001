// Through the whole app: API answers are never cached, the Host is checked (DNS rebinding), and
// the CSP allows no inline style.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app'
import { parseConfig } from '../config'
import { createTestApp, signUp, type TestContext } from '../test/helper'
import { hostName, isAllowedHost } from './security'

let t: TestContext
const apps: FastifyInstance[] = []
let webDir: string

async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
  const app = await buildApp({ db: t.database.db, config: parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }), clock: t.clock, webDir })
  await app.ready()
  apps.push(app)
  return app
}

beforeAll(async () => {
  t = await createTestApp()
  webDir = mkdtempSync(path.join(tmpdir(), 'kw-web-'))
  mkdirSync(path.join(webDir, 'assets'))
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Kinwise</title>')
  writeFileSync(path.join(webDir, 'assets', 'app-1234.js'), 'console.log(1)')
})
afterAll(async () => {
  for (const app of apps) await app.close()
  await t.close()
})

describe('Cache-Control', () => {
  it('is no-store on every API answer (data, errors, 404) and not on the web app’s files', async () => {
    const app = await appWith({})
    const client = await signUp(app)
    const answers = {
      data: await client.get('/api/accounts'),
      notFound: await client.get('/api/nothing-here'),
      unauthorized: await app.inject('/api/auth/user'),
      invalid: await client.post('/api/accounts', { name: 'x' }),
    }
    for (const [what, res] of Object.entries(answers)) expect(res.headers['cache-control'], what).toBe('no-store')
    expect((await app.inject('/assets/app-1234.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect((await app.inject('/')).headers['cache-control']).toBe('no-cache')
  })
})

describe('Content-Security-Policy', () => {
  it('allows no inline style or script', async () => {
    const app = await appWith({})
    const csp = String((await app.inject('/')).headers['content-security-policy'])
    expect(csp).toContain("style-src 'self'")
    expect(csp).not.toContain('unsafe-inline')
    expect(csp).not.toContain('plaid')
  })

  it('lets Plaid Link load its script and open its frame only when Plaid is configured', async () => {
    const app = await appWith({ PLAID_CLIENT_ID: 'id', PLAID_SECRET: 'secret', PLAID_ENV: 'production' })
    const directives = new Map(
      String((await app.inject('/')).headers['content-security-policy'])
        .split(';')
        .map((d) => {
          const [name = '', ...values] = d.trim().split(/\s+/)
          return [name, values] as const
        }),
    )
    expect(directives.get('script-src')).toEqual(["'self'", 'https://cdn.plaid.com/link/v2/stable/link-initialize.js'])
    expect(directives.get('frame-src')).toEqual(['https://cdn.plaid.com'])
    expect(directives.get('connect-src')).toEqual(["'self'", 'https://production.plaid.com'])
  })
})

describe('Host', () => {
  it('with PUBLIC_URL, only its host and the loopback names are answered (health checks excepted)', async () => {
    const app = await appWith({ PUBLIC_URL: 'https://money.example.com' })
    const at = (host: string, url = '/api/auth/user') => app.inject({ url, headers: { host } })
    expect((await at('money.example.com')).statusCode).toBe(401)
    const refused = await at('evil.example.net')
    expect(refused.statusCode).toBe(421)
    expect(refused.json().code).toBe('MISDIRECTED_REQUEST')
    expect((await at('192.168.1.20:3000')).statusCode).toBe(421)
    expect((await at('localhost:3000')).statusCode).toBe(401)
    expect((await at('127.0.0.1:3000')).statusCode).toBe(401)
    expect((await at('evil.example.net', '/')).statusCode).toBe(421)
    expect((await at('10.0.0.5:3000', '/api/health')).statusCode).toBe(200)
  })

  it('without PUBLIC_URL, IP addresses, localhost and the allowed names only', async () => {
    const app = await appWith({ KINWISE_ALLOWED_HOSTS: 'kinwise.lan, NAS.local' })
    const status = async (host: string) => (await app.inject({ url: '/api/auth/user', headers: { host } })).statusCode
    for (const host of ['localhost', 'localhost:3000', '127.0.0.1:3000', '192.168.1.20', '[::1]:3000', 'kinwise.localhost', 'kinwise.lan', 'nas.local:8080']) {
      expect(await status(host), host).toBe(401)
    }
    for (const host of ['attacker.example.com', 'kinwise.lan.attacker.com', '127.0.0.1.nip.io', 'localhost.attacker.com']) {
      expect(await status(host), host).toBe(421)
    }
  })

  it('reads host names and addresses', () => {
    expect(hostName('Example.COM:8080')).toBe('example.com')
    expect(hostName('[::1]:3000')).toBe('[::1]')
    const lan = { publicUrl: null, allowedHosts: [] }
    expect(isAllowedHost('256.1.1.1', lan)).toBe(false)
    expect(isAllowedHost(undefined, lan)).toBe(false)
    expect(isAllowedHost('10.1.2.3', lan)).toBe(true)
  })
})
