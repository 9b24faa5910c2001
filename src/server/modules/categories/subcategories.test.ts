// Sub-categories (ADR 0036) through the API: a group's budget, its spending rolled up
// the same way in the spending plan, the dashboard's top categories and the reports, and a move
// to another group that keeps every transaction's category (so the history follows it).
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categories } from '#src/server/db/schema'
import { categoryId, createTestApp, refreshInsights, setTestPlan, signUp, type Client, type TestContext } from '#src/server/test/helper'

let t: TestContext
let a: Client
let checking: string
const cat: Record<string, string> = {}

type PlanRow = {
  categoryId: string
  name: string
  parentId: string | null
  budget: number
  ownBudget: number
  childrenBudget: number
  carried: number
  spent: number
  available: number
  level: string
}
type Spending = { categoryId: string | null; categoryName: string; total: number; children: { categoryName: string; total: number }[] }
type ReportRow = { categoryId: string | null; categoryName: string; groupId: string | null; total: number }

const planRows = async (month = '2026-03'): Promise<PlanRow[]> => {
  const res = await a.get(`/api/spending-plan?month=${month}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().categories
}
const planRow = (rows: PlanRow[], name: string) => {
  const row = rows.find((r) => r.name === name)
  if (!row) throw new Error(`no plan row ${name}`)
  return row
}
const dashboard = async (): Promise<Spending[]> =>
  (await a.get('/api/analytics/monthly-summary?month=2026-03')).json().categorySpending
const report = async (level: 'group' | 'category', from = '2026-03', to = '2026-03'): Promise<ReportRow[]> => {
  const res = await a.get(`/api/reports/spending-by-category?from=${from}&to=${to}&level=${level}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}
const totalOf = (rows: { categoryName: string; total: number | null }[], name: string) =>
  rows.find((r) => r.categoryName === name)?.total

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T12:00:00Z' })
  a = await signUp(t.app)
  checking = (
    await a.post('/api/accounts', { name: 'Checking', type: 'checking', openingBalance: 5000, openingDate: '2026-01-01' })
  ).json().id
  for (const name of ['Housing', 'Rent & Mortgage', 'Home Maintenance', 'Utilities', 'Electricity & Gas', 'Internet & Phone', 'Water', 'Groceries', 'Salary']) {
    cat[name] = await categoryId(t, a, name)
  }
  const spend = async (date: string, amount: number, name: string) => {
    const res = await a.post('/api/transactions', { accountId: checking, date, amount, merchant: name, categoryId: cat[name] })
    expect(res.statusCode, res.body).toBe(201)
  }
  const budget = async (name: string, amount: number) => {
    const res = await a.put('/api/budgets', { categoryId: cat[name], month: '2026-03', amount })
    expect(res.statusCode, res.body).toBe(200)
  }
  await a.post('/api/transactions', { accountId: checking, date: '2026-03-01', amount: 3000, merchant: 'Pay', categoryId: cat.Salary })
  // Housing: a budget on the group (1500) and on two children (1200 + 200, within it)
  await budget('Housing', 1500)
  await budget('Rent & Mortgage', 1200)
  await budget('Home Maintenance', 200)
  await spend('2026-03-01', -1200, 'Rent & Mortgage')
  await spend('2026-03-08', -80.5, 'Home Maintenance')
  await spend('2026-03-09', -25.25, 'Housing')
  await spend('2026-02-20', -10, 'Home Maintenance')
  // Utilities: no budget of its own, so its children's add up (120 + 40.10)
  await budget('Electricity & Gas', 120)
  await budget('Water', 40.1)
  await spend('2026-03-05', -84, 'Electricity & Gas')
  await spend('2026-03-06', -60, 'Internet & Phone')
  await budget('Groceries', 400)
  await spend('2026-03-03', -300, 'Groceries')
})
afterAll(async () => {
  await t.close()
})

describe('sub-categories', () => {
  it("a group's own budget covers the whole group, its children's shown within it; without one its children's add up", async () => {
    const rows = await planRows()
    expect(planRow(rows, 'Housing')).toMatchObject({
      parentId: null,
      budget: 1500,
      ownBudget: 1500,
      childrenBudget: 1400,
      spent: 1305.75,
      available: 194.25,
      level: 'warning', // 87 % of 1500
    })
    expect(planRow(rows, 'Rent & Mortgage')).toMatchObject({ parentId: cat.Housing, budget: 1200, ownBudget: 1200, spent: 1200, available: 0, level: 'over' })
    expect(planRow(rows, 'Home Maintenance')).toMatchObject({ budget: 200, spent: 80.5, available: 119.5, level: 'good' })
    expect(planRow(rows, 'Utilities')).toMatchObject({
      budget: 160.1,
      ownBudget: 0,
      childrenBudget: 160.1,
      spent: 144,
      available: 16.1,
      level: 'warning',
    })
    expect(planRow(rows, 'Internet & Phone')).toMatchObject({ budget: 0, spent: 60, level: 'none' })
    // each group once: 1500 + 160.10 + 400 budgeted; 1305.75 + 144 + 300 spent
    const totals = (await a.get('/api/spending-plan?month=2026-03')).json().totals
    expect(totals).toEqual({ budgeted: 2060.1, spent: 1749.75, available: 310.35 })
  })

  it('the plan, the dashboard’s top categories and the reports agree on every group, to the cent', async () => {
    const rows = await planRows()
    const top = await dashboard()
    const groups = await report('group')
    const sankey = (await a.get('/api/reports/sankey?from=2026-03&to=2026-03')).json()
    expect(top.map((s) => [s.categoryName, s.total])).toEqual([
      ['Housing', 1305.75],
      ['Groceries', 300],
      ['Utilities', 144],
    ])
    expect(top[0]?.children).toEqual([
      { categoryId: cat['Rent & Mortgage'], categoryName: 'Rent & Mortgage', total: 1200 },
      { categoryId: cat['Home Maintenance'], categoryName: 'Home Maintenance', total: 80.5 },
      { categoryId: cat.Housing, categoryName: 'Housing', total: 25.25 },
    ])
    expect(top[1]?.children).toEqual([])
    expect(groups.map((g) => [g.categoryName, g.groupId, g.total])).toEqual([
      ['Housing', null, 1305.75],
      ['Groceries', null, 300],
      ['Utilities', null, 144],
    ])
    for (const name of ['Housing', 'Utilities', 'Groceries']) {
      const inPlan = planRow(rows, name).spent
      expect(totalOf(top, name), name).toBe(inPlan)
      expect(totalOf(groups, name), name).toBe(inPlan)
      const node = sankey.nodes.findIndex((n: { name: string }) => n.name === name)
      const into = sankey.links.find((l: { target: number }) => l.target === node)
      expect(into?.value, name).toBe(inPlan)
    }
    // the category level still lists each category, naming its group
    const byCategory = await report('category')
    expect(byCategory.find((r) => r.categoryName === 'Home Maintenance')).toMatchObject({ groupId: cat.Housing, total: 80.5 })
    expect(byCategory.reduce((s, r) => s + r.total, 0)).toBeCloseTo(1749.75, 2)
    expect((await a.get('/api/reports/spending-by-category?level=tree')).statusCode).toBe(400)
  })

  it("a group's transactions are its own and its children's, in the list and its totals; a child's only its own", async () => {
    const merchants = async (id: string) => {
      const res = await a.get(`/api/transactions?categoryId=${id}&from=2026-03-01&to=2026-03-31&limit=100`)
      expect(res.statusCode, res.body).toBe(200)
      return (res.json() as { merchant: string }[]).map((r) => r.merchant).sort()
    }
    expect(await merchants(cat.Housing ?? '')).toEqual(['Home Maintenance', 'Housing', 'Rent & Mortgage'])
    expect(await merchants(cat['Home Maintenance'] ?? '')).toEqual(['Home Maintenance'])
    const totals = await a.get(`/api/transactions/totals?categoryId=${cat.Housing ?? ''}&from=2026-03-01&to=2026-03-31`)
    // 1200 + 80.50 + 25.25, as the plan's Housing row spends
    expect(totals.json()).toMatchObject({ count: 3, total: -1305.75 })
  })

  it('moving a category to another group keeps its transactions, budget and history: they roll up to the new group', async () => {
    const moved = await a.patch(`/api/categories/${cat['Home Maintenance']}`, { parentId: cat.Utilities })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(moved.json()).toMatchObject({ id: cat['Home Maintenance'], parentId: cat.Utilities })
    // the transactions still carry the category (its id did not change)
    const listed = (await a.get(`/api/transactions?categoryId=${cat['Home Maintenance']}`)).json()
    expect(listed.map((x: { amount: number }) => x.amount).sort((p: number, q: number) => p - q)).toEqual([-80.5, -10])

    const rows = await planRows()
    expect(planRow(rows, 'Home Maintenance')).toMatchObject({ parentId: cat.Utilities, budget: 200, spent: 80.5 })
    expect(planRow(rows, 'Housing')).toMatchObject({ budget: 1500, childrenBudget: 1200, spent: 1225.25 })
    expect(planRow(rows, 'Utilities')).toMatchObject({ budget: 360.1, childrenBudget: 360.1, spent: 224.5, available: 135.6 })
    const top = await dashboard()
    expect(totalOf(top, 'Housing')).toBe(1225.25)
    expect(totalOf(top, 'Utilities')).toBe(224.5)
    // February's spending follows the category into its new group
    const feb = await report('group', '2026-02', '2026-02')
    expect(feb.map((g) => [g.categoryName, g.total])).toEqual([['Utilities', 10]])
    const both = await report('group', '2026-02', '2026-03')
    expect(totalOf(both, 'Utilities')).toBe(234.5)
    // and back again
    expect((await a.patch(`/api/categories/${cat['Home Maintenance']}`, { parentId: cat.Housing })).statusCode).toBe(200)
    expect(totalOf(await dashboard(), 'Housing')).toBe(1305.75)
  })

  it('creates a group and moves a category into it; one level only, within the household', async () => {
    const family = await a.post('/api/categories', { name: 'Family' })
    expect(family.statusCode, family.body).toBe(201)
    const familyId = family.json().id
    const kids = await categoryId(t, a, 'Kids')
    expect((await a.patch(`/api/categories/${kids}`, { parentId: familyId })).json()).toMatchObject({ parentId: familyId })
    // a group with children cannot go under another; nothing goes under a child
    const deep = await a.patch(`/api/categories/${familyId}`, { parentId: cat.Housing })
    expect(deep.statusCode).toBe(400)
    expect(deep.json().code).toBe('CATEGORY_TOO_DEEP')
    const underChild = await a.patch(`/api/categories/${cat.Groceries}`, { parentId: kids })
    expect(underChild.statusCode).toBe(400)
    expect(underChild.json().code).toBe('CATEGORY_TOO_DEEP')
    // another household's group is unknown here
    const b = await signUp(t.app)
    const theirs = await categoryId(t, b, 'Housing')
    const foreign = await a.patch(`/api/categories/${cat.Groceries}`, { parentId: theirs })
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json()).toMatchObject({ code: 'UNKNOWN_CATEGORY' })
    const foreignCreate = await b.post('/api/categories', { name: 'Sneaky', parentId: familyId })
    expect(foreignCreate.statusCode).toBe(400)
    // and the database itself refuses a child whose parent is another household's
    const householdOfB = (await t.database.db.select().from(categories).where(eq(categories.id, theirs)))[0]?.householdId ?? ''
    await expect(
      t.database.db.insert(categories).values({ householdId: householdOfB, name: 'Cross', parentId: familyId }),
    ).rejects.toThrow()
    // b's figures show nothing of a's
    expect((await b.get('/api/analytics/monthly-summary?month=2026-03')).json().categorySpending).toEqual([])
  })

  it('rules set a group or a child: both are filed as chosen and roll up alike', async () => {
    const c = await signUp(t.app)
    const account = (await c.post('/api/accounts', { name: 'Checking', type: 'checking' })).json().id
    const housing = await categoryId(t, c, 'Housing')
    const water = await categoryId(t, c, 'Water')
    for (const [name, value, categoryId] of [
      ['Landlord', 'landlord', housing],
      ['Water board', 'water board', water],
    ] as const) {
      const rule = await c.post('/api/rules', {
        name,
        conditions: [{ field: 'payee', operator: 'contains', value }],
        actions: { setCategoryId: categoryId },
      })
      expect(rule.statusCode, rule.body).toBe(201)
    }
    for (const [merchant, amount] of [
      ['Landlord March', -900],
      ['Water Board', -33.3],
    ] as const) {
      await c.post('/api/transactions', { accountId: account, date: '2026-03-02', amount, merchant })
    }
    expect((await c.post('/api/rules/apply', {})).json()).toMatchObject({ changed: 2 })
    const top = (await c.get('/api/analytics/monthly-summary?month=2026-03')).json().categorySpending as Spending[]
    expect(top.map((s) => [s.categoryName, s.total])).toEqual([
      ['Housing', 900],
      ['Utilities', 33.3],
    ])
    expect(top[1]?.children).toEqual([{ categoryId: water, categoryName: 'Water', total: 33.3 }])
  })

  it("insights find a group's month running high from its children's spending, and suggest the group's budget", async () => {
    const c = await signUp(t.app)
    await setTestPlan(t, c, 'premium')
    const account = (await c.post('/api/accounts', { name: 'Checking', type: 'checking' })).json().id
    const utilities = await categoryId(t, c, 'Utilities')
    const electricity = await categoryId(t, c, 'Electricity & Gas')
    const water = await categoryId(t, c, 'Water')
    const add = async (date: string, amount: number, categoryId: string, merchant: string) =>
      expect((await c.post('/api/transactions', { accountId: account, date, amount, merchant, categoryId })).statusCode).toBe(201)
    for (const [i, month] of ['2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02'].entries()) {
      await add(`${month}-05`, -(40 + (i % 2)), electricity, 'City Power')
      await add(`${month}-06`, -20, water, 'Water Board')
    }
    await add('2026-03-05', -150, electricity, 'City Power')
    await add('2026-03-06', -60, water, 'Water Board')
    expect((await refreshInsights(t, c)).status).toBe('done')
    const feed = (await c.get('/api/insights')).json() as { kind: string; title: string; action: unknown }[]
    const months = feed.filter((i) => i.kind === 'anomaly_month')
    expect(months.map((i) => i.title)).toEqual(['Utilities is running high'])
    expect(months[0]?.action).toMatchObject({ action: 'budget', categoryId: utilities, month: '2026-03' })
  })
})
