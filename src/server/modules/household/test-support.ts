// What the household tests share: their app (setUpHouseholdTestApp() in each file) and the steps they repeat.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect } from 'vitest'
import type { Account } from '#src/contract/accounts'
import type { Category } from '#src/contract/categories'
import type { Household, Invite } from '#src/contract/household'
import type { Transaction } from '#src/contract/transactions'
import { createTestApp, signUp, type Client, type TestContext } from '#src/server/test/helper'

export let t: TestContext
export function setUpHouseholdTestApp(): void {
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-03-15T12:00:00Z' })
  })
  afterAll(async () => {
    await t.close()
  })
}

export const MISSING = '00000000-0000-4000-8000-000000000000'

export async function ok<T>(res: Promise<{ statusCode: number; body: string; json(): unknown }>, status = 200): Promise<T> {
  const r = await res
  expect(r.statusCode, r.body).toBe(status)
  return (r.body === '' ? undefined : r.json()) as T
}

export async function refusal(res: Promise<{ statusCode: number; body: string; json(): unknown }>, status: number, code?: string) {
  const r = await res
  expect(r.statusCode, r.body).toBe(status)
  const body = r.json() as { code: string; message: string }
  if (code) expect(body.code).toBe(code)
  expect(body.message.length).toBeGreaterThan(10)
  return body
}

export const invite = (owner: Client, role: 'adult' | 'teen' | 'viewer', extra: Record<string, unknown> = {}) =>
  ok<Invite>(owner.post('/api/household/invites', { role, ...extra }), 201)

export const householdOfClient = (c: Client) => ok<Household>(c.get('/api/household'))

/** Someone new who joins `owner`'s household through an invite link. */
export async function join(owner: Client, role: 'adult' | 'teen' | 'viewer', firstName?: string): Promise<Client> {
  const person = await signUp(t.app, firstName ? { firstName } : {})
  const { token } = await invite(owner, role)
  await ok(person.get(`/api/household/invites/${token}/preview`))
  await ok(person.post(`/api/household/invites/${token}/accept`))
  return person
}

export async function createAccount(c: Client, body: Record<string, unknown>): Promise<Account> {
  return ok<Account>(c.post('/api/accounts', { type: 'checking', openingDate: '2026-02-01', ...body }), 201)
}

export async function addTransaction(c: Client, body: Record<string, unknown>): Promise<Transaction> {
  return ok<Transaction>(c.post('/api/transactions', body), 201)
}

export const categoriesOf = (c: Client) => ok<Category[]>(c.get('/api/categories'))
export const accountsOf = (c: Client) => ok<Account[]>(c.get('/api/accounts'))
export const transactionsOf = (c: Client, query = '') => ok<Transaction[]>(c.get(`/api/transactions?limit=500${query}`))
export const netWorthOf = (c: Client) => ok<{ netWorth: number; previousNetWorth: number }>(c.get('/api/analytics/net-worth'))
export const me = (c: Client) => ok<{ householdId: string; role: string; subscriptionTier: string }>(c.get('/api/auth/user'))

export async function categoryNamed(c: Client, name: string, parent?: string): Promise<string> {
  const all = await categoriesOf(c)
  const parentId = parent ? all.find((x) => x.name === parent && x.parentId === null)?.id : null
  const found = all.find((x) => x.name === name && x.parentId === (parentId ?? null))
  if (!found) throw new Error(`no category ${name}`)
  return found.id
}

/** "Parent › Child" for each category id of the client's household. */
export async function categoryPaths(c: Client): Promise<Map<string, string>> {
  const all = await categoriesOf(c)
  const byId = new Map(all.map((x) => [x.id, x]))
  return new Map(
    all.map((x) => [x.id, x.parentId ? `${byId.get(x.parentId)?.name ?? '?'} › ${x.name}` : x.name]),
  )
}

/** What a transaction is, independent of the household's category ids. */
export function portable(tx: Transaction, paths: Map<string, string>) {
  const path = (id: string | null) => (id === null ? null : (paths.get(id) ?? `missing ${id}`))
  return {
    id: tx.id,
    accountId: tx.accountId,
    date: tx.date,
    amount: tx.amount,
    kind: tx.kind,
    merchant: tx.merchant,
    transferId: tx.transferId,
    category: path(tx.categoryId),
    splits: tx.splits.map((s) => ({ amount: s.amount, memo: s.memo, category: path(s.categoryId) })),
  }
}

export const TABLES = [
  'households',
  'household_members',
  'household_invites',
  'accounts',
  'transactions',
  'transaction_splits',
  'monthly_rollups',
  'merchant_rollups',
  'categories',
  'credit_scores',
  'reminders',
  'bills',
  'goals',
  'budgets',
  'rules',
] as const

/** Every row of the tables a household change could touch, to show a refusal changed nothing. */
export async function snapshot(): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {}
  for (const table of TABLES) {
    const rows = await t.database.db.execute<{ j: string }>(sql`select to_jsonb(x)::text as j from ${sql.identifier(table)} x`)
    out[table] = rows.rows.map((r) => r.j).sort()
  }
  return out
}

export async function unchangedBy(action: () => Promise<unknown>): Promise<void> {
  const before = await snapshot()
  await action()
  expect(await snapshot()).toEqual(before)
}
