import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categoryId, createTestApp, signUp, type Client, type TestContext } from '#src/server/test/helper'

let t: TestContext
let a: Client
let checking: string
let card: string
let groceries: string
let salary: string

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T12:00:00Z' })
  a = await signUp(t.app)
  checking = (await a.post('/api/accounts', { name: 'Checking', type: 'checking', openingBalance: 1000, openingDate: '2026-02-01' })).json().id
  card = (await a.post('/api/accounts', { name: 'Visa', type: 'credit_card' })).json().id
  groceries = await categoryId(t, a, 'Groceries')
  salary = await categoryId(t, a, 'Salary')
})
afterAll(async () => {
  await t.close()
})

const balanceOf = async (c: Client, id: string) => (await c.get(`/api/accounts/${id}`)).json().balance as number

describe('transactions and balances', () => {
  it('records the opening balance as an entry that is neither income nor spending', async () => {
    expect(await balanceOf(a, checking)).toBe(1000)
    const rows = (await a.get(`/api/transactions?accountId=${checking}`)).json()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ kind: 'opening_balance', amount: 1000, description: 'Opening balance' })
    const summary = (await a.get('/api/analytics/monthly-summary?month=2026-02')).json()
    expect(summary.income).toBe(0)
  })

  it('adds a purchase on a card as a more negative balance, to the cent', async () => {
    const res = await a.post('/api/transactions', {
      accountId: card,
      date: '2026-03-03',
      amount: -45.99,
      merchant: 'Corner Market',
      categoryId: groceries,
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ amount: -45.99, type: 'expense', source: 'manual', kind: 'standard' })
    await a.post('/api/transactions', { accountId: card, date: '2026-03-04', amount: 0.1, type: 'expense', merchant: 'Gum', categoryId: groceries })
    await a.post('/api/transactions', { accountId: card, date: '2026-03-05', amount: 0.2, type: 'expense', merchant: 'Gum', categoryId: groceries })
    expect(await balanceOf(a, card)).toBe(-46.29)
  })

  it('uses type to sign the amount, so forms can send positive numbers', async () => {
    const res = await a.post('/api/transactions', {
      accountId: checking,
      date: '2026-03-01',
      amount: 2500,
      type: 'income',
      merchant: 'Employer',
      categoryId: salary,
    })
    expect(res.json().amount).toBe(2500)
    expect(await balanceOf(a, checking)).toBe(3500)
  })

  it('moves balances when a transaction is edited across accounts and amounts', async () => {
    const created = (await a.post('/api/transactions', { accountId: checking, date: '2026-03-06', amount: -10, merchant: 'Cafe' })).json()
    expect(await balanceOf(a, checking)).toBe(3490)
    const edited = await a.patch(`/api/transactions/${created.id}`, { accountId: card, amount: -12.5 })
    expect(edited.statusCode).toBe(200)
    expect(await balanceOf(a, checking)).toBe(3500)
    expect(await balanceOf(a, card)).toBe(-58.79)
    expect((await a.delete(`/api/transactions/${created.id}`)).statusCode).toBe(204)
    expect(await balanceOf(a, card)).toBe(-46.29)
    expect((await a.get(`/api/transactions/${created.id}`)).statusCode).toBe(404)
  })

  it('transfers as a linked pair that is neither income nor spending', async () => {
    const before = (await a.get('/api/analytics/monthly-summary')).json()
    const res = await a.post('/api/transfers', { fromAccountId: checking, toAccountId: card, amount: 40, date: '2026-03-10' })
    expect(res.statusCode).toBe(201)
    const { from, to } = res.json()
    expect(from).toMatchObject({ amount: -40, kind: 'transfer', transferAccountId: card, categoryId: null })
    expect(to).toMatchObject({ amount: 40, kind: 'transfer', transferAccountId: checking })
    expect(from.transferId).toBe(to.transferId)
    expect(await balanceOf(a, checking)).toBe(3460)
    expect(await balanceOf(a, card)).toBe(-6.29)
    const after = (await a.get('/api/analytics/monthly-summary')).json()
    expect(after.income).toBe(before.income)
    expect(after.expenses).toBe(before.expenses)
    // editing one side mirrors the other; deleting one removes both
    await a.patch(`/api/transactions/${to.id}`, { amount: 50 })
    expect(await balanceOf(a, checking)).toBe(3450)
    expect(await balanceOf(a, card)).toBe(3.71)
    await a.delete(`/api/transactions/${from.id}`)
    expect((await a.get(`/api/transactions/${to.id}`)).statusCode).toBe(404)
    expect(await balanceOf(a, checking)).toBe(3500)
    expect(await balanceOf(a, card)).toBe(-46.29)
  })

  it('refuses a transfer to the same account and a category on a transfer', async () => {
    const same = await a.post('/api/transfers', { fromAccountId: checking, toAccountId: checking, amount: 5, date: '2026-03-10' })
    expect(same.statusCode).toBe(400)
    const pair = (await a.post('/api/transfers', { fromAccountId: checking, toAccountId: card, amount: 1, date: '2026-03-10' })).json()
    const withCat = await a.patch(`/api/transactions/${pair.from.id}`, { categoryId: groceries })
    expect(withCat.statusCode).toBe(400)
    await a.delete(`/api/transactions/${pair.from.id}`)
  })

  it('splits one purchase across categories and counts each part', async () => {
    const shopping = await categoryId(t, a, 'Shopping')
    const bad = await a.post('/api/transactions', {
      accountId: card,
      date: '2026-03-08',
      amount: -100,
      merchant: 'Big Store',
      splits: [
        { categoryId: groceries, amount: -75.5 },
        { categoryId: shopping, amount: -24.49 },
      ],
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().code).toBe('INVALID_SPLITS')
    const ok = await a.post('/api/transactions', {
      accountId: card,
      date: '2026-03-08',
      amount: -100,
      merchant: 'Big Store',
      splits: [
        { categoryId: groceries, amount: -75.5, memo: 'food' },
        { categoryId: shopping, amount: -24.5 },
      ],
    })
    expect(ok.statusCode).toBe(201)
    expect(ok.json().categoryId).toBeNull()
    expect(ok.json().splits).toEqual([
      { categoryId: groceries, amount: -75.5, memo: 'food' },
      { categoryId: shopping, amount: -24.5, memo: '' },
    ])
    const summary = (await a.get('/api/analytics/monthly-summary')).json()
    const byName = Object.fromEntries(summary.categorySpending.map((c: { categoryName: string; total: number }) => [c.categoryName, c.total]))
    expect(byName.Groceries).toBe(121.79) // 45.99 + 0.10 + 0.20 + 75.50
    expect(byName.Shopping).toBe(24.5)
    const filtered = (await a.get(`/api/transactions?categoryId=${shopping}`)).json()
    expect(filtered.map((r: { merchant: string }) => r.merchant)).toEqual(['Big Store'])
    // a category's own rows and the split rows with a part in it, together, newest first
    const both = (await a.get(`/api/transactions?categoryId=${groceries}`)).json() as { merchant: string; date: string }[]
    expect(both.map((r) => r.merchant)).toContain('Big Store')
    expect(both.map((r) => r.merchant)).toContain('Corner Market')
    expect(both.map((r) => r.date)).toEqual([...both.map((r) => r.date)].sort().reverse())
    await a.delete(`/api/transactions/${ok.json().id}`)
  })

  it('computes the monthly summary to the cent', async () => {
    const s = (await a.get('/api/analytics/monthly-summary')).json()
    expect(s).toMatchObject({ month: '2026-03', today: '2026-03-15', income: 2500, expenses: 46.29, billsStillDue: 0, goalContributions: 0 })
    expect(s.available).toBe(2453.71)
    // 17 days left counting the 15th: 2453.71 / 17 = 144.3358… → 144.33
    expect(s.daysLeft).toBe(17)
    expect(s.dailyAllowance).toBe(144.33)
    expect(s.categorySpending).toEqual([{ categoryId: groceries, categoryName: 'Groceries', total: 46.29, children: [] }])
  })

  it('reports net worth and the net worth at the end of last month', async () => {
    const n = (await a.get('/api/analytics/net-worth')).json()
    expect(n.netWorth).toBe(3453.71)
    expect(n.previousNetWorth).toBe(1000)
    expect(n.changePercent).toBeCloseTo(245.371, 3)
  })

  it('reconciles to the bank balance with an adjustment', async () => {
    const res = await a.post(`/api/accounts/${checking}/reconcile`, { statementBalance: 3499.5, date: '2026-03-15' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ difference: -0.5 })
    expect(res.json().account.balance).toBe(3499.5)
    const same = await a.post(`/api/accounts/${checking}/reconcile`, { statementBalance: 3499.5 })
    expect(same.json()).toMatchObject({ difference: 0, adjustmentId: null })
    const s = (await a.get('/api/analytics/monthly-summary')).json()
    expect(s.expenses).toBe(46.29)
  })

  it('lists newest first with keyset pagination and a running balance', async () => {
    const first = await a.get(`/api/transactions?accountId=${checking}&limit=2`)
    expect(first.statusCode).toBe(200)
    const page1 = first.json()
    expect(page1.map((r: { date: string }) => r.date)).toEqual(['2026-03-15', '2026-03-01'])
    expect(page1.map((r: { runningBalance: number }) => r.runningBalance)).toEqual([3499.5, 3500])
    const cursor = first.headers['x-next-cursor']
    expect(typeof cursor).toBe('string')
    const page2 = (await a.get(`/api/transactions?accountId=${checking}&limit=2&cursor=${cursor}`)).json()
    expect(page2.map((r: { kind: string; runningBalance: number }) => [r.kind, r.runningBalance])).toEqual([['opening_balance', 1000]])
    const bad = await a.get('/api/transactions?cursor=garbage')
    expect(bad.statusCode).toBe(400)
  })

  it('lists the newest rows of the household unfiltered, with or without transfers, one page after another', async () => {
    // the unfiltered first page is a prepared statement of its own: it must agree with the
    // general query (a date filter that keeps every row) and page on from its cursor
    const pair = (await a.post('/api/transfers', { fromAccountId: checking, toAccountId: card, amount: 3, date: '2026-03-11' })).json()
    const all = (await a.get('/api/transactions?limit=500')).json() as { id: string; kind: string }[]
    const same = (await a.get('/api/transactions?limit=500&from=2000-01-01')).json() as { id: string }[]
    expect(all.map((r) => r.id)).toEqual(same.map((r) => r.id))
    expect(all.some((r) => r.kind === 'transfer')).toBe(true)
    const noTransfers = (await a.get('/api/transactions?limit=500&includeTransfers=false')).json() as { id: string }[]
    expect(noTransfers.map((r) => r.id)).toEqual(all.filter((r) => r.kind !== 'transfer').map((r) => r.id))
    const first = await a.get('/api/transactions?limit=3')
    const next = (await a.get(`/api/transactions?limit=500&cursor=${String(first.headers['x-next-cursor'])}`)).json() as { id: string }[]
    expect([...first.json().map((r: { id: string }) => r.id), ...next.map((r) => r.id)]).toEqual(all.map((r) => r.id))
    // and only this household's: another one sees none of them, on either statement
    const b = await signUp(t.app)
    expect((await b.get('/api/transactions?limit=5')).json()).toEqual([])
    expect((await b.get('/api/transactions?limit=5&includeTransfers=false')).json()).toEqual([])
    await a.delete(`/api/transactions/${String(pair.from.id)}`)
  })

  it('filters by type, amount range, text and date', async () => {
    const expenses = (await a.get('/api/transactions?type=expense&includeTransfers=false')).json()
    expect(expenses.every((r: { amount: number }) => r.amount < 0)).toBe(true)
    const range = (await a.get('/api/transactions?minAmount=-1&maxAmount=-0.05')).json()
    expect(range.map((r: { amount: number }) => r.amount).sort((x: number, y: number) => x - y)).toEqual([-0.5, -0.2, -0.1])
    const search = (await a.get('/api/transactions?search=corner')).json()
    expect(search.map((r: { merchant: string }) => r.merchant)).toEqual(['Corner Market'])
    const pct = (await a.get('/api/transactions?search=%25')).json()
    expect(pct).toEqual([])
    const dated = (await a.get('/api/transactions?from=2026-03-04&to=2026-03-05')).json()
    expect(dated).toHaveLength(2)
  })

  it('searches payee, description and notes, whatever the case, and only in the household', async () => {
    const x = (await a.post('/api/transactions', { accountId: card, date: '2026-03-10', amount: -4, merchant: 'Kiosk', description: 'Train TICKET to Leeds' })).json()
    const y = (await a.post('/api/transactions', { accountId: card, date: '2026-03-10', amount: -6, merchant: 'Kiosk', notes: 'ticket for the museum' })).json()
    const ids = (q: string) => a.get(`/api/transactions?search=${encodeURIComponent(q)}`).then((r) => r.json().map((row: { id: string }) => row.id).sort())
    try {
      expect(await ids('ticket')).toEqual([x.id, y.id].sort())
      expect(await ids('LEEDS')).toEqual([x.id])
      expect(await ids('Museum')).toEqual([y.id])
      expect(await ids('kiosk')).toEqual([x.id, y.id].sort())
      expect(await ids('no such words anywhere')).toEqual([])
      // another household with the same words finds only its own
      const b = await signUp(t.app)
      const own = (await b.post('/api/accounts', { name: 'Checking', type: 'checking' })).json() as { id: string }
      const theirs = (await b.post('/api/transactions', { accountId: own.id, date: '2026-03-10', amount: -1, merchant: 'Ticket office' })).json()
      expect((await b.get('/api/transactions?search=ticket')).json().map((r: { id: string }) => r.id)).toEqual([theirs.id])
    } finally {
      // the later tests count this household's balances: leave nothing behind, pass or fail
      await a.post('/api/transactions/bulk', { action: 'delete', ids: [x.id, y.id] })
    }
  })

  it('bulk-categorizes and bulk-deletes', async () => {
    const x = (await a.post('/api/transactions', { accountId: card, date: '2026-03-09', amount: -1, merchant: 'Bulk 1' })).json()
    const y = (await a.post('/api/transactions', { accountId: card, date: '2026-03-09', amount: -2, merchant: 'Bulk 2' })).json()
    const cat = await a.post('/api/transactions/bulk', { action: 'categorize', ids: [x.id, y.id], categoryId: groceries })
    expect(cat.json()).toEqual({ updated: 2 })
    expect((await a.get(`/api/transactions/${x.id}`)).json().categoryId).toBe(groceries)
    const del = await a.post('/api/transactions/bulk', { action: 'delete', ids: [x.id, y.id] })
    expect(del.json()).toEqual({ updated: 2 })
    expect(await balanceOf(a, card)).toBe(-46.29)
  })

  it('refuses bad input with a 400 and changes nothing', async () => {
    const before = await balanceOf(a, card)
    const cases = [
      { accountId: card, date: '2026-02-30', amount: -1 },
      { accountId: card, date: '2026-03-01', amount: -1.234 },
      { accountId: card, date: '2026-03-01', amount: 'ten' },
      { accountId: 'not-a-uuid', date: '2026-03-01', amount: -1 },
      { accountId: card, date: '2026-03-01', amount: -1, categoryId: '00000000-0000-4000-8000-000000000000' },
      { accountId: card, date: '2026-03-01', amount: 1e15 },
    ]
    for (const body of cases) {
      const res = await a.post('/api/transactions', body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(typeof res.json().message).toBe('string')
    }
    // an account that does not exist answers as one the member may not see: 404
    const unknown = await a.post('/api/transactions', { accountId: '00000000-0000-4000-8000-000000000000', date: '2026-03-01', amount: -1 })
    expect(unknown.statusCode).toBe(404)
    expect(await balanceOf(a, card)).toBe(before)
  })

  it('keeps one household away from another', async () => {
    const b = await signUp(t.app)
    const mine = (await a.get(`/api/transactions?accountId=${card}`)).json()[0]
    expect((await b.get('/api/transactions')).json()).toEqual([])
    expect((await b.get('/api/accounts')).json()).toEqual([])
    expect((await b.get(`/api/accounts/${card}`)).statusCode).toBe(404)
    expect((await b.get(`/api/transactions/${mine.id}`)).statusCode).toBe(404)
    expect((await b.patch(`/api/transactions/${mine.id}`, { amount: -1 })).statusCode).toBe(404)
    expect((await b.delete(`/api/transactions/${mine.id}`)).statusCode).toBe(404)
    expect((await b.post('/api/transactions/bulk', { action: 'delete', ids: [mine.id] })).statusCode).toBe(404)
    expect((await b.post('/api/transactions', { accountId: card, date: '2026-03-01', amount: -1 })).statusCode).toBe(404)
    expect((await b.get(`/api/transactions?accountId=${card}`)).statusCode).toBe(404)
    expect((await b.patch(`/api/accounts/${card}`, { name: 'Mine now' })).statusCode).toBe(404)
    expect((await b.post(`/api/accounts/${card}/reconcile`, { statementBalance: 0 })).statusCode).toBe(404)
    expect((await b.delete(`/api/accounts/${card}`)).statusCode).toBe(404)
    const bAccount = (await b.post('/api/accounts', { name: 'B', type: 'checking' })).json().id
    expect((await b.post('/api/transfers', { fromAccountId: bAccount, toAccountId: card, amount: 1, date: '2026-03-01' })).statusCode).toBe(404)
    expect((await b.get('/api/analytics/net-worth')).json().netWorth).toBe(0)
    expect((await a.get(`/api/transactions/${mine.id}`)).json().amount).toBe(mine.amount)
    expect(await balanceOf(a, card)).toBe(-46.29)
  })

  it('keeps only the last digits of an account number, and deletes an account with its transactions', async () => {
    const acc = (await a.post('/api/accounts', { name: 'Old', type: 'savings', accountNumber: '1234-5678-9012', openingBalance: 5 })).json()
    expect(acc.accountNumber).toBe('9012')
    await a.post('/api/transactions', { accountId: acc.id, date: '2026-03-02', amount: -1, merchant: 'x' })
    const pair = (await a.post('/api/transfers', { fromAccountId: acc.id, toAccountId: checking, amount: 2, date: '2026-03-02' })).json()
    const checkingBefore = await balanceOf(a, checking)
    const res = await a.delete(`/api/accounts/${acc.id}`)
    expect(res.json()).toEqual({ deletedTransactions: 3 })
    expect(await balanceOf(a, checking)).toBe(checkingBefore)
    expect((await a.get(`/api/transactions/${pair.to.id}`)).json().kind).toBe('transfer')
  })

  it('closes an account and refuses new transactions in it until reopened', async () => {
    const acc = (await a.post('/api/accounts', { name: 'To close', type: 'cash' })).json()
    await a.patch(`/api/accounts/${acc.id}`, { isClosed: true })
    const res = await a.post('/api/transactions', { accountId: acc.id, date: '2026-03-02', amount: -1 })
    expect(res.json().code).toBe('ACCOUNT_CLOSED')
    await a.patch(`/api/accounts/${acc.id}`, { isClosed: false })
    expect((await a.post('/api/transactions', { accountId: acc.id, date: '2026-03-02', amount: -1 })).statusCode).toBe(201)
  })
})
