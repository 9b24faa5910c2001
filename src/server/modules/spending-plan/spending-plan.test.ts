import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categoryId, createTestApp, signUp, type Client, type TestContext } from '#src/server/test/helper'

let t: TestContext
let a: Client
let checking: string
let groceries: string
let dining: string
let utilities: string
let electricity: string

type Row = { name: string; budget: number; carried: number; spent: number; available: number; level: string; usage: number | null }

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T12:00:00Z' })
  a = await signUp(t.app)
  checking = (await a.post('/api/accounts', { name: 'Checking', type: 'checking', openingBalance: 5000, openingDate: '2026-01-01' })).json().id
  groceries = await categoryId(t, a, 'Groceries')
  dining = await categoryId(t, a, 'Dining Out')
  utilities = await categoryId(t, a, 'Utilities')
  electricity = await categoryId(t, a, 'Electricity & Gas')
  const spend = (date: string, amount: number, categoryId: string) =>
    a.post('/api/transactions', { accountId: checking, date, amount, merchant: 'x', categoryId })
  // February: groceries budget 400 with rollover, 350.25 spent → 49.75 carried into March
  await a.put('/api/budgets', { categoryId: groceries, month: '2026-02', amount: 400, rollover: true })
  await spend('2026-02-10', -350.25, groceries)
  // March
  await a.put('/api/budgets', { categoryId: groceries, month: '2026-03', amount: 400 })
  await spend('2026-03-03', -300, groceries)
  await a.put('/api/budgets', { categoryId: dining, month: '2026-03', amount: 100 })
  await spend('2026-03-04', -100.01, dining)
  await a.put('/api/budgets', { categoryId: electricity, month: '2026-03', amount: 120 })
  await spend('2026-03-05', -84, electricity)
  await a.post('/api/transactions', { accountId: checking, date: '2026-03-01', amount: 3000, merchant: 'Pay', categoryId: await categoryId(t, a, 'Salary') })
  await a.post('/api/bills', { name: 'Phone', amount: 45, nextDueDate: '2026-03-20', accountId: checking })
  await a.post('/api/bills', { name: 'Cleaner', amount: 30, nextDueDate: '2026-03-16', recurrence: 'weekly', accountId: checking })
  await a.post('/api/goals', { name: 'Trip', targetAmount: 1200, monthlyContribution: 150 })
})
afterAll(async () => {
  await t.close()
})

describe('spending plan', () => {
  it('shows budget, rollover, spending and what is left per category, to the cent', async () => {
    const res = await a.get('/api/spending-plan?month=2026-03')
    expect(res.statusCode).toBe(200)
    const rows = res.json().categories as Row[]
    const row = (name: string) => rows.find((r) => r.name === name)
    expect(row('Groceries')).toMatchObject({ budget: 400, carried: 49.75, spent: 300, available: 149.75, level: 'good' })
    expect(row('Dining Out')).toMatchObject({ budget: 100, carried: 0, spent: 100.01, available: -0.01, level: 'over' })
    expect(row('Electricity & Gas')).toMatchObject({ budget: 120, spent: 84, level: 'caution', usage: 0.7 })
    // a parent adds up its children
    expect(row('Utilities')).toMatchObject({ budget: 120, spent: 84, available: 36 })
    expect(res.json().totals).toEqual({ budgeted: 669.75, spent: 484.01, available: 185.74 })
    expect(utilities).toBeTruthy()
  })

  it('says a category without a budget has none, never that it is over one', async () => {
    const entertainment = await categoryId(t, a, 'Entertainment')
    await a.post('/api/transactions', { accountId: checking, date: '2026-01-12', amount: -20, merchant: 'x', categoryId: entertainment })
    const rows = (await a.get('/api/spending-plan?month=2026-01')).json().categories as Row[]
    expect(rows.find((r) => r.name === 'Entertainment')).toMatchObject({ budget: 0, spent: 20, usage: null, level: 'none' })
  })

  it('explains the daily allowance line by line', async () => {
    const body = (await a.get('/api/spending-plan')).json()
    expect(body.month).toBe('2026-03')
    // bills still due from the 15th: cleaner on 16, 23, 30 and the phone on 20
    expect(body.billLines.map((l: { name: string; date: string; amount: number; status: string }) => [l.name, l.date, l.amount, l.status])).toEqual([
      ['Cleaner', '2026-03-16', 30, 'due'],
      ['Phone', '2026-03-20', 45, 'due'],
      ['Cleaner', '2026-03-23', 30, 'due'],
      ['Cleaner', '2026-03-30', 30, 'due'],
    ])
    expect(body.goalLines).toEqual([{ goalId: expect.any(String), name: 'Trip', amount: 150 }])
    // the budgets still hold back: groceries 400 + 49.75 carried − 300 = 149.75, dining 0
    // (overspent), utilities 120 − 84 = 36 → 185.75
    // 3000 − 484.01 − 135 − 150 − 185.75 = 2045.24; over 17 days = 120.308… → 120.30
    expect(body.plan).toEqual({
      income: 3000,
      incomeReceived: 3000,
      incomeStillExpected: 0,
      expenses: 484.01,
      billsPaid: 0,
      billsStillDue: 135,
      goalContributions: 150,
      plannedSpending: 185.75,
      available: 2045.24,
      dailyAllowance: 120.3,
      daysLeft: 17,
      // 3000 − 135 − 150: what the budgets divide
      flexible: 2715,
      budgeted: 669.75,
      unbudgetedSpent: 0,
      incomeHasEstimate: false,
      incomeUnknown: false,
    })
    expect(body.budgetHolds).toEqual([
      { categoryId: groceries, name: 'Groceries', holds: 149.75 },
      { categoryId: utilities, name: 'Utilities', holds: 36 },
    ])
    const summary = (await a.get('/api/analytics/monthly-summary')).json()
    expect(summary.available).toBe(body.plan.available)
    expect(summary.dailyAllowance).toBe(body.plan.dailyAllowance)
  })

  it('has no days left and nothing due for a past month', async () => {
    const body = (await a.get('/api/spending-plan?month=2026-02')).json()
    expect(body.plan).toMatchObject({ billsStillDue: 0, dailyAllowance: 0, daysLeft: 0, expenses: 350.25 })
    expect(body.billLines).toEqual([])
    expect((await a.get('/api/spending-plan?month=2026-13')).statusCode).toBe(400)
  })

  it('shows another household nothing of this one', async () => {
    const b = await signUp(t.app)
    const body = (await b.get('/api/spending-plan?month=2026-03')).json()
    expect(body.totals).toEqual({ budgeted: 0, spent: 0, available: 0 })
    expect(body.billLines).toEqual([])
    expect(JSON.stringify(body)).not.toContain(groceries)
  })
})
