// The contract fuzz (src/server/fuzz) on the currency endpoints and the figures they change:
// junk and fitting requests never answer ≥ 500, a refused one writes nothing, and no request
// reaches the other household.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatFailures, fuzzSeed, runFuzz } from '#src/server/fuzz/run'
import { createTestApp, type TestContext } from '#src/server/test/helper'

const RUNS = Number(process.env.KINWISE_FUZZ_RUNS ?? 400)
const seed = fuzzSeed()

let t: TestContext
beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T12:00:00Z' })
})
afterAll(async () => {
  await t.close()
})

const CURRENCY_KEYS = new Set(['GET /api/analytics/net-worth', 'GET /api/accounts', 'GET /api/accounts/:id', 'POST /api/accounts', 'PATCH /api/user/settings'])

describe('currencies fuzz', () => {
  it(`${RUNS} generated requests to the currency endpoints: no answer ≥ 500, no partial or cross-household writes`, { timeout: 300_000 }, async () => {
    const report = await runFuzz({
      app: t.app,
      db: t.database.db,
      clock: t.clock,
      runs: RUNS,
      seed,
      only: (key) => key.includes(' /api/currencies') || CURRENCY_KEYS.has(key),
    })
    expect(report.failures, formatFailures(report, `KINWISE_FUZZ_SEED=${seed} npx vitest run src/server/modules/currencies/currencies-fuzz.test.ts`)).toEqual([])
    expect(report.serverErrors).toBe(0)
    const reached = Object.entries(report.byEndpoint).filter(([, s]) => s['2xx'] > 0).map(([k]) => k)
    expect(reached).toEqual(expect.arrayContaining(['PUT /api/currencies/rates', 'GET /api/currencies']))
  })
})
