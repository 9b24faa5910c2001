// Privacy in every total (ADR 0023): one household with an owner, an adult, a teen and a
// viewer, accounts of every visibility, and spending in budgeted categories. Each member's net
// worth, monthly summary, spending plan, bills, goals and generated reminders count only what
// that member may see, to the cent; and changing a private account changes no number anyone else
// gets (the adult's private account carries the distinctive 777.77).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IsoDate } from '#src/domain/dates'
import { toCents } from '#src/domain/money'
import { generateReminders } from '../reminders/generated'
import { createNamedFamily } from '#src/server/test/family'
import { createTestApp, type Client, type TestContext } from '#src/server/test/helper'
import { insertTransactions } from '#src/server/core/ledger'

const NOW = new Date('2026-03-15T12:00:00Z')
let t: TestContext
let owner: Client
let adult: Client
let teen: Client
let viewer: Client
let household: string
const acct = { joint: '', family: '', ownerPrivate: '', stash: '', adultBalanceOnly: '', wallet: '' }
const cat = { salary: '', groceries: '', dining: '', electricity: '', utilities: '' }
const bill = { internet: '', power: '', loan: '' }
const goal = { trip: '', car: '' }

async function created(res: { statusCode: number; body: string; json(): unknown }): Promise<string> {
  expect(res.statusCode, res.body).toBe(201)
  const body = res.json()
  if (typeof body !== 'object' || body === null || !('id' in body) || typeof body.id !== 'string') throw new Error(res.body)
  return body.id
}

async function newAccount(client: Client, body: Record<string, unknown>): Promise<string> {
  return created(await client.post('/api/accounts', { type: 'checking', openingDate: '2026-02-01', ...body }))
}

/** Transactions straight through the ledger (balances and rollups kept as every write keeps them). */
async function record(by: Client, accountId: string, rows: [IsoDate, number, string][]): Promise<void> {
  await t.database.db.transaction((tx) =>
    insertTransactions(
      tx,
      rows.map(([date, amount, categoryId]) => ({
        householdId: household,
        userId: by.user.id,
        accountId,
        categoryId,
        date,
        amount: toCents(amount),
        merchant: 'Test',
        description: '',
        notes: '',
        kind: 'standard' as const,
        source: 'manual' as const,
      })),
    ),
  )
}

async function read(client: Client, url: string): Promise<unknown> {
  const res = await client.get(url)
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200)
  return res.json()
}

type NetWorth = { netWorth: number; previousNetWorth: number }
type Summary = { income: number; expenses: number; available: number; dailyAllowance: number; categorySpending: { categoryName: string; total: number }[] }
type PlanRow = { name: string; budget: number; carried: number; spent: number; available: number }
type Plan = { categories: PlanRow[]; totals: { budgeted: number; spent: number; available: number }; plan: { income: number; expenses: number; available: number } }
type Linked = { id: string; accountId: string | null }
type Reminder = { title: string; description: string; type: string }

/** Every money figure a member's dashboard and pages read. */
async function everything(client: Client) {
  return {
    netWorth: await read(client, '/api/analytics/net-worth'),
    summary: await read(client, '/api/analytics/monthly-summary'),
    lastMonth: await read(client, '/api/analytics/monthly-summary?month=2026-02'),
    plan: await read(client, '/api/spending-plan'),
    budgets: await read(client, '/api/budgets'),
    bills: await read(client, '/api/bills'),
    upcoming: await read(client, '/api/bills/upcoming'),
    goals: await read(client, '/api/goals'),
    reminders: await read(client, '/api/reminders?status=all'),
  }
}

const reminderLines = async (client: Client) =>
  ((await read(client, '/api/reminders?status=all')) as Reminder[]).map((r) => `${r.title} | ${r.description}`).sort()

beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString() })
  let categories: typeof cat
  ;({ owner, adult, teen, viewer, household, categories } = await createNamedFamily(t))
  Object.assign(cat, categories)

  // what each member sees of each account:   owner    adult   teen     viewer
  // joint (owner's, shared with teens)         full     full    full     full
  // family (owner's, shared, not teens)        full     full    none     full
  // ownerPrivate (owner's, private)            full     none    none     none
  // stash (adult's, private: 777.77)           none     full    none     none
  // adultBalanceOnly (adult's, teens too)      balance  full    balance  balance
  // wallet (teen's, shared)                    full     full    full     full
  acct.joint = await newAccount(owner, { name: 'Joint', openingBalance: 1000, sharedWithTeens: true })
  acct.family = await newAccount(owner, { name: 'Family', openingBalance: 200 })
  acct.ownerPrivate = await newAccount(owner, { name: 'Mine', openingBalance: 5000, visibility: 'private' })
  acct.stash = await newAccount(adult, { name: 'Stash', openingBalance: 777.77, visibility: 'private' })
  acct.adultBalanceOnly = await newAccount(adult, { name: 'Loan offset', openingBalance: 3000, visibility: 'balance_only', sharedWithTeens: true })
  acct.wallet = await newAccount(teen, { name: 'Wallet', openingBalance: 50 })

  await record(owner, acct.joint, [
    ['2026-02-10', -150, cat.groceries],
    ['2026-03-01', 2500, cat.salary],
    ['2026-03-03', -120.4, cat.groceries],
    ['2026-03-05', -60, cat.electricity],
  ])
  await record(owner, acct.family, [['2026-03-04', -45.1, cat.dining]])
  await record(owner, acct.ownerPrivate, [
    ['2026-03-02', 1234.56, cat.salary],
    ['2026-03-06', -333.44, cat.groceries],
  ])
  await record(adult, acct.stash, [
    ['2026-02-20', -7.07, cat.groceries],
    ['2026-03-02', 700.07, cat.salary],
    ['2026-03-07', -77.77, cat.dining],
    ['2026-03-08', -17.71, cat.electricity],
  ])
  await record(adult, acct.adultBalanceOnly, [
    ['2026-02-21', -40, cat.groceries],
    ['2026-03-09', -250.25, cat.groceries],
    ['2026-03-09', -30.03, cat.dining],
  ])
  await record(teen, acct.wallet, [['2026-03-10', -12.34, cat.dining]])

  for (const body of [
    { categoryId: cat.groceries, month: '2026-02', amount: 200, rollover: true },
    { categoryId: cat.groceries, month: '2026-03', amount: 500 },
    { categoryId: cat.dining, month: '2026-03', amount: 100 },
    { categoryId: cat.electricity, month: '2026-03', amount: 150 },
  ]) {
    expect((await owner.put('/api/budgets', body)).statusCode).toBe(200)
  }
  bill.internet = await created(await adult.post('/api/bills', { name: 'Internet', amount: 65, nextDueDate: '2026-03-17', accountId: acct.stash }))
  bill.power = await created(await owner.post('/api/bills', { name: 'Power', amount: 80, nextDueDate: '2026-03-25', accountId: acct.joint }))
  bill.loan = await created(await adult.post('/api/bills', { name: 'Loan', amount: 200, nextDueDate: '2026-03-28', accountId: acct.adultBalanceOnly }))
  goal.trip = await created(await adult.post('/api/goals', { name: 'Trip', targetAmount: 1000, currentAmount: 300, monthlyContribution: 100, accountId: acct.stash }))
  goal.car = await created(await owner.post('/api/goals', { name: 'Car', targetAmount: 5000, currentAmount: 5000, accountId: acct.joint }))
})
afterAll(async () => {
  await t.close()
})

describe('privacy in every total', () => {
  it('net worth counts the accounts each member sees (balance-only included), and last month’s the same accounts', async () => {
    // last month's counts another member's balance-only account at today's balance (ADR 0048):
    // the adult's 2679.72, not the 2960 it held at February's end
    const expected: [Client, NetWorth][] = [
      [owner, { netWorth: 11943, previousNetWorth: 8779.72 }],
      [adult, { netWorth: 7417.17, previousNetWorth: 4830.7 }],
      [teen, { netWorth: 5886.98, previousNetWorth: 3579.72 }],
      [viewer, { netWorth: 6041.88, previousNetWorth: 3779.72 }],
    ]
    for (const [client, figures] of expected) {
      expect(await read(client, '/api/analytics/net-worth'), client.user.firstName).toMatchObject(figures)
    }
  })

  it('the monthly summary is each member’s own plan (ADR 0044)', async () => {
    // a member's plan counts what they see whole (owner, adult), a teen's own accounts, the shared
    // ones for a viewer; bills and goals paid from those accounts (or from none, but for a teen);
    // budgets hold back what they have not spent (budget + carried − spent − bills due in them)
    type Expected = Summary & { billsStillDue: number; goalContributions: number }
    const expected: [Client, Expected][] = [
      // holds 96.16 + 42.56 + 90 = 228.72; 3,734.56 − 571.28 − 80 (power) − 0 − 228.72 = 2,854.56; / 17 → 167.91
      [owner, { income: 3734.56, expenses: 571.28, billsStillDue: 80, goalContributions: 0, available: 2854.56, dailyAllowance: 167.91, categorySpending: [
        { categoryName: 'Groceries', total: 453.84 }, { categoryName: 'Utilities', total: 60 }, { categoryName: 'Dining Out', total: 57.44 },
      ] }],
      // bills 65 + 80 + 200, the trip's 100, holds 132.28 + 0 + 72.29 = 204.57;
      // 3,200.07 − 613.60 − 345 − 100 − 204.57 = 1,936.90; / 17 → 113.93
      [adult, { income: 3200.07, expenses: 613.6, billsStillDue: 345, goalContributions: 100, available: 1936.9, dailyAllowance: 113.93, categorySpending: [
        { categoryName: 'Groceries', total: 370.65 }, { categoryName: 'Dining Out', total: 165.24 }, { categoryName: 'Utilities', total: 77.71 },
      ] }],
      // the teen's own wallet alone: no income, no household bills, goals or budgets
      [teen, { income: 0, expenses: 12.34, billsStillDue: 0, goalContributions: 0, available: -12.34, dailyAllowance: 0, categorySpending: [
        { categoryName: 'Dining Out', total: 12.34 },
      ] }],
      // shared accounts: holds 429.60 + 42.56 + 90 = 562.16; 2,500 − 237.84 − 80 − 0 − 562.16 = 1,620.00; / 17 → 95.29
      [viewer, { income: 2500, expenses: 237.84, billsStillDue: 80, goalContributions: 0, available: 1620, dailyAllowance: 95.29, categorySpending: [
        { categoryName: 'Groceries', total: 120.4 }, { categoryName: 'Utilities', total: 60 }, { categoryName: 'Dining Out', total: 57.44 },
      ] }],
    ]
    // the mood scores each member on their plan's budgets and goals: none of the household's for
    // the teen; the trip (paid from the adult's private stash) only in the adult's
    const moodInputs: [Client, { budgetTotal: number; goalIds: string[] }][] = [
      [owner, { budgetTotal: 750, goalIds: [goal.car] }],
      [adult, { budgetTotal: 750, goalIds: [goal.trip, goal.car] }],
      [teen, { budgetTotal: 0, goalIds: [] }],
      [viewer, { budgetTotal: 750, goalIds: [goal.car] }],
    ]
    for (const [client, figures] of moodInputs) {
      expect(await read(client, '/api/analytics/monthly-summary'), client.user.firstName).toMatchObject(figures)
    }
    for (const [client, figures] of expected) {
      const body = (await read(client, '/api/analytics/monthly-summary')) as Summary
      expect(body, client.user.firstName).toMatchObject(figures)
      expect(body.categorySpending.map(({ categoryName, total }) => ({ categoryName, total }))).toEqual(figures.categorySpending)
    }
    // February: the opening balances are not income; the adult alone sees the stash's 7.07
    const february = async (client: Client) => ((await read(client, '/api/analytics/monthly-summary?month=2026-02')) as Summary).expenses
    expect(await february(owner)).toBe(150)
    expect(await february(adult)).toBe(197.07)
    // the teen's own wallet spent nothing in February
    expect(await february(teen)).toBe(0)
    expect(await february(viewer)).toBe(150)
  })

  it('the spending plan’s spent, rollover and totals count only what the member sees', async () => {
    const expected: [Client, Record<string, Partial<PlanRow>>, Plan['totals']][] = [
      [owner, {
        Groceries: { budget: 500, carried: 50, spent: 453.84, available: 96.16 },
        'Dining Out': { budget: 100, spent: 57.44, available: 42.56 },
        'Electricity & Gas': { budget: 150, spent: 60 },
        Utilities: { budget: 150, spent: 60 },
      }, { budgeted: 800, spent: 571.28, available: 228.72 }],
      [adult, {
        Groceries: { budget: 500, carried: 2.93, spent: 370.65, available: 132.28 },
        'Dining Out': { budget: 100, spent: 165.24, available: -65.24 },
        'Electricity & Gas': { budget: 150, spent: 77.71 },
        Utilities: { budget: 150, spent: 77.71 },
      }, { budgeted: 752.93, spent: 613.6, available: 139.33 }],
      // a teen's page counts their own wallet: nothing of the household's groceries, so February's
      // whole 200 rolls over in their view
      [teen, {
        Groceries: { budget: 500, carried: 200, spent: 0 },
        'Dining Out': { budget: 100, spent: 12.34 },
        Utilities: { budget: 150, spent: 0 },
      }, { budgeted: 950, spent: 12.34, available: 937.66 }],
      [viewer, {
        Groceries: { budget: 500, carried: 50, spent: 120.4 },
        'Dining Out': { budget: 100, spent: 57.44 },
        Utilities: { budget: 150, spent: 60 },
      }, { budgeted: 800, spent: 237.84, available: 562.16 }],
    ]
    for (const [client, rows, totals] of expected) {
      const plan = (await read(client, '/api/spending-plan')) as Plan
      for (const [name, figures] of Object.entries(rows)) {
        expect(plan.categories.find((c) => c.name === name), `${client.user.firstName} ${name}`).toMatchObject(figures)
      }
      expect(plan.totals, client.user.firstName).toEqual(totals)
      const summary = (await read(client, '/api/analytics/monthly-summary')) as Summary
      expect(plan.plan).toMatchObject({ income: summary.income, expenses: summary.expenses, available: summary.available })
    }
    // the budgets themselves are household data: the same list for everyone
    const budgets = await read(owner, '/api/budgets')
    for (const client of [adult, teen, viewer]) expect(await read(client, '/api/budgets')).toEqual(budgets)
  })

  it('a bill’s or goal’s account shows only to members who see that account whole', async () => {
    const accountOf = async (client: Client, url: string) =>
      Object.fromEntries(((await read(client, url)) as Linked[]).map((row) => [row.id, row.accountId]))
    const bills = (whole: { internet: string | null; loan: string | null }) => ({
      [bill.internet]: whole.internet,
      [bill.power]: acct.joint,
      [bill.loan]: whole.loan,
    })
    const hiddenFromThem = bills({ internet: null, loan: null })
    expect(await accountOf(owner, '/api/bills')).toEqual(hiddenFromThem)
    expect(await accountOf(teen, '/api/bills')).toEqual(hiddenFromThem)
    expect(await accountOf(viewer, '/api/bills')).toEqual(hiddenFromThem)
    expect(await accountOf(adult, '/api/bills')).toEqual(bills({ internet: acct.stash, loan: acct.adultBalanceOnly }))
    expect(await accountOf(viewer, '/api/bills/upcoming')).toEqual(hiddenFromThem)
    expect(await accountOf(adult, '/api/bills/upcoming')).toEqual(bills({ internet: acct.stash, loan: acct.adultBalanceOnly }))

    // a goal keeps its own amount for everyone; only the link to the private account is hidden
    for (const client of [owner, teen, viewer]) {
      expect(await read(client, '/api/goals'), client.user.firstName).toEqual([
        expect.objectContaining({ id: goal.trip, accountId: null, currentAmount: 300, targetAmount: 1000 }),
        expect.objectContaining({ id: goal.car, accountId: acct.joint }),
      ])
    }
    expect(await accountOf(adult, '/api/goals')).toEqual({ [goal.trip]: acct.stash, [goal.car]: acct.joint })

    // an edit by someone who does not see the account leaves the link in place and still hides it
    const renamed = await owner.patch(`/api/bills/${bill.internet}`, { name: 'Fibre' })
    expect(renamed.statusCode).toBe(200)
    expect(renamed.json()).toMatchObject({ name: 'Fibre', accountId: null })
    const editedGoal = await owner.patch(`/api/goals/${goal.trip}`, { monthlyContribution: 100 })
    expect(editedGoal.json()).toMatchObject({ accountId: null })
    expect(await accountOf(adult, '/api/bills')).toMatchObject({ [bill.internet]: acct.stash })
    expect(await accountOf(adult, '/api/goals')).toMatchObject({ [goal.trip]: acct.stash })
  })

  it('links a bill or goal only to an account the member sees whole: another is unknown, like one that does not exist', async () => {
    const unknown = { message: 'That account does not exist', code: 'UNKNOWN_ACCOUNT' }
    for (const accountId of [acct.stash, acct.adultBalanceOnly, '00000000-0000-4000-8000-000000000000']) {
      const newBill = await owner.post('/api/bills', { name: 'X', amount: 1, nextDueDate: '2026-03-20', accountId })
      expect(newBill.statusCode).toBe(400)
      expect(newBill.json()).toEqual(unknown)
      expect((await owner.patch(`/api/bills/${bill.power}`, { accountId })).json()).toEqual(unknown)
      expect((await owner.post('/api/goals', { name: 'X', targetAmount: 1, accountId })).json()).toEqual(unknown)
      expect((await owner.patch(`/api/goals/${goal.car}`, { accountId })).json()).toEqual(unknown)
    }
    expect((await adult.patch(`/api/goals/${goal.car}`, { accountId: acct.ownerPrivate })).json()).toEqual(unknown)
    // nothing changed
    expect(((await read(owner, '/api/bills')) as Linked[]).find((b) => b.id === bill.power)?.accountId).toBe(acct.joint)
    expect(((await read(adult, '/api/goals')) as Linked[]).find((g) => g.id === goal.car)?.accountId).toBe(acct.joint)
  })

  it('pays a bill only into an account the payer may write: 404 for one they may not, as for one that does not exist', async () => {
    const before = await everything(adult)
    // the owner does not see the Internet bill's account: to them it has none
    const none = await owner.post(`/api/bills/${bill.internet}/pay`, {})
    expect(none.statusCode).toBe(400)
    expect(none.json().code).toBe('ACCOUNT_REQUIRED')
    for (const accountId of [acct.stash, acct.adultBalanceOnly, '00000000-0000-4000-8000-000000000000']) {
      const res = await owner.post(`/api/bills/${bill.internet}/pay`, { accountId })
      expect(res.statusCode, accountId).toBe(404)
      expect(res.json()).toEqual({ message: 'Account not found', code: 'NOT_FOUND' })
    }
    expect((await adult.post(`/api/bills/${bill.power}/pay`, { accountId: acct.ownerPrivate })).statusCode).toBe(404)
    // teens and viewers do not pay household bills at all
    expect((await teen.post(`/api/bills/${bill.power}/pay`, { accountId: acct.wallet })).statusCode).toBe(403)
    expect((await viewer.post(`/api/bills/${bill.power}/pay`, {})).statusCode).toBe(403)
    // nothing moved
    expect(await everything(adult)).toEqual(before)
  })

  it('generated reminders go to the owner and adults only, each counting the spending they see', async () => {
    await generateReminders(t.database.db, NOW)
    // bills due within 3 days go to both; the owner's groceries reach 80 % through their own
    // private account (453.84 of 500), the adult's do not (370.65); the adult's dining goes over
    // through their private stash (165.24 of 100), the owner's does not (57.44)
    expect(await reminderLines(owner)).toEqual([
      'Fibre due Tue, Mar 17 | $65.00 to pay.',
      'Groceries budget at 80% | $453.84 spent of $500.00 this month.',
    ])
    expect(await reminderLines(adult)).toEqual([
      // one alert a budget: the 100 % one, not the 80 % one beside it
      'Dining Out budget reached | $165.24 spent of $100.00 this month.',
      'Fibre due Tue, Mar 17 | $65.00 to pay.',
    ])
    expect(await reminderLines(teen)).toEqual([])
    expect(await reminderLines(viewer)).toEqual([])
  })

  it('a member never sees another’s reminders, nor marks, edits or deletes them', async () => {
    const mine = ((await read(adult, '/api/reminders')) as { id: string }[])[0]
    if (!mine) throw new Error('no reminder')
    for (const other of [owner, teen, viewer]) {
      expect((await other.patch(`/api/reminders/${mine.id}/read`)).statusCode).toBe(404)
      expect((await other.patch(`/api/reminders/${mine.id}`, { status: 'dismissed' })).statusCode).toBe(404)
      expect((await other.delete(`/api/reminders/${mine.id}`)).statusCode).toBe(404)
    }
    expect((await read(adult, '/api/reminders/unread-count'))).toEqual({ count: 2 })
    expect((await read(viewer, '/api/reminders/unread-count'))).toEqual({ count: 0 })
  })

  it('a private account never leaks: changing it changes no number anyone else gets', async () => {
    const others = [owner, teen, viewer]
    const before = await Promise.all(others.map((c) => everything(c)))
    const adultBefore = await everything(adult)
    // 777.77 in and out of the adult's private stash, this month and last, in budgeted categories
    // (enough to tip every other member's budgets over, were it counted)
    await record(adult, acct.stash, [
      ['2026-02-11', -777.77, cat.groceries],
      ['2026-03-11', -777.77, cat.groceries],
      ['2026-03-11', -777.77, cat.dining],
      ['2026-03-12', -777.77, cat.electricity],
      ['2026-03-12', 7777.77, cat.salary],
    ])
    await generateReminders(t.database.db, NOW)
    const after = await Promise.all(others.map((c) => everything(c)))
    expect(after).toEqual(before)
    // … while the adult sees every bit of it
    const adultAfter = await everything(adult)
    expect((adultAfter.netWorth as NetWorth).netWorth).toBe(12083.86)
    expect((adultAfter.summary as Summary).expenses).toBe(2946.91)
    expect(await reminderLines(adult)).toContain('Groceries budget reached | $1,148.42 spent of $500.00 this month.')
    expect(adultAfter.plan).not.toEqual(adultBefore.plan)

    // the owner's private account: the same for the adult, teen and viewer
    const notOwner = [adult, teen, viewer]
    const before2 = await Promise.all(notOwner.map((c) => everything(c)))
    await record(owner, acct.ownerPrivate, [
      ['2026-02-12', -777.77, cat.groceries],
      ['2026-03-13', -777.77, cat.dining],
      ['2026-03-13', 777.77, cat.salary],
    ])
    await generateReminders(t.database.db, NOW)
    expect(await Promise.all(notOwner.map((c) => everything(c)))).toEqual(before2)
  })

  it('a balance-only account moves the net worth of those who see its balance, never their spending nor its change', async () => {
    const others = [owner, teen, viewer]
    const before = await Promise.all(others.map((c) => everything(c)))
    await record(adult, acct.adultBalanceOnly, [['2026-03-14', -77.7, cat.dining]])
    await generateReminders(t.database.db, NOW)
    const after = await Promise.all(others.map((c) => everything(c)))
    for (const [i, client] of others.entries()) {
      const was = before[i]
      const now = after[i]
      if (!was || !now) throw new Error('missing')
      const wasWorth = was.netWorth as NetWorth
      // last month's moves with it: the change against last month never shows the account's flow
      expect(now.netWorth, client.user.firstName).toMatchObject({
        netWorth: Math.round((wasWorth.netWorth - 77.7) * 100) / 100,
        previousNetWorth: Math.round((wasWorth.previousNetWorth - 77.7) * 100) / 100,
      })
      expect({ ...now, netWorth: null }).toEqual({ ...was, netWorth: null })
    }
  })
})
