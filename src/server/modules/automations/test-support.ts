// Helpers shared by the Automation Center's API tests: a premium household, an account, an
// automation made through the API, and reads of balances, transactions and reminders.
import { afterAll, beforeAll, expect } from 'vitest'
import { createTestApp, setTestPlan, signUp, type Client, type TestContext } from '#src/server/test/helper'

export let t: TestContext
/** Each file's app, started in beforeAll with the clock at 2026-03-15 12:00 UTC and closed in afterAll. */
export function setUpAutomationsTestApp(): void {
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-03-15T12:00:00Z' })
  })
  afterAll(async () => {
    await t.close()
  })
}

export async function premiumIn(ctx: TestContext): Promise<Client> {
  const o = await signUp(ctx.app)
  await setTestPlan(ctx, o, 'premium')
  return o
}

/** A premium household's owner, in this file's app unless another is named. */
export const premium = (ctx: TestContext = t): Promise<Client> => premiumIn(ctx)

export async function account(c: Client, body: Record<string, unknown>): Promise<{ id: string }> {
  const res = await c.post('/api/accounts', { type: 'checking', ...body })
  expect(res.statusCode, res.body).toBe(201)
  return res.json()
}

/** Adds a transaction on the test clock's day (2026-03-15), the way the alerts and hooks see one arrive. */
export function addToday(c: Client, accountId: string, amount: number, merchant: string, extra: Record<string, unknown> = {}) {
  return c.post('/api/transactions', { accountId, date: '2026-03-15', amount, merchant, ...extra })
}

export async function created(c: Client, body: Record<string, unknown>) {
  const res = await c.post('/api/automations', body)
  expect(res.statusCode, res.body).toBe(201)
  return res.json()
}

export const balanceOf = async (c: Client, id: string): Promise<number> => {
  const res = await c.get(`/api/accounts/${id}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().balance
}

export const transactionsOf = async (
  c: Client,
  accountId: string,
): Promise<{ id: string; amount: number; merchant: string; date: string }[]> => {
  const res = await c.get(`/api/transactions?accountId=${accountId}&limit=100`)
  expect(res.statusCode, res.body).toBe(200)
  const body = res.json()
  return Array.isArray(body) ? body : body.items
}

export const remindersOf = async (
  c: Client,
): Promise<{ id: string; title: string; type: string; isRead: boolean }[]> =>
  (await c.get('/api/reminders?status=all')).json()
