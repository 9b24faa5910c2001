// The daily plan through the API, on a real database, across December 2026 as a family lives it:
// paid $2,600.00 on the 1st and the 15th (planned income), rent $1,650.00 due the 1st paid by a
// typed-in payment, utilities $180.00 due the 20th, a $500.00 goal and a $600.00 groceries
// budget. The same hand-worked figures as domain/plan/daily-plan.test.ts, seen by the page and the
// dashboard alike, and by a teen and a viewer of the same household.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMember, categoryId, createTestApp, signUp, type Client, type TestContext } from '#src/server/test/helper'

let t: TestContext
let owner: Client
let teen: Client
let viewer: Client
let checking: string
let groceries: string
let dining: string
let goal: string

const plan = async (client: Client) => {
  const res = await client.get('/api/spending-plan')
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}
const summary = async (client: Client) => (await client.get('/api/analytics/monthly-summary')).json()
const add = async (date: string, amount: number, merchant: string, category?: string) => {
  const res = await owner.post('/api/transactions', { accountId: checking, date, amount, merchant, ...(category ? { categoryId: category } : {}) })
  expect(res.statusCode, res.body).toBe(201)
}

beforeAll(async () => {
  // sessions that last the month: the clock moves on by two weeks at a time
  t = await createTestApp({ now: '2026-12-01T08:00:00Z', env: { SESSION_IDLE_DAYS: '60', SESSION_TTL_DAYS: '90' } })
  owner = await signUp(t.app)
  teen = await addMember(t, owner, 'teen')
  viewer = await addMember(t, owner, 'viewer')
  checking = (await owner.post('/api/accounts', { name: 'Checking', type: 'checking', openingBalance: 3000, openingDate: '2026-06-01' })).json().id
  groceries = await categoryId(t, owner, 'Groceries')
  dining = await categoryId(t, owner, 'Dining Out')
  const income = await owner.post('/api/planned-income', { name: 'Acme pay', payee: 'ACME CORP PAYROLL', amount: 2600, schedule: 'semimonthly', nextDate: '2026-12-01', secondDay: 15, accountId: checking })
  expect(income.statusCode, income.body).toBe(201)
  expect((await owner.post('/api/bills', { name: 'Rent', payee: 'Oakwood Apartments', amount: 1650, nextDueDate: '2026-12-01', accountId: checking })).statusCode).toBe(201)
  expect((await owner.post('/api/bills', { name: 'Utilities', payee: 'City Utilities', amount: 180, nextDueDate: '2026-12-20', accountId: checking })).statusCode).toBe(201)
  goal = (await owner.post('/api/goals', { name: 'Emergency Fund', targetAmount: 10000, monthlyContribution: 500 })).json().id
  expect((await owner.put('/api/budgets', { categoryId: groceries, month: '2026-12', amount: 600 })).statusCode).toBe(200)
})
afterAll(async () => {
  await t.close()
})

describe('the daily plan across December', () => {
  it('the 1st: both paychecks expected, every bill due, 73.22 a day', async () => {
    const body = await plan(owner)
    expect(body.plan).toMatchObject({ income: 5200, incomeReceived: 0, billsStillDue: 1830, goalContributions: 500, plannedSpending: 600, available: 2270, daysLeft: 31, dailyAllowance: 73.22 })
    expect(body.incomeLines.map((l: { date: string; status: string; amount: number }) => [l.date, l.status, l.amount])).toEqual([
      ['2026-12-01', 'expected', 2600],
      ['2026-12-15', 'expected', 2600],
    ])
    expect(body.advice).toEqual([])
    expect((await summary(owner)).available).toBe(2270)
  })

  it('the 2nd: the paycheck and the rent came in, the rent counted once', async () => {
    await add('2026-12-01', 2600, 'ACME CORP PAYROLL PPD')
    await add('2026-12-01', -1650, 'OAKWOOD APARTMENTS WEB PMT')
    await add('2026-12-02', -85.4, 'Union Market', groceries)
    t.clock.set('2026-12-02T15:00:00Z')
    const body = await plan(owner)
    // 5,200 − 1,735.40 − 180 − 500 − 514.60 = 2,270.00; / 30 = 75.66
    expect(body.plan).toMatchObject({ income: 5200, incomeReceived: 2600, expenses: 1735.4, billsPaid: 1650, billsStillDue: 180, plannedSpending: 514.6, available: 2270, daysLeft: 30, dailyAllowance: 75.66 })
    expect(body.billLines.map((l: { name: string; status: string }) => [l.name, l.status])).toEqual([
      ['Rent', 'paid'],
      ['Utilities', 'due'],
    ])
    const dash = await summary(owner)
    expect([dash.available, dash.dailyAllowance, dash.income]).toEqual([2270, 75.66, 5200])
  })

  it('the 16th: both paychecks in, dining with no budget lowers the allowance', async () => {
    await add('2026-12-15', 2600, 'ACME CORP PAYROLL PPD')
    await add('2026-12-10', -224.85, 'Union Market', groceries)
    await add('2026-12-12', -120, 'Luigi', dining)
    t.clock.set('2026-12-16T15:00:00Z')
    const body = await plan(owner)
    // 5,200 − 2,080.25 − 180 − 500 − 289.75 = 2,150.00; / 16 = 134.375 → 134.37
    expect(body.plan).toMatchObject({ income: 5200, incomeReceived: 5200, expenses: 2080.25, unbudgetedSpent: 120, available: 2150, daysLeft: 16, dailyAllowance: 134.37 })
    // the Left of the budgets is the groceries budget's alone: 600 − 310.25
    expect(body.totals).toEqual({ budgeted: 600, spent: 310.25, available: 289.75 })
  })

  it('the last day: everything paid (utilities within their 5 % tolerance), groceries over budget', async () => {
    // $175.00 on a $180.00 bill that may vary by 5 % ($9.00): paid, nothing of it still due
    await add('2026-12-19', -175, 'CITY UTILITIES AUTOPAY')
    await add('2026-12-22', -302.05, 'Union Market', groceries)
    await add('2026-12-23', -120, 'Luigi', dining)
    expect((await owner.post(`/api/goals/${goal}/contributions`, { amount: 500, date: '2026-12-28' })).statusCode).toBe(201)
    t.clock.set('2026-12-31T15:00:00Z')
    const body = await plan(owner)
    // 5,200 − 2,677.30 − 0 − 500 − 0 = 2,022.70 over the 1 day left
    expect(body.plan).toMatchObject({ expenses: 2677.3, billsStillDue: 0, billsPaid: 1825, goalContributions: 500, plannedSpending: 0, available: 2022.7, daysLeft: 1, dailyAllowance: 2022.7 })
    expect(body.billLines.map((l: { name: string; status: string }) => [l.name, l.status])).toEqual([
      ['Rent', 'paid'],
      ['Utilities', 'paid'],
    ])
    expect((await summary(owner)).available).toBe(2022.7)
  })

  it("a viewer sees the shared plan; a teen's plan has none of the household's bills or goals", async () => {
    const shared = await plan(viewer)
    expect(shared.plan.available).toBe(2022.7)
    const teenCard = (await teen.post('/api/accounts', { name: 'My card', type: 'checking', visibility: 'private', openingBalance: 40, openingDate: '2026-11-01' })).json().id
    expect((await teen.post('/api/transactions', { accountId: teenCard, date: '2026-12-30', amount: -12.5, merchant: 'Cinema' })).statusCode).toBe(201)
    const own = await plan(teen)
    expect(own.billLines).toEqual([])
    expect(own.goalLines).toEqual([])
    expect(own.plan).toMatchObject({ income: 0, expenses: 12.5, billsStillDue: 0, goalContributions: 0, plannedSpending: 0, available: -12.5, incomeUnknown: true })
    expect(own.advice).toEqual([{ kind: 'add_income' }])
    // a teen plans their own pocket money, on their own account only
    expect((await teen.post('/api/planned-income', { name: 'Pocket money', amount: 40, nextDate: '2026-12-31', accountId: checking })).statusCode).toBe(400)
    expect((await teen.post('/api/planned-income', { name: 'Pocket money', amount: 40, nextDate: '2026-12-31', accountId: teenCard })).statusCode).toBe(201)
    expect((await plan(teen)).plan).toMatchObject({ income: 40, available: 27.5, dailyAllowance: 27.5 })
    // the household's plan does not count the teen's private card or pocket money
    expect((await plan(owner)).plan.income).toBe(5200)
    expect((await viewer.post('/api/planned-income', { name: 'x', amount: 1, nextDate: '2026-12-31' })).statusCode).toBe(403)
  })
})

describe('planned income', () => {
  it('asks for the second payday of a twice-a-month income, naming the field', async () => {
    const res = await owner.post('/api/planned-income', { name: 'Pay', amount: 100, schedule: 'semimonthly', nextDate: '2026-12-01' })
    expect(res.statusCode).toBe(400)
    expect(JSON.stringify(res.json())).toContain('secondDay')
    const bad = await owner.post('/api/planned-income', { name: 'Pay', amount: -5, nextDate: '2026-12-01' })
    expect(bad.statusCode).toBe(400)
    expect(JSON.stringify(bad.json())).toContain('amount')
  })

  it('an irregular income is counted as the member set it, less what came', async () => {
    const other = await signUp(t.app)
    const acct = (await other.post('/api/accounts', { name: 'Checking', type: 'checking' })).json().id
    const created = await other.post('/api/planned-income', { name: 'Freelance', amount: 1200, schedule: 'irregular', nextDate: '2026-12-01', accountId: acct })
    expect(created.statusCode, created.body).toBe(201)
    expect((await other.post('/api/transactions', { accountId: acct, date: '2026-12-10', amount: 450, merchant: 'Client invoice 7' })).statusCode).toBe(201)
    const body = await plan(other)
    // 450 received + (1,200 − 450 = 750) still expected
    expect(body.plan).toMatchObject({ income: 1200, incomeReceived: 450, incomeStillExpected: 750 })
    const list = (await other.get('/api/planned-income')).json()
    expect(list).toHaveLength(1)
    expect((await other.patch(`/api/planned-income/${created.json().id}`, { amount: 900 })).json().amount).toBe(900)
    expect((await plan(other)).plan.income).toBe(900)
    expect((await other.delete(`/api/planned-income/${created.json().id}`)).statusCode).toBe(204)
    // another household's planned income is not found
    expect((await owner.delete(`/api/planned-income/${created.json().id}`)).statusCode).toBe(404)
  })
})
