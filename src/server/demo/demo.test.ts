// The demo household (`npm start -- --demo`) is what a visitor judges Kinwise by: its figures
// must look like a solvent family's and agree with each other through the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, clientFor, type Client, type TestContext } from '../test/helper'
import { generateReminders } from '../modules/reminders/generated'
import { DEMO_EMAIL, DEMO_FAMILY, DEMO_PASSWORD, ensureDemoHousehold } from './demo'

const NOW = '2026-11-22T12:00:00Z'

type Account = { id: string; name: string; type: string; balance: number }
type PlanCategory = { budgetId: string | null; spent: number; level: string }

let t: TestContext
let demo: Client

beforeAll(async () => {
  t = await createTestApp({ now: NOW })
  const first = await ensureDemoHousehold(t.database.db, new Date(NOW))
  expect(first).toEqual({ created: true, email: DEMO_EMAIL, password: DEMO_PASSWORD })
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
  })
  expect(login.statusCode).toBe(200)
  const cookie = String(login.headers['set-cookie']).split(';')[0] ?? ''
  demo = clientFor(t.app, cookie, login.json())
}, 60_000)

afterAll(async () => {
  await t.close()
})

describe('the demo household', () => {
  it('is a family: a partner whose private savings Alex never sees, and a teen who sees only their own and the wallet', async () => {
    const signIn = async (email: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: DEMO_PASSWORD } })
      expect(res.statusCode).toBe(200)
      return clientFor(t.app, String(res.headers['set-cookie']).split(';')[0] ?? '', res.json())
    }
    const names = async (client: Client) => ((await client.get('/api/accounts')).json() as Account[]).map((a) => a.name).sort()
    const [jordan, riley] = await Promise.all(DEMO_FAMILY.map((p) => signIn(p.email)))
    if (!jordan || !riley) throw new Error('no family')
    const household = (await demo.get('/api/household')).json() as { members: { firstName: string; role: string }[] }
    expect(household.members.map((m) => `${m.firstName} ${m.role}`).sort()).toEqual(['Alex owner', 'Jordan adult', 'Riley teen'])
    expect(await names(demo)).not.toContain('Jordan’s Savings')
    expect(await names(jordan)).toContain('Jordan’s Savings')
    expect(await names(riley)).toEqual(['Riley’s Debit', 'Wallet'])
    // Jordan's savings count in Jordan's net worth and nobody else's
    const worth = async (client: Client) => (await client.get('/api/analytics/net-worth')).json().netWorth as number
    expect(Math.round(((await worth(jordan)) - (await worth(demo))) * 100)).toBe(425000)
  })

  it('is created once', async () => {
    const again = await ensureDemoHousehold(t.database.db, new Date(NOW))
    expect(again.created).toBe(false)
  })

  it('is a solvent family: money in checking, savings and the wallet; the card owes one cycle', async () => {
    const accounts = (await demo.get('/api/accounts')).json() as Account[]
    const byName = new Map(accounts.map((a) => [a.name, a]))
    expect(byName.get('Everyday Checking')?.balance).toBeGreaterThan(0)
    expect(byName.get('High-Yield Savings')?.balance).toBeGreaterThan(0)
    expect(byName.get('Wallet')?.balance).toBeGreaterThanOrEqual(0)
    const card = byName.get('Visa Rewards')?.balance ?? 0
    // paid in full every statement: what is owed is the purchases since the last one
    expect(card).toBeLessThan(0)
    expect(card).toBeGreaterThan(-8000)
  })

  it('has balances that are the sum of each account’s transactions', async () => {
    const accounts = (await demo.get('/api/accounts')).json() as Account[]
    for (const account of accounts) {
      let cents = 0
      let cursor: string | null = null
      do {
        const res = await demo.get(
          `/api/transactions?accountId=${account.id}&limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        )
        expect(res.statusCode).toBe(200)
        for (const row of res.json() as { amount: number }[]) cents += Math.round(row.amount * 100)
        const next = res.headers['x-next-cursor']
        cursor = typeof next === 'string' ? next : null
      } while (cursor)
      expect(cents, account.name).toBe(Math.round(account.balance * 100))
    }
  })

  it('budgets near what it spends, so last month’s plan is not all red', async () => {
    const res = await demo.get('/api/spending-plan?month=2026-10')
    expect(res.statusCode).toBe(200)
    const plan = res.json() as { categories: PlanCategory[]; plan: { income: number } }
    const budgeted = plan.categories.filter((c) => c.budgetId !== null)
    expect(budgeted.length).toBeGreaterThanOrEqual(8)
    expect(budgeted.every((c) => c.spent > 0)).toBe(true)
    const over = budgeted.filter((c) => c.level === 'over')
    expect(over.length).toBeGreaterThan(0)
    expect(over.length).toBeLessThan(budgeted.length / 2)
    // two pay cheques a month
    expect(plan.plan.income).toBeGreaterThan(7000)
  })
})

describe('the demo household’s rules', () => {
  it('lists its rules, valid under the contract, and they agree with its own rows', async () => {
    const rules = (await demo.get('/api/rules')).json() as { name: string }[]
    expect(rules.map((r) => r.name)).toEqual(['Fuel stations', 'Streaming', 'Payroll'])
    // the generated rows are already categorized the way the rules say: applying them to every
    // row renames Netflix and notes the pay cheques, but moves no category
    const before = (await demo.get('/api/analytics/monthly-summary')).json() as unknown
    const applied = await demo.post('/api/rules/apply', { onlyUncategorized: false })
    expect(applied.statusCode, applied.body).toBe(200)
    expect(applied.json().changed).toBeGreaterThan(0)
    expect((await demo.get('/api/analytics/monthly-summary')).json()).toEqual(before)
  })

  it('reminds of each bill due date and each budget alert once, the reminder job running as well', async () => {
    await generateReminders(t.database.db, new Date(NOW))
    await generateReminders(t.database.db, new Date('2026-11-22T18:00:00Z'))
    const reminders = (await demo.get('/api/reminders?status=all')).json() as { title: string; type: string; description: string }[]
    const bills = (await demo.get('/api/bills')).json() as { name: string; nextDueDate: string }[]
    // one reminder per bill due in the next three days (the demo's bills fall due on the days its
    // history pays them, so which are due soon depends on the day)
    const billReminders = reminders.filter((r) => r.type === 'bill_due').map((r) => r.title).sort()
    const dueSoon = bills.filter((b) => b.nextDueDate >= '2026-11-22' && b.nextDueDate <= '2026-11-25')
    expect(billReminders).toHaveLength(dueSoon.length)
    for (const bill of dueSoon) expect(billReminders.filter((t) => t.startsWith(`${bill.name} due`))).toHaveLength(1)
    // at most one alert per budget
    const budgetNames = reminders.filter((r) => r.type === 'budget_limit').map((r) => r.title.replace(/ budget (at \d+%|reached)$/, ''))
    expect(new Set(budgetNames).size).toBe(budgetNames.length)
    expect(new Set(reminders.map((r) => r.title)).size).toBe(reminders.length)
    for (const r of reminders) expect(`${r.title} ${r.description}`).not.toMatch(/\d{4}-\d{2}-\d{2}/)
  })
})
