// Helpers shared by the Automation Center's API tests: a premium household, an account, an
// automation made through the API, and reads of balances, transactions and reminders.
import { expect } from 'vitest'
import { setTestPlan, signUp, type Client, type TestContext } from '../../test/helper'

export async function premiumIn(ctx: TestContext): Promise<Client> {
  const o = await signUp(ctx.app)
  await setTestPlan(ctx, o, 'premium')
  return o
}

export async function account(c: Client, body: Record<string, unknown>): Promise<{ id: string }> {
  const res = await c.post('/api/accounts', { type: 'checking', ...body })
  expect(res.statusCode, res.body).toBe(201)
  return res.json()
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
