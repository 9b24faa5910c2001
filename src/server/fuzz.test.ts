// The contract-driven fuzz in `npm test`: requests generated from every endpoint's
// zod schemas (src/server/fuzz), fitting and hostile, as two households' owners and as nobody.
// None may answer ≥ 500, every 4xx is JSON with a message and a code, a refused request writes
// nothing and no request changes the other household. KINWISE_FUZZ_RUNS sets the number of
// requests (default 2,000), KINWISE_FUZZ_SEED replays a run.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from './test/helper'
import { loadEndpoints } from './fuzz/contracts'
import { formatFailures, fuzzSeed, runFuzz } from './fuzz/run'

const RUNS = Number(process.env.KINWISE_FUZZ_RUNS ?? 2000)
const seed = fuzzSeed()

let t: TestContext
beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T12:00:00Z' })
})
afterAll(async () => {
  await t.close()
})

describe('contract-driven fuzz', () => {
  it('finds every endpoint of the contracts', async () => {
    const endpoints = await loadEndpoints()
    expect(endpoints.length).toBeGreaterThan(70)
    const keys = endpoints.map((e) => `${e.method} ${e.path}`)
    expect(keys).toContain('POST /api/transactions')
    expect(keys).toContain('POST /api/imports')
  })

  it(`${RUNS} generated requests: no answer ≥ 500, every 4xx JSON with message and code, no partial or cross-household writes`, { timeout: 600_000 }, async () => {
    process.stdout.write(`fuzz seed ${seed} (${RUNS} requests; replay with KINWISE_FUZZ_SEED=${seed})\n`)
    const report = await runFuzz({
      app: t.app,
      db: t.database.db,
      clock: t.clock,
      runs: RUNS,
      seed,
      log: (line) => process.stdout.write(`${line}\n`),
    })
    const reached = Object.values(report.byEndpoint).filter((s) => s['2xx'] > 0).length
    process.stdout.write(
      `fuzz: ${report.requests} requests over ${report.endpoints} endpoints in ${report.seconds.toFixed(1)} s (${(report.requests / report.seconds).toFixed(0)}/s), ${report.serverErrors} answers ≥ 500, ${reached} endpoints answered 2xx at least once, ${report.heals} repairs; seconds in requests ${report.timings.requests.toFixed(1)}, change checks ${report.timings.changes.toFixed(1)}, upkeep ${report.timings.upkeep.toFixed(1)}\n`,
    )
    if (process.env.KINWISE_FUZZ_VERBOSE) {
      for (const [key, s] of Object.entries(report.byEndpoint)) {
        const total = s['2xx'] + s['4xx'] + s['5xx']
        process.stdout.write(`  ${key}: ${s['2xx']} 2xx, ${s['4xx']} 4xx, ${s['5xx']} 5xx, ${(s.ms / total).toFixed(1)} ms each\n`)
        if (process.env.KINWISE_FUZZ_VERBOSE === '2') for (const [r, n] of Object.entries(s.refusals)) process.stdout.write(`      ${n} × ${r}\n`)
      }
    }
    expect(report.requests).toBe(RUNS)
    expect(report.failures, formatFailures(report, `KINWISE_TEST_DB=${process.env.KINWISE_TEST_DB ?? 'pglite'} npx vitest run src/server/fuzz.test.ts`)).toEqual([])
    expect(report.serverErrors).toBe(0)
    // the generated requests reach the services, not only validation: most endpoints said yes at least once
    if (RUNS >= 2000) expect(reached).toBeGreaterThan(report.endpoints * 0.6)
  })
})

describe('the fuzz itself', () => {
  it('reports an answer ≥ 500, a refused request that wrote, and a write into the other household, each with its request', async () => {
    // the app as the fuzz sees it, broken on purpose in three ways
    const app = Object.create(t.app) as FastifyInstance
    const faulty = async (opts: InjectOptions): Promise<LightMyRequestResponse> => {
      const res = await t.app.inject(opts)
      const url = String(opts.url)
      const with500 = () => Object.assign(Object.create(Object.getPrototypeOf(res) as object) as LightMyRequestResponse, res, { statusCode: 500 })
      if (opts.method === 'GET' && url.startsWith('/api/goals')) return with500()
      // a refused change that leaves a write behind, and a good one that touches every household
      const touchAll = () => t.database.db.execute(sql`update households set name = name`)
      if (opts.method === 'PATCH' && url.startsWith('/api/bills/') && res.statusCode >= 400) await touchAll()
      if (opts.method === 'POST' && url === '/api/reminders' && res.statusCode < 300) await touchAll()
      return res
    }
    Object.defineProperty(app, 'inject', { value: faulty })
    const only = new Set(['GET /api/goals', 'PATCH /api/bills/:id', 'POST /api/reminders'])
    const report = await runFuzz({ app, db: t.database.db, clock: t.clock, runs: 90, seed: 7, only: (key) => only.has(key) })
    const problems = report.failures.map((f) => `${f.endpoint}: ${f.problem}`)
    expect(report.serverErrors).toBeGreaterThan(0)
    expect(problems).toContain('GET /api/goals: answered 500')
    expect(problems.some((p) => /^PATCH \/api\/bills\/:id: answered 4\d\d but wrote household A's households/.test(p)), problems.join('\n')).toBe(true)
    expect(problems.some((p) => /^POST \/api\/reminders: household [AB]'s request wrote household [AB]'s households/.test(p)), problems.join('\n')).toBe(true)
    // each with the request to replay
    const first = report.failures.find((f) => f.endpoint === 'GET /api/goals')
    expect(first?.request).toMatch(/^GET \/api\/goals/)
    expect(formatFailures(report, 'x')).toContain(`KINWISE_FUZZ_SEED=7`)
  })
})
