// The demo household's daily plan on the 2nd of a month, as a new user first sees it: its two
// paychecks a month are expected income (the 2nd has only one of them), the rent paid on the 1st
// is counted once, and the family, which saves about 15 % of its income, has money to spend.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, clientFor, type Client, type TestContext } from '../test/helper'
import { DEMO_EMAIL, DEMO_PASSWORD, ensureDemoHousehold } from './demo'

const NOW = '2026-12-02T15:00:00Z'

let t: TestContext
let demo: Client

beforeAll(async () => {
  t = await createTestApp({ now: NOW })
  await ensureDemoHousehold(t.database.db, new Date(NOW))
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: DEMO_EMAIL, password: DEMO_PASSWORD } })
  expect(login.statusCode).toBe(200)
  demo = clientFor(t.app, String(login.headers['set-cookie']).split(';')[0] ?? '', login.json())
}, 60_000)

afterAll(async () => {
  await t.close()
})

type Line = { name: string; date: string; status: string; amount: number }

describe("the demo's plan on the 2nd", () => {
  it('expects the second paycheck, counts the rent once and leaves money to spend', async () => {
    const body = (await demo.get('/api/spending-plan')).json()

    expect(body.plan.incomeStillExpected).toBeGreaterThan(0)
    expect(body.plan.dailyAllowance).toBeGreaterThan(0)
    const rent = (body.billLines as Line[]).filter((l) => l.name === 'Rent')
    expect(rent.map((l) => l.status)).toEqual(['paid'])
    const summary = (await demo.get('/api/analytics/monthly-summary')).json()
    expect(summary.available).toBe(body.plan.available)
  })
})
