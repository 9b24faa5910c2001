// "Largest amount first" sorts by size (the absolute value) with keyset pages that
// neither skip nor repeat a row, and GET /api/transactions/totals counts and adds up what the
// list's filters find, over the rows each member may see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Client, TestContext } from '#src/server/test/helper'
import { createFamilyApp, type Family } from '#src/server/test/family'

let t: TestContext
let owner: Client
let adult: Client
let teen: Client
const acc = { checking: '', private: '', balanceOnly: '', family: '' }

type Row = { id: string; amount: number; merchant: string }

async function add(client: Client, accountId: string, merchant: string, amount: number, date: string): Promise<void> {
  const res = await client.post('/api/transactions', { accountId, date, amount, merchant })
  expect(res.statusCode, res.body).toBe(201)
}

/** Every page of a query, following X-Next-Cursor. */
async function allPages(client: Client, query: string, limit: number): Promise<Row[]> {
  const out: Row[] = []
  let cursor: string | null = null
  for (let i = 0; i < 100; i++) {
    const res = await client.get(`/api/transactions?limit=${String(limit)}${query}${cursor ? `&cursor=${cursor}` : ''}`)
    expect(res.statusCode, res.body).toBe(200)
    out.push(...(res.json() as Row[]))
    const next = res.headers['x-next-cursor']
    if (typeof next !== 'string') return out
    cursor = next
  }
  throw new Error('too many pages')
}

async function totals(client: Client, query = ''): Promise<{ count: number; total: number; moneyIn: number; moneyOut: number }> {
  const res = await client.get(`/api/transactions/totals${query ? `?${query}` : ''}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

const cents = (n: number) => Math.round(n * 100)
const sumOf = (rows: Row[]) => rows.reduce((s, r) => s + cents(r.amount), 0) / 100

beforeAll(async () => {
  let accounts: Family['accounts']
  ;({ t, owner, adult, teen, accounts } = await createFamilyApp())
  Object.assign(acc, accounts)
  await add(owner, acc.checking, 'Rent', -1000, '2026-03-01')
  await add(owner, acc.checking, 'Refund', 900, '2026-03-02')
  await add(owner, acc.checking, 'Coffee', -5, '2026-03-03')
  await add(owner, acc.checking, 'Gift', 50, '2026-03-04')
  await add(owner, acc.checking, 'Lunch', -50, '2026-03-05')
  await add(owner, acc.family, 'Pizza', -25, '2026-03-06')
  await add(adult, acc.private, 'Secret', -99, '2026-03-07')
  await add(adult, acc.balanceOnly, 'Vault', 500, '2026-03-08')
})
afterAll(async () => {
  await t.close()
})

describe('sorting by amount', () => {
  it('puts the largest amounts first by size, money in or out, on every page', async () => {
    const query = `&accountId=${acc.checking}&sort=amount_desc`
    const one = await allPages(owner, query, 100)
    expect(one.map((r) => r.amount)).toEqual([-1000, 900, ...(one[2]?.amount === 50 ? [50, -50] : [-50, 50]), -5])
    // pages of two follow the same order without a gap or a repeat (ties broken by id)
    const paged = await allPages(owner, query, 2)
    expect(paged.map((r) => r.id)).toEqual(one.map((r) => r.id))
  })

  it('puts the smallest first for amount_asc, page after page', async () => {
    const query = `&accountId=${acc.checking}&sort=amount_asc`
    const one = await allPages(owner, query, 100)
    expect(one.map((r) => Math.abs(r.amount))).toEqual([5, 50, 50, 900, 1000])
    expect((await allPages(owner, query, 1)).map((r) => r.id)).toEqual(one.map((r) => r.id))
  })
})

describe('GET /api/transactions/totals', () => {
  it('counts and adds up what the filters find', async () => {
    expect(await totals(owner, `accountId=${acc.checking}`)).toEqual({ count: 5, total: -105, moneyIn: 950, moneyOut: -1055 })
    expect(await totals(owner, `accountId=${acc.checking}&minAmount=-60&maxAmount=60`)).toEqual({ count: 3, total: -5, moneyIn: 50, moneyOut: -55 })
    expect(await totals(owner, `accountId=${acc.checking}&type=income`)).toMatchObject({ count: 2, total: 950 })
    expect(await totals(owner, 'search=pizza')).toMatchObject({ count: 1, total: -25 })
  })

  it('counts only the rows each member may see, as the list shows them', async () => {
    for (const member of [owner, adult, teen]) {
      const listed = await allPages(member, '', 200)
      const sums = await totals(member)
      expect(sums.count).toBe(listed.length)
      expect(sums.total).toBe(sumOf(listed))
    }
    // the adult's private and balance-only accounts are not the owner's to count
    expect((await allPages(owner, '', 200)).some((r) => r.merchant === 'Secret' || r.merchant === 'Vault')).toBe(false)
    expect((await totals(adult)).count).toBeGreaterThan((await totals(owner)).count)
  })

  it('answers 404 for an account whose transactions the member may not see', async () => {
    const res = await owner.get(`/api/transactions/totals?accountId=${acc.private}`)
    expect(res.statusCode).toBe(404)
  })
})
