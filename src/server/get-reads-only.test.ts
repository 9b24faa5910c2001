// No GET changes anything: a link, an image or a page on another site makes a signed-in browser
// send one, so a GET that wrote would let any site change a member's data. route() refuses a GET
// contract that declares a household write (ADR 0050); this checks what the handlers do. It calls
// every GET of src/contract as the owner of a household with data and compares a checksum of
// every table before and after each call. What a read may record on purpose is in
// RECORDED_BY_READS, with its reason; a new entry there is a decision, not a fix.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EndpointDef } from '../contract/endpoint'
import { categoryId, createTestApp, setTestPlan, signUp, type Client, type TestContext } from './test/helper'

const modules = import.meta.glob<Record<string, unknown>>('../contract/*.ts', { eager: true })

function isEndpoint(value: unknown): value is EndpointDef {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value && typeof value.path === 'string' && value.path.startsWith('/api/')
}

const gets = Object.values(modules)
  .flatMap((m) => Object.values(m).filter(isEndpoint))
  .filter((e) => e.method === 'GET')

/** The tables a GET may change, and why: records about the request itself, never the data it reads. */
const RECORDED_BY_READS: Record<string, { tables: string[]; why: string }> = {
  'GET /api/export': { tables: ['audit_log'], why: 'downloading everything is audited (ADR 0026)' },
  'GET /api/auth/login/mfa': { tables: ['rate_limit_hits'], why: 'sign-in paths count every request against guessing' },
}

/** A query for the GETs that need one, so that they get past validation and do their work. */
const QUERIES: Record<string, string> = {
  '/api/quickbooks/export': 'format=iif&from=2026-01-01&to=2026-03-31&onlyNew=true',
  '/api/bills/payments': 'from=2026-01-01&to=2026-03-31',
  '/api/investments/prices': 'symbol=OWNR',
}

let t: TestContext
let owner: Client
/** the owner's rows, by the path segment that names their kind */
const ids: Record<string, string> = {}

async function checksums(): Promise<Record<string, string>> {
  const db = t.database.db
  const tables = (
    await db.execute<{ name: string }>(sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`)
  ).rows.map((r) => r.name)
  const parts = tables.map((name) => `select '${name}' as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum from "${name}" t`)
  const rows = (await db.execute<{ name: string; sum: string }>(sql.raw(parts.join(' union all ')))).rows
  return Object.fromEntries(rows.map((r) => [r.name, r.sum]))
}

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T12:00:00Z' })
  owner = await signUp(t.app)
  await setTestPlan(t, owner, 'premium')
  const created = async (url: string, body: Record<string, unknown>) => {
    const res = await owner.post(url, body)
    expect(res.statusCode, `${url} ${res.body}`).toBe(201)
    return res.json() as { id: string }
  }
  ids.accounts = (await created('/api/accounts', { name: 'Checking', type: 'checking', openingBalance: 1000 })).id
  const groceries = await categoryId(t, owner, 'Groceries')
  for (const month of ['01', '02', '03']) {
    await created('/api/transactions', { accountId: ids.accounts, date: `2026-${month}-01`, amount: 2500, merchant: 'Employer' })
    await created('/api/transactions', { accountId: ids.accounts, date: `2026-${month}-03`, amount: -15.99, merchant: 'Streaming Co' })
  }
  ids.transactions = (await created('/api/transactions', { accountId: ids.accounts, date: '2026-03-02', amount: -12.34, merchant: 'Shop', categoryId: groceries })).id
  ids.bills = (await created('/api/bills', { name: 'Rent', amount: 900, nextDueDate: '2026-03-20', accountId: ids.accounts })).id
  ids.goals = (await created('/api/goals', { name: 'Holiday', targetAmount: 500, monthlyContribution: 50 })).id
  await created(`/api/goals/${ids.goals}/contributions`, { amount: 20 })
  expect((await owner.put('/api/budgets', { categoryId: groceries, month: '2026-03', amount: 300 })).statusCode).toBe(200)
  await created('/api/reminders', { title: 'Call the bank' })
  ids.automations = (
    await created('/api/automations', { name: 'Weekly', config: { type: 'scheduled_transaction', cadence: 'weekly', startDate: '2026-03-15', amount: -1, accountId: ids.accounts } })
  ).id
  const brokerage = (await created('/api/accounts', { name: 'Brokerage', type: 'investment' })).id
  await created('/api/investments/activities', { accountId: brokerage, symbol: 'OWNR', type: 'buy', date: '2026-03-02', quantity: 2, price: 10 })
  expect((await owner.put('/api/quickbooks/mappings', { accounts: [{ id: ids.accounts, qbAccount: 'Checking' }] })).statusCode).toBe(200)
})
afterAll(async () => {
  await t.close()
})

describe('every GET', () => {
  it('leaves every table as it was, but what it records about the request on purpose', async () => {
    expect(gets.length).toBeGreaterThan(50)
    const changed: string[] = []
    let answered = 0
    for (const e of gets) {
      const key = `GET ${e.path}`
      const kind = e.path.split('/')[2] ?? ''
      const path = e.path.replace(/:(\w+)/g, () => ids[kind] ?? '00000000-0000-4000-8000-000000000000')
      const query = QUERIES[e.path]
      const before = await checksums()
      const res = await owner.get(query ? `${path}?${query}` : path)
      if (res.statusCode === 200) answered += 1
      const after = await checksums()
      const allowed = RECORDED_BY_READS[key]?.tables ?? []
      const tables = Object.keys(after).filter((name) => after[name] !== before[name] && !allowed.includes(name))
      if (tables.length > 0) changed.push(`${key} changed ${tables.join(', ')}`)
    }
    expect(changed).toEqual([])
    // most of them did their work, not just refuse
    expect(answered).toBeGreaterThan(gets.length * 0.8)
  })
})
