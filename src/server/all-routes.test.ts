// Checks over every endpoint of src/contract at once: each is served and documented, none
// answers without a session (but the public ones), and no route lets one household read or
// change another's data. A new endpoint with an id in its path must be added to OTHERS_IDS
// below, or this test fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EndpointDef } from '../contract/endpoint'
import { categoryId, createTestApp, signUp, type Client, type TestContext } from './test/helper'
import { upload } from './test/upload'

const modules = import.meta.glob<Record<string, unknown>>('../contract/*.ts', { eager: true })

function isEndpoint(value: unknown): value is EndpointDef {
  return (
    typeof value === 'object' &&
    value !== null &&
    'method' in value &&
    'path' in value &&
    typeof value.path === 'string' &&
    value.path.startsWith('/api/')
  )
}

const endpoints = Object.values(modules).flatMap((m) => Object.values(m).filter(isEndpoint))

let t: TestContext
let owner: Client
let other: Client
/** what owner made: one id of each kind, for the other household to try */
const ids: Record<string, string> = {}
let snapshot: Record<string, unknown> = {}

const OWNER_READS = [
  '/api/accounts',
  '/api/transactions?limit=500',
  '/api/categories',
  '/api/budgets?month=2026-03',
  '/api/goals',
  '/api/bills',
  '/api/reminders?status=all',
  '/api/credit-score/history',
  '/api/analytics/net-worth',
  '/api/analytics/monthly-summary',
  '/api/imports',
  '/api/rules',
  '/api/import-presets',
]

async function takeSnapshot(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {}
  for (const url of OWNER_READS) out[url] = (await owner.get(url)).json()
  return out
}

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T12:00:00Z' })
  owner = await signUp(t.app)
  other = await signUp(t.app)
  ids.account = (await owner.post('/api/accounts', { name: 'Owner checking', type: 'checking', openingBalance: 1000 })).json().id
  ids.card = (await owner.post('/api/accounts', { name: 'Owner card', type: 'credit_card' })).json().id
  ids.category = (await owner.post('/api/categories', { name: 'Owner only' })).json().id
  ids.groceries = await categoryId(t, owner, 'Groceries')
  ids.transaction = (
    await owner.post('/api/transactions', { accountId: ids.account, date: '2026-03-02', amount: -12.34, merchant: 'Shop', categoryId: ids.groceries })
  ).json().id
  ids.budget = (await owner.put('/api/budgets', { categoryId: ids.groceries, month: '2026-03', amount: 300 })).json().id
  ids.goal = (await owner.post('/api/goals', { name: 'Owner goal', targetAmount: 500, monthlyContribution: 50 })).json().id
  ids.bill = (await owner.post('/api/bills', { name: 'Owner bill', amount: 40, nextDueDate: '2026-03-20', accountId: ids.account })).json().id
  ids.reminder = (await owner.post('/api/reminders', { title: 'Owner reminder' })).json().id
  ids.creditScore = (await owner.post('/api/credit-score', { score: 720, provider: 'Test', date: '2026-03-01' })).json().id
  const rule = await owner.post('/api/rules', {
    name: 'Owner rule',
    conditions: [{ field: 'payee', operator: 'contains', value: 'shop' }],
    actions: { setCategoryId: ids.groceries },
  })
  expect(rule.statusCode).toBe(201)
  ids.rule = rule.json().id
  const imported = await upload(owner, 'Date,Payee,Amount\n2026-03-02,Corner Shop,-4.20\n', {
    fields: { accountId: ids.account ?? '' },
  })
  expect(imported.statusCode, imported.body).toBe(200)
  ids.importBatch = imported.json().batchId
  snapshot = await takeSnapshot()
})
afterAll(async () => {
  await t.close()
})

// For each endpoint with an id in its path: which of owner's ids to put there, and a valid body.
const OTHERS_IDS: Record<string, { id: string; body?: () => unknown }> = {
  'GET /api/accounts/:id': { id: 'account' },
  'PATCH /api/accounts/:id': { id: 'account', body: () => ({ name: 'Taken' }) },
  'DELETE /api/accounts/:id': { id: 'account' },
  'POST /api/accounts/:id/reconcile': { id: 'account', body: () => ({ statementBalance: 0 }) },
  'GET /api/transactions/:id': { id: 'transaction' },
  'PATCH /api/transactions/:id': { id: 'transaction', body: () => ({ amount: -1 }) },
  'DELETE /api/transactions/:id': { id: 'transaction' },
  'PATCH /api/categories/:id': { id: 'category', body: () => ({ name: 'Taken' }) },
  'DELETE /api/categories/:id': { id: 'category' },
  'POST /api/categories/:id/merge': { id: 'category', body: () => ({ intoId: ids.groceries }) },
  'DELETE /api/budgets/:id': { id: 'budget' },
  'PATCH /api/goals/:id': { id: 'goal', body: () => ({ name: 'Taken' }) },
  'DELETE /api/goals/:id': { id: 'goal' },
  'GET /api/goals/:id/contributions': { id: 'goal' },
  'POST /api/goals/:id/contributions': { id: 'goal', body: () => ({ amount: 10 }) },
  'PATCH /api/bills/:id': { id: 'bill', body: () => ({ name: 'Taken' }) },
  'DELETE /api/bills/:id': { id: 'bill' },
  'POST /api/bills/:id/pay': { id: 'bill', body: () => ({}) },
  'PATCH /api/reminders/:id/read': { id: 'reminder' },
  'PATCH /api/reminders/:id': { id: 'reminder', body: () => ({ status: 'dismissed' }) },
  'DELETE /api/reminders/:id': { id: 'reminder' },
  'DELETE /api/credit-score/:id': { id: 'creditScore' },
  'PATCH /api/rules/:id': { id: 'rule', body: () => ({ name: 'Taken' }) },
  'DELETE /api/rules/:id': { id: 'rule' },
  'DELETE /api/imports/:batchId': { id: 'importBatch' },
}

const key = (e: EndpointDef) => `${e.method} ${e.path}`

describe('every endpoint', () => {
  it('is served and documented in the OpenAPI document, with money as numbers', async () => {
    expect(endpoints.length).toBeGreaterThan(40)
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>
    }
    for (const e of endpoints) {
      const openApiPath = e.path.replace(/:(\w+)/g, '{$1}')
      expect(doc.paths[openApiPath]?.[e.method.toLowerCase()], key(e)).toBeDefined()
    }
    const balance = JSON.stringify(doc.paths['/api/accounts']?.get)
    expect(balance).toContain('"balance":{"type":"number"')
  })

  it('needs a session, except the public ones', async () => {
    for (const e of endpoints) {
      if (e.auth === false) continue
      const url = e.path.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000')
      const res = await t.app.inject({ method: e.method, url, ...(e.body ? { payload: {} } : {}) })
      expect(res.statusCode, key(e)).toBe(401)
      expect(res.json().message, key(e)).toBe('Unauthorized')
    }
  })

  it("never lets one household read or change another's data", async () => {
    const withId = endpoints.filter((e) => e.path.includes('/:'))
    for (const e of withId) {
      const plan = OTHERS_IDS[key(e)]
      expect(plan, `add ${key(e)} to OTHERS_IDS`).toBeDefined()
      if (!plan) continue
      const id = ids[plan.id]
      expect(id, `owner has no ${plan.id}`).toBeDefined()
      if (!id) continue
      const url = e.path.replace(/:(\w+)/g, id)
      const res = await other.request({
        method: e.method,
        url,
        ...(plan.body ? { payload: plan.body() as Record<string, unknown> } : {}),
      })
      expect(res.statusCode, `${key(e)} → ${res.body}`).toBe(404)
    }
    // lists show nothing of owner's
    for (const url of OWNER_READS) {
      const body = JSON.stringify((await other.get(url)).json())
      for (const [name, id] of Object.entries(ids)) {
        if (name === 'groceries') continue // every household has its own Groceries, with its own id
        expect(body.includes(id), `${url} shows owner's ${name}`).toBe(false)
      }
    }
    // references to owner's rows inside bodies are refused too
    const mine = (await other.post('/api/accounts', { name: 'Mine', type: 'checking' })).json().id
    const refused = [
      await other.post('/api/transactions', { accountId: ids.account, date: '2026-03-03', amount: -1 }),
      await other.post('/api/transactions', { accountId: mine, date: '2026-03-03', amount: -1, categoryId: ids.category }),
      await other.post('/api/transfers', { fromAccountId: mine, toAccountId: ids.account, amount: 1, date: '2026-03-03' }),
      await other.put('/api/budgets', { categoryId: ids.category, month: '2026-03', amount: 5 }),
      await other.post('/api/bills', { name: 'x', amount: 1, nextDueDate: '2026-03-20', accountId: ids.account }),
      await other.post('/api/goals', { name: 'x', targetAmount: 5, accountId: ids.account }),
      await other.post('/api/categories', { name: 'x', parentId: ids.category }),
      await other.post('/api/transactions/bulk', { action: 'delete', ids: [ids.transaction] }),
    ]
    for (const res of refused) expect([400, 404], res.body).toContain(res.statusCode)
    // and owner's data is exactly as it was
    expect(await takeSnapshot()).toEqual(snapshot)
  })
})
