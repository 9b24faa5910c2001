// Bad input at the contract: unknown fields, control characters, dates outside
// 1900–2200 and oversized amounts are refused with 400 naming the field on every route, and
// large totals never break a read.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EndpointDef } from '../contract/endpoint'
import { createTestApp, setTestPlan, signUp, type Client, type TestContext } from './test/helper'

const modules = import.meta.glob<Record<string, unknown>>('../contract/*.ts', { eager: true })
const endpoints = Object.values(modules).flatMap((m) =>
  Object.values(m).filter(
    (v): v is EndpointDef => typeof v === 'object' && v !== null && 'method' in v && 'path' in v && typeof v.path === 'string' && v.path.startsWith('/api/'),
  ),
)

let t: TestContext
let owner: Client
let account: string

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T12:00:00Z' })
  owner = await signUp(t.app)
  await setTestPlan(t, owner, 'premium')
  account = (await owner.post('/api/accounts', { name: 'Checking', type: 'checking' })).json().id
})
afterAll(async () => {
  await t.close()
})

function expectRefused(res: { statusCode: number; json(): unknown }, path: string): void {
  expect(res.statusCode, path).toBe(400)
  const body = res.json() as { code: string; issues?: { path: string }[] }
  expect(body.code).toBe('VALIDATION_ERROR')
  expect(body.issues?.map((i) => i.path)).toContain(path)
}

describe('unknown fields', () => {
  it('are refused in a body, nested ones too, naming the field', async () => {
    expectRefused(await owner.post('/api/accounts', { name: 'Savings', type: 'checking', balance: 500 }), 'body.balance')
    const row = { accountId: account, date: '2026-03-02', amount: -5, merchant: 'Shop' }
    expectRefused(await owner.post('/api/transactions', { ...row, category: 'Groceries' }), 'body.category')
    expectRefused(
      await owner.post('/api/transactions', { ...row, splits: [{ categoryId: null, amount: -5, note: 'x' }] }),
      'body.splits.0.note',
    )
    // nothing was written
    expect((await owner.get('/api/accounts')).json()).toHaveLength(1)
    expect((await owner.get('/api/transactions')).json()).toHaveLength(0)
  })

  it('are refused in a query, and on an endpoint that takes none', async () => {
    expectRefused(await owner.get('/api/transactions?serach=coffee'), 'querystring.serach')
    expectRefused(await owner.get('/api/accounts?foo=1'), 'querystring.foo')
    expect((await owner.get('/api/transactions?search=coffee')).statusCode).toBe(200)
  })

  it('are refused by every endpoint with a body', async () => {
    const withBody = endpoints.filter((ep) => ep.body)
    expect(withBody.length).toBeGreaterThan(30)
    const id = '0190a000-0000-7000-8000-000000000000'
    for (const ep of withBody) {
      const url = ep.path.replace(/:[a-zA-Z]+/g, id)
      const res = await owner.request({ method: ep.method, url, payload: { kwNotAField: 1 }, remoteAddress: '10.99.0.1' })
      expectRefused(res, 'body.kwNotAField')
    }
  })
})

describe('control characters', () => {
  it('are refused in any text of a body, query or path: NUL and the other C0 controls and DEL', async () => {
    expectRefused(await owner.post('/api/accounts', { name: 'a\u0000b', type: 'cash' }), 'body.name')
    expectRefused(await owner.post('/api/accounts', { name: 'a\u001bb', type: 'cash' }), 'body.name')
    expectRefused(await owner.post('/api/accounts', { name: 'a\u007fb', type: 'cash' }), 'body.name')
    expectRefused(await owner.get('/api/transactions?search=%00'), 'querystring.search')
    expectRefused(await owner.get('/api/accounts/%01'), 'params.id')
    const splits = [{ categoryId: null, amount: -5, memo: 'a\u0000' }]
    expectRefused(await owner.post('/api/transactions', { accountId: account, date: '2026-03-02', amount: -5, splits }), 'body.splits.0.memo')
  })

  it('keeps tabs and line breaks in text', async () => {
    const res = await owner.post('/api/transactions', { accountId: account, date: '2026-03-02', amount: -5, notes: 'one\ttwo\r\nthree' })
    expect(res.statusCode).toBe(201)
    expect(res.json().notes).toBe('one\ttwo\r\nthree')
    expect((await owner.delete(`/api/transactions/${res.json().id}`)).statusCode).toBe(204)
  })
})

describe('dates and months', () => {
  it('outside the years 1900–2200 are refused naming the field', async () => {
    expectRefused(await owner.get('/api/budgets?month=0000-01'), 'querystring.month')
    expectRefused(await owner.get('/api/budgets?month=9999-12'), 'querystring.month')
    expectRefused(await owner.get('/api/spending-plan?month=1899-12'), 'querystring.month')
    expectRefused(await owner.get('/api/analytics/monthly-summary?month=2201-01'), 'querystring.month')
    expectRefused(await owner.get('/api/transactions?from=0000-01-01'), 'querystring.from')
    expectRefused(await owner.post('/api/transactions', { accountId: account, date: '9999-12-31', amount: -5 }), 'body.date')
    expect((await owner.get('/api/budgets?month=1900-01')).statusCode).toBe(200)
    expect((await owner.get('/api/transactions?from=2200-12-31')).statusCode).toBe(200)
  })
})

describe('amounts', () => {
  const READS = [
    '/api/accounts',
    '/api/transactions?limit=500',
    '/api/budgets?month=2026-03',
    '/api/goals',
    '/api/bills',
    '/api/analytics/net-worth',
    '/api/analytics/monthly-summary?month=2026-03',
    '/api/spending-plan?month=2026-03',
  ]

  it('of ten billion or more are refused, wherever money comes in', async () => {
    expectRefused(await owner.post('/api/transactions', { accountId: account, date: '2026-03-02', amount: 10_000_000_000 }), 'body.amount')
    expectRefused(await owner.post('/api/transactions', { accountId: account, date: '2026-03-02', amount: -999_999_999_999.99 }), 'body.amount')
    expectRefused(await owner.post('/api/accounts', { name: 'Big', type: 'cash', openingBalance: 10_000_000_000 }), 'body.openingBalance')
    expectRefused(await owner.post('/api/goals', { name: 'Moon', targetAmount: 1e12 }), 'body.targetAmount')
    expectRefused(await owner.post('/api/bills', { name: 'Tax', amount: 1e11, nextDueDate: '2026-03-20' }), 'body.amount')
  })

  it('at the largest allowed, many of them, leave every read answering 200', async () => {
    const big = (await owner.post('/api/accounts', { name: 'Big', type: 'checking', openingBalance: 9_999_999_999.99 })).json().id
    for (let i = 0; i < 20; i++) {
      const res = await owner.post('/api/transactions', { accountId: big, date: '2026-03-02', amount: i % 5 === 4 ? -9_999_999_999.99 : 9_999_999_999.99, merchant: `Max ${i}` })
      expect(res.statusCode).toBe(201)
    }
    expect((await owner.put('/api/budgets', { categoryId: null, month: '2026-03', amount: 9_999_999_999.99 })).statusCode).not.toBe(500)
    for (const url of READS) expect((await owner.get(url)).statusCode, url).toBe(200)
    const accounts = (await owner.get('/api/accounts')).json() as { id: string; balance: number }[]
    expect(accounts.find((a) => a.id === big)?.balance).toBe(9_999_999_999.99 * 13)
  })

  it('never break a read, even when totals pass what a number holds exactly', async () => {
    // 10^17 cents: only a million rows at the largest amount reach this; written straight in
    await t.database.db.execute(sql`update accounts set balance = 100000000000000000 where id = ${account}`)
    await t.database.db.execute(sql`update monthly_rollups set income = 100000000000000000 where account_id = ${account}`)
    for (const url of READS) expect((await owner.get(url)).statusCode, url).toBeLessThan(500)
  })
})
