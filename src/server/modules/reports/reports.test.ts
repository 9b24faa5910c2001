// The reports through the API: hand-worked month figures to the cent, each report
// agreeing with the transactions it drills into, filters, splits, transfers, conversion to the
// base currency (a missing rate shown as missing), net worth with month-end investment values,
// privacy per role (the adult's private 777.77 never counted for anyone else; a balance-only
// account in net worth only, at today's balance for anyone but its owner), and bad input
// answered 400 naming the field.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accounts, exchangeRates, investmentMonthValues } from '#src/server/db/schema'
import { createNamedFamily } from '#src/server/test/family'
import { createTestApp, type Client, type TestContext } from '#src/server/test/helper'

const NOW = new Date('2026-03-15T12:00:00Z')
let t: TestContext
let owner: Client
let adult: Client
let teen: Client
let viewer: Client
let household: string
const acct = { joint: '', card: '', eur: '', stash: '', balanceOnly: '', brokerage: '' }
const cat = { salary: '', groceries: '', dining: '', electricity: '', utilities: '' }

type CashFlow = { month: string; income: number | null; expenses: number | null; net: number | null }[]
type NetWorth = {
  month: string
  assets: number | null
  liabilities: number | null
  netWorth: number | null
  byKind: Record<string, number | null>
  missingValues: string[]
}[]
type Spending = {
  categoryId: string | null
  categoryName: string
  groupName: string | null
  total: number | null
  average: number | null
  trend: number | null
  months: { month: string; total: number | null }[]
}[]
type Sankey = { nodes: { name: string; kind: string }[]; links: { source: number; target: number; value: number }[]; income: number; expenses: number }
type Merchants = { merchant: string; total: number; count: number }[]
type Tx = { amount: number; categoryId: string | null; splits: { categoryId: string | null; amount: number }[] }

async function created(res: { statusCode: number; body: string; json(): unknown }): Promise<string> {
  expect(res.statusCode, res.body).toBe(201)
  const body = res.json()
  if (typeof body !== 'object' || body === null || !('id' in body) || typeof body.id !== 'string') throw new Error(res.body)
  return body.id
}

const newAccount = async (client: Client, body: Record<string, unknown>) =>
  created(await client.post('/api/accounts', { type: 'checking', openingDate: '2026-01-01', ...body }))

async function spend(client: Client, accountId: string, date: string, amount: number, merchant: string, categoryId: string | null, splits?: { categoryId: string; amount: number }[]) {
  await created(await client.post('/api/transactions', { accountId, date, amount, merchant, categoryId, ...(splits ? { splits } : {}) }))
}

async function read<T>(client: Client, url: string): Promise<T> {
  const res = await client.get(url)
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200)
  return res.json() as T
}

const months = (list: { month: string }[], from: string) => list.filter((m) => m.month >= from)
const cents = (x: number) => Math.round(x * 100)

/** Every transaction the drill-down lists, all pages. */
async function drillDown(client: Client, query: string): Promise<Tx[]> {
  const rows: Tx[] = []
  let cursor: string | null = null
  do {
    const res = await client.get(`/api/transactions?${query}&limit=2&includeTransfers=false${cursor ? `&cursor=${cursor}` : ''}`)
    expect(res.statusCode, res.body).toBe(200)
    rows.push(...(res.json() as Tx[]))
    const next = res.headers['x-next-cursor']
    cursor = typeof next === 'string' && next !== '' ? next : null
  } while (cursor)
  return rows
}

/** A drill-down's spending (in one category when given: a split counts its parts in it), positive, in cents. */
function spendingIn(rows: Tx[], categoryId?: string): number {
  let total = 0
  for (const row of rows) {
    const parts = row.splits.length > 0 ? row.splits : [{ categoryId: row.categoryId, amount: row.amount }]
    for (const p of parts) if ((categoryId === undefined || p.categoryId === categoryId) && p.amount < 0) total -= cents(p.amount)
  }
  return total
}

beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString() })
  let categories: typeof cat
  ;({ owner, adult, teen, viewer, household, categories } = await createNamedFamily(t))
  Object.assign(cat, categories)

  // what each member sees:                      owner    adult   teen     viewer
  // joint (owner's, shared with teens)            full     full    full     full
  // card, eur, brokerage (owner's, shared)        full     full    none     full
  // stash (adult's, private: 777.77)              none     full    none     none
  // balanceOnly (adult's savings, teens too)      balance  full    balance  balance
  acct.joint = await newAccount(owner, { name: 'Joint', openingBalance: 1000, sharedWithTeens: true })
  acct.card = await newAccount(owner, { name: 'Card', type: 'credit_card' })
  acct.eur = await newAccount(owner, { name: 'Euro', currency: 'EUR', openingBalance: 100 })
  acct.brokerage = await newAccount(owner, { name: 'Brokerage', type: 'investment', openingBalance: 1000 })
  acct.stash = await newAccount(adult, { name: 'Stash', openingBalance: 777.77, visibility: 'private' })
  acct.balanceOnly = await newAccount(adult, { name: 'Savings', type: 'savings', openingBalance: 3000, visibility: 'balance_only', sharedWithTeens: true })

  for (const month of ['01', '02', '03']) await spend(owner, acct.joint, `2026-${month}-05`, 2000, 'Acme', cat.salary)
  await spend(owner, acct.joint, '2026-01-10', -100, 'Shop', cat.groceries)
  await spend(owner, acct.joint, '2026-02-11', -150.5, 'Shop', cat.groceries)
  await spend(owner, acct.joint, '2026-02-12', -40, 'Cafe', cat.dining)
  await spend(owner, acct.joint, '2026-03-06', -200, 'Market', null, [
    { categoryId: cat.groceries, amount: -120 },
    { categoryId: cat.electricity, amount: -80 },
  ])
  await spend(owner, acct.joint, '2026-03-07', -60, 'Power Co', cat.electricity)
  expect((await owner.post('/api/transfers', { fromAccountId: acct.joint, toAccountId: acct.card, amount: 300, date: '2026-02-20' })).statusCode).toBe(201)
  await spend(owner, acct.card, '2026-01-15', -250, 'Bistro', cat.dining)
  await spend(owner, acct.card, '2026-03-08', -75.25, 'Shop', cat.groceries)
  await spend(owner, acct.eur, '2026-02-10', -50, 'Boulangerie', cat.groceries)
  await spend(owner, acct.eur, '2026-03-10', -20.05, 'Cafe', cat.dining)
  await spend(adult, acct.stash, '2026-02-15', -777.77, 'Secret', cat.groceries)
  await spend(adult, acct.stash, '2026-03-02', 777.77, 'Secret', cat.salary)
  await spend(adult, acct.balanceOnly, '2026-03-09', -300, 'Hidden', cat.groceries)

  // 1 EUR = 1.05 USD from 2024, 1.20 from the end of February 2026
  await t.database.db.insert(exchangeRates).values([
    { householdId: household, currency: 'EUR', quote: 'USD', date: '2024-01-01', rate: 1.05 },
    { householdId: household, currency: 'EUR', quote: 'USD', date: '2026-02-28', rate: 1.2 },
  ])
  // the brokerage's holdings as a revaluation leaves them: 500 now (in its balance), 200 at
  // January's end, unknown at February's (a price was missing)
  await t.database.db.update(accounts).set({ investmentValue: 50_000, balance: 150_000 }).where(eq(accounts.id, acct.brokerage))
  await t.database.db.insert(investmentMonthValues).values([
    { householdId: household, accountId: acct.brokerage, month: '2026-01-01', value: 20_000 },
    { householdId: household, accountId: acct.brokerage, month: '2026-02-01', value: null },
  ])
})
afterAll(async () => {
  await t.close()
})

describe('cash flow', () => {
  it('adds up income and spending per month, converted at each month end’s rate, transfers and opening balances left out', async () => {
    const res = await owner.get('/api/reports/cash-flow')
    expect(res.statusCode).toBe(200)
    expect(res.headers['x-report-currency']).toBe('USD')
    expect(res.headers['x-missing-rates']).toBeUndefined()
    const body = res.json() as CashFlow
    // the 12 months ending with this one, oldest first
    expect(body.map((m) => m.month)).toEqual([
      '2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03',
    ])
    expect(body[0]).toEqual({ month: '2025-04', income: 0, expenses: 0, net: 0 })
    expect(months(body, '2026-01')).toEqual([
      { month: '2026-01', income: 2000, expenses: 350, net: 1650 },
      // 150.50 + 40 + €50 × 1.20
      { month: '2026-02', income: 2000, expenses: 250.5, net: 1749.5 },
      // 200 (split) + 60 + 75.25 + €20.05 × 1.20 = 24.06
      { month: '2026-03', income: 2000, expenses: 359.31, net: 1640.69 },
    ])
  })

  it('counts only the accounts whose transactions each member sees', async () => {
    const expected: [Client, [number, number][]][] = [
      [adult, [[2000, 350], [2000, 1028.27], [2777.77, 659.31]]],
      [teen, [[2000, 100], [2000, 190.5], [2000, 260]]],
      [viewer, [[2000, 350], [2000, 250.5], [2000, 359.31]]],
    ]
    for (const [client, figures] of expected) {
      const body = await read<CashFlow>(client, '/api/reports/cash-flow?from=2026-01&to=2026-03')
      expect(body.map((m) => [m.income, m.expenses]), client.user.firstName).toEqual(figures)
    }
  })

  it('agrees with the transactions it drills into, month by month', async () => {
    for (const [from, to] of [['2026-01-01', '2026-01-31'], ['2026-02-01', '2026-02-28'], ['2026-03-01', '2026-03-31']] as const) {
      const [month] = await read<CashFlow>(owner, `/api/reports/cash-flow?from=${from}&to=${to}&accountIds=${acct.joint},${acct.card}`)
      let income = 0
      let spending = 0
      for (const accountId of [acct.joint, acct.card]) {
        const rows = await drillDown(owner, `from=${from}&to=${to}&accountId=${accountId}&kind=standard`)
        income += rows.filter((r) => r.amount > 0).reduce((s, r) => s + cents(r.amount), 0)
        spending += spendingIn(rows)
      }
      expect(month && [cents(month.income ?? NaN), cents(month.expenses ?? NaN)], from).toEqual([income, spending])
    }
  })

  it('filters by account (comma-separated or repeated), category and member', async () => {
    const jan = async (client: Client, filter: string) =>
      (await read<CashFlow>(client, `/api/reports/cash-flow?from=2026-01&to=2026-03&${filter}`)).map((m) => m.expenses)
    expect(await jan(owner, `accountIds=${acct.card}`)).toEqual([250, 0, 75.25])
    expect(await jan(owner, `accountIds=${acct.card}&accountIds=${acct.eur}`)).toEqual([250, 60, 99.31])
    expect(await jan(owner, `categoryIds=${cat.groceries}`)).toEqual([100, 210.5, 195.25])
    expect(await jan(owner, `categoryIds=${cat.electricity},${cat.dining}`)).toEqual([250, 40, 164.06])
    // a group stands for itself and its subcategories: Utilities is Electricity & Gas here
    expect(await jan(owner, `categoryIds=${cat.utilities}`)).toEqual([0, 0, 140])
    expect(await jan(owner, `categoryIds=${cat.utilities},${cat.electricity}`)).toEqual([0, 0, 140])
    // the owner's accounts only; the adult's: the balance-only one, with no transactions to count
    expect(await jan(owner, `memberIds=${owner.user.id}`)).toEqual([350, 250.5, 359.31])
    expect(await jan(owner, `memberIds=${adult.user.id}`)).toEqual([0, 0, 0])
    expect(await jan(adult, `memberIds=${adult.user.id}`)).toEqual([0, 777.77, 300])
    // a balance-only account is accepted and counts nothing here
    expect(await jan(owner, `accountIds=${acct.balanceOnly}`)).toEqual([0, 0, 0])
  })
})

describe('spending by category', () => {
  it('totals each category with its months, monthly average and trend, splits per part, largest first', async () => {
    const body = await read<Spending>(owner, '/api/reports/spending-by-category')
    expect(body.map(({ categoryId, categoryName, groupName, total, average }) => ({ categoryId, categoryName, groupName, total, average }))).toEqual([
      // 100 + (150.50 + €50 → 60) + (120 of the split + 75.25); ÷ 12 months
      { categoryId: cat.groceries, categoryName: 'Groceries', groupName: null, total: 505.75, average: 42.15 },
      // 250 + 40 + €20.05 → 24.06
      { categoryId: cat.dining, categoryName: 'Dining Out', groupName: null, total: 314.06, average: 26.17 },
      // 80 of the split + 60, under its parent Utilities
      { categoryId: cat.electricity, categoryName: 'Electricity & Gas', groupName: 'Utilities', total: 140, average: 11.67 },
    ])
    const groceries = body[0]
    expect(groceries?.months.slice(-3)).toEqual([
      { month: '2026-01', total: 100 },
      { month: '2026-02', total: 210.5 },
      { month: '2026-03', total: 195.25 },
    ])
    expect(groceries?.months).toHaveLength(12)
    // March against the average: (195.25 − 42.15) / 42.15
    expect(groceries?.trend).toBeCloseTo((195.25 - 42.15) / 42.15, 10)
  })

  it('agrees with the transactions it drills into, per category and month (split parts in their categories)', async () => {
    const usd = `accountIds=${acct.joint},${acct.card}`
    for (const [categoryName, id] of [['Groceries', cat.groceries], ['Dining Out', cat.dining], ['Electricity & Gas', cat.electricity]] as const) {
      for (const [from, to] of [['2026-01-01', '2026-01-31'], ['2026-02-01', '2026-02-28'], ['2026-03-01', '2026-03-31']] as const) {
        const report = await read<Spending>(owner, `/api/reports/spending-by-category?from=${from}&to=${to}&${usd}`)
        const fromReport = cents(report.find((r) => r.categoryName === categoryName)?.total ?? 0)
        let fromList = 0
        for (const accountId of [acct.joint, acct.card]) {
          fromList += spendingIn(await drillDown(owner, `from=${from}&to=${to}&accountId=${accountId}&categoryId=${id}`), id)
        }
        expect(fromReport, `${categoryName} ${from}`).toBe(fromList)
      }
    }
  })

  it('never counts the adult’s private spending for anyone else', async () => {
    for (const client of [owner, teen, viewer]) {
      const body = await read<Spending>(client, '/api/reports/spending-by-category')
      expect(JSON.stringify(body)).not.toContain('777.77')
      expect(body.find((r) => r.categoryName === 'Groceries')?.total, client.user.firstName).toBe(client === teen ? 370.5 : 505.75)
    }
    const adults = await read<Spending>(adult, '/api/reports/spending-by-category')
    // 505.75 + 777.77 + the balance-only account's 300, which the adult sees whole
    expect(adults.find((r) => r.categoryName === 'Groceries')?.total).toBe(1583.52)
  })
})

describe('net worth', () => {
  it('gives assets, liabilities and each kind at every month end, with the month’s investment value and rate', async () => {
    const body = await read<NetWorth>(owner, '/api/reports/net-worth')
    expect(body).toHaveLength(12)
    // before the accounts were opened: only the adult's balance-only savings, at today's 2700 (ADR 0048)
    expect(body[0]).toMatchObject({ month: '2025-04', assets: 2700, liabilities: 0, netWorth: 2700, missingValues: [] })
    const [jan, feb, mar] = months(body, '2026-01')
    // joint 2900 + €100 × 1.05; the balance-only savings at today's 2700; the brokerage 1000 + 200 held; the card owes 250
    expect(jan).toEqual({
      month: '2026-01',
      assets: 6905,
      liabilities: 250,
      netWorth: 6655,
      byKind: { checking: 3005, savings: 2700, credit_card: -250, investment: 1200, loan: 0, mortgage: 0, cash: 0, other: 0 },
      missingValues: [],
    })
    // February's holdings are unknown: what depends on them is missing, not guessed
    expect(feb).toEqual({
      month: '2026-02',
      assets: null,
      liabilities: -50,
      netWorth: null,
      byKind: { checking: 4469.5, savings: 2700, credit_card: 50, investment: null, loan: 0, mortgage: 0, cash: 0, other: 0 },
      missingValues: [acct.brokerage],
    })
    // joint 6149.50 + €29.95 × 1.20 = 35.94; savings 2700; the brokerage's balance now, 1500
    expect(mar).toEqual({
      month: '2026-03',
      assets: 10385.44,
      liabilities: 25.25,
      netWorth: 10360.19,
      byKind: { checking: 6185.44, savings: 2700, credit_card: -25.25, investment: 1500, loan: 0, mortgage: 0, cash: 0, other: 0 },
      missingValues: [],
    })
  })

  it('counts every account a member sees, balance-only ones included, and never another’s private one', async () => {
    const march = async (client: Client, filter = '') =>
      (await read<NetWorth>(client, `/api/reports/net-worth?from=2026-03&to=2026-03${filter}`))[0]?.netWorth
    expect(await march(adult)).toBe(11137.96)
    // the joint account and the balance-only savings
    expect(await march(teen)).toBe(8849.5)
    expect(await march(viewer)).toBe(10360.19)
    expect(await march(owner, `&accountIds=${acct.balanceOnly}`)).toBe(2700)
    expect(await march(owner, `&memberIds=${adult.user.id}`)).toBe(2700)
    expect(await march(adult, `&memberIds=${adult.user.id}`)).toBe(3477.77)
    // category filters do not apply to balances
    expect(await march(owner, `&categoryIds=${cat.dining}`)).toBe(10360.19)
  })

  it('shows another member’s balance-only account at today’s balance in every month: its history is its owner’s', async () => {
    const series = async (client: Client, filter: string) =>
      (await read<NetWorth>(client, `/api/reports/net-worth?from=2025-12&to=2026-04${filter}`)).map((m) => m.byKind.savings)
    // the owner's view: 3000 opened in January, 300 out in March
    expect(await series(adult, `&accountIds=${acct.balanceOnly}`)).toEqual([0, 3000, 3000, 2700, 2700])
    for (const client of [owner, teen, viewer]) {
      for (const filter of [`&accountIds=${acct.balanceOnly}`, `&memberIds=${adult.user.id}`, '']) {
        expect(await series(client, filter), `${client.user.firstName} ${filter}`).toEqual([2700, 2700, 2700, 2700, 2700])
      }
    }
    // so from month to month, the others' net worth moves only by what they see move
    const [dec, jan] = await read<NetWorth>(teen, '/api/reports/net-worth?from=2025-12&to=2026-01')
    expect(cents(jan?.netWorth ?? 0) - cents(dec?.netWorth ?? 0)).toBe(cents(1000 + 2000 - 100))
  })

  it('agrees with the dashboard’s net worth for a household in one currency', async () => {
    const dashboard = await read<{ netWorth: number; previousNetWorth: number }>(teen, '/api/analytics/net-worth')
    const report = await read<NetWorth>(teen, '/api/reports/net-worth?from=2026-02&to=2026-03')
    expect(report.map((m) => m.netWorth)).toEqual([dashboard.previousNetWorth, dashboard.netWorth])
  })
})

describe('sankey', () => {
  it('runs from income categories through the total to groups and categories, the rest saved', async () => {
    const body = await read<Sankey>(owner, '/api/reports/sankey')
    const named = body.links.map((l) => [body.nodes[l.source]?.name, body.nodes[l.target]?.name, l.value])
    expect(named).toEqual([
      ['Salary', 'Income', 6000],
      ['Income', 'Groceries', 505.75],
      ['Income', 'Dining Out', 314.06],
      ['Income', 'Utilities', 140],
      ['Utilities', 'Electricity & Gas', 140],
      ['Income', 'Saved', 5040.19],
    ])
    expect(body.nodes.map((n) => n.kind)).toEqual(['total', 'income', 'category', 'category', 'group', 'category', 'saved'])
    expect({ income: body.income, expenses: body.expenses }).toEqual({ income: 6000, expenses: 959.81 })
  })

  it('shows a shortfall when spending is more than income', async () => {
    const body = await read<Sankey>(owner, `/api/reports/sankey?from=2026-01&to=2026-01&accountIds=${acct.card}`)
    const named = body.links.map((l) => [body.nodes[l.source]?.name, body.nodes[l.target]?.name, l.value])
    expect(named).toEqual([
      ['Shortfall', 'Income', 250],
      ['Income', 'Dining Out', 250],
    ])
    expect(await read<Sankey>(owner, '/api/reports/sankey?from=2025-01&to=2025-02')).toEqual({ nodes: [], links: [], income: 0, expenses: 0 })
  })
})

describe('top merchants', () => {
  it('adds up spending per payee, splits and other currencies included, largest first', async () => {
    expect(await read<Merchants>(owner, '/api/reports/top-merchants')).toEqual([
      { merchant: 'Shop', total: 325.75, count: 3 },
      { merchant: 'Bistro', total: 250, count: 1 },
      { merchant: 'Market', total: 200, count: 1 },
      // 40 + €20.05 × 1.20
      { merchant: 'Cafe', total: 64.06, count: 2 },
      { merchant: 'Boulangerie', total: 60, count: 1 },
      { merchant: 'Power Co', total: 60, count: 1 },
    ])
    expect(await read<Merchants>(owner, `/api/reports/top-merchants?limit=2&categoryIds=${cat.groceries}`)).toEqual([
      { merchant: 'Shop', total: 325.75, count: 3 },
      { merchant: 'Market', total: 120, count: 1 },
    ])
    expect(await read<Merchants>(owner, `/api/reports/top-merchants?categoryIds=${cat.utilities}`)).toEqual([
      { merchant: 'Market', total: 80, count: 1 },
      { merchant: 'Power Co', total: 60, count: 1 },
    ])
    expect(await read<Merchants>(teen, '/api/reports/top-merchants')).toEqual([
      { merchant: 'Shop', total: 250.5, count: 2 },
      { merchant: 'Market', total: 200, count: 1 },
      { merchant: 'Power Co', total: 60, count: 1 },
      { merchant: 'Cafe', total: 40, count: 1 },
    ])
    const adults = await read<Merchants>(adult, '/api/reports/top-merchants')
    expect(adults[0]).toEqual({ merchant: 'Secret', total: 777.77, count: 1 })
    expect(adults.find((m) => m.merchant === 'Hidden')).toEqual({ merchant: 'Hidden', total: 300, count: 1 })
  })

  it('agrees with the transactions of each payee', async () => {
    const report = await read<Merchants>(owner, `/api/reports/top-merchants?from=2026-01&to=2026-03&accountIds=${acct.joint},${acct.card}`)
    for (const { merchant, total } of report) {
      let fromList = 0
      for (const accountId of [acct.joint, acct.card]) {
        const rows = (await drillDown(owner, `from=2026-01-01&to=2026-03-31&accountId=${accountId}&kind=standard&search=${encodeURIComponent(merchant)}`))
        fromList += spendingIn(rows)
      }
      expect(cents(total), merchant).toBe(fromList)
    }
  })
})

describe('privacy', () => {
  it('never shows the private 777.77 to anyone but its owner, in any report', async () => {
    const urls = ['cash-flow', 'net-worth', 'spending-by-category', 'sankey', 'top-merchants'].map((r) => `/api/reports/${r}?from=2026-01&to=2026-03`)
    for (const client of [owner, teen, viewer]) {
      for (const url of urls) {
        const body = (await client.get(url)).body
        expect(body, `${client.user.firstName} ${url}`).not.toContain('777.77')
        expect(body).not.toContain('Secret')
        expect(body).not.toContain(acct.stash)
      }
    }
  })

  it('answers 404 for an account the member does not see at all, as the transactions list does', async () => {
    for (const report of ['cash-flow', 'net-worth', 'spending-by-category', 'sankey', 'top-merchants']) {
      for (const [client, accountId] of [[owner, acct.stash], [teen, acct.card], [viewer, acct.stash], [teen, '00000000-0000-4000-8000-000000000000']] as const) {
        const res = await client.get(`/api/reports/${report}?accountIds=${accountId}`)
        expect(res.statusCode, `${report} ${client.user.firstName}`).toBe(404)
        expect(res.json()).toEqual({ message: 'Account not found', code: 'NOT_FOUND' })
      }
    }
    expect((await teen.get(`/api/transactions?accountId=${acct.card}`)).statusCode).toBe(404)
  })
})

describe('currencies', () => {
  it('shows a figure that needs a missing rate as missing, never at 1, and names the currency', async () => {
    const gbp = await newAccount(owner, { name: 'Pounds', currency: 'GBP', openingBalance: 10, openingDate: '2026-03-01' })
    await spend(owner, gbp, '2026-03-03', -5, 'Tea', cat.dining)
    try {
      const res = await owner.get('/api/reports/cash-flow?from=2026-02&to=2026-03')
      expect(res.headers['x-missing-rates']).toBe('GBP')
      expect(res.json()).toEqual([
        { month: '2026-02', income: 2000, expenses: 250.5, net: 1749.5 },
        { month: '2026-03', income: 2000, expenses: null, net: null },
      ])
      const worth = await owner.get('/api/reports/net-worth?from=2026-02&to=2026-03')
      expect(worth.headers['x-missing-rates']).toBe('GBP')
      const [feb, mar] = worth.json() as NetWorth
      // before the account was opened its balance is 0, which needs no rate
      expect(feb?.byKind.checking).toBe(4469.5)
      expect(mar).toMatchObject({ assets: null, netWorth: null, liabilities: 25.25, byKind: { checking: null, savings: 2700 } })
      const dining = (await read<Spending>(owner, '/api/reports/spending-by-category?from=2026-03&to=2026-03')).find((r) => r.categoryName === 'Dining Out')
      expect(dining).toMatchObject({ total: null, average: null, trend: null })
      // the Sankey and payees leave the amount out, and still say which rate is missing
      const sankey = await owner.get('/api/reports/sankey?from=2026-03&to=2026-03')
      expect(sankey.headers['x-missing-rates']).toBe('GBP')
      expect((sankey.json() as Sankey).expenses).toBe(359.31)
      const merchants = await owner.get('/api/reports/top-merchants?from=2026-03&to=2026-03')
      expect(merchants.headers['x-missing-rates']).toBe('GBP')
      expect((merchants.json() as Merchants).map((m) => m.merchant)).not.toContain('Tea')
      // once the rate is there, the figure is converted
      await t.database.db.insert(exchangeRates).values({ householdId: household, currency: 'GBP', quote: 'USD', date: '2026-03-01', rate: 1.3 })
      const now = await owner.get('/api/reports/cash-flow?from=2026-03&to=2026-03')
      expect(now.headers['x-missing-rates']).toBeUndefined()
      expect(now.json()).toEqual([{ month: '2026-03', income: 2000, expenses: 365.81, net: 1634.19 }])
    } finally {
      expect((await owner.delete(`/api/accounts/${gbp}`)).statusCode).toBe(200)
      await t.database.db.delete(exchangeRates).where(eq(exchangeRates.currency, 'GBP'))
    }
  })
})

describe('bad input', () => {
  it('answers 400 naming the field, for every report', async () => {
    const cases: [string, string][] = [
      ['from=2026-13', 'querystring.from'],
      ['to=March', 'querystring.to'],
      ['from=2026-02-30', 'querystring.from'],
      ['from=2026-03&to=2026-01', 'querystring.from'],
      ['to=2026-01', ''],
      ['from=2010-01&to=2026-03', 'querystring.from'],
      ['accountIds=nope', 'querystring.accountIds'],
      ['categoryIds=groceries', 'querystring.categoryIds'],
      ['memberIds=1,2', 'querystring.memberIds'],
      ['month=2026-01', 'querystring.month'],
    ]
    for (const report of ['cash-flow', 'net-worth', 'spending-by-category', 'sankey', 'top-merchants']) {
      for (const [query, field] of cases) {
        const res = await owner.get(`/api/reports/${report}?${query}`)
        if (field === '') {
          // a `to` alone: the 12 months ending with it
          expect(res.statusCode, `${report}?${query}`).toBe(200)
          continue
        }
        expect(res.statusCode, `${report}?${query}: ${res.body}`).toBe(400)
        expect(res.json().message, `${report}?${query}`).toContain(field)
      }
    }
    // top merchants reads transactions: 24 months at most, where the rollup reports take 120
    const long = await owner.get('/api/reports/top-merchants?from=2024-01&to=2026-03')
    expect(long.statusCode).toBe(400)
    expect(long.json().message).toBe('Invalid querystring.from: Top merchants covers at most 24 months (2 years)')
    expect((await owner.get('/api/reports/top-merchants?from=2024-04&to=2026-03')).statusCode).toBe(200)
    expect((await owner.get('/api/reports/cash-flow?from=2016-04&to=2026-03')).statusCode).toBe(200)
    for (const limit of ['0', '101', 'ten']) {
      const res = await owner.get(`/api/reports/top-merchants?limit=${limit}`)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toContain('querystring.limit')
    }
  })

  it('starts a range whose `to` is early in 1900 at January 1900, and refuses years the API does not take', async () => {
    for (const report of ['cash-flow', 'net-worth']) {
      const res = await owner.get(`/api/reports/${report}?to=1900-03-15`)
      expect(res.statusCode, res.body).toBe(200)
      expect((res.json() as { month: string }[]).map((m) => m.month)).toEqual(['1900-01', '1900-02', '1900-03'])
      for (const [query, field] of [['to=1899-12', 'querystring.to'], ['from=0001-01-01', 'querystring.from'], ['to=9999-12-31', 'querystring.to']]) {
        const refused = await owner.get(`/api/reports/${report}?${query}`)
        expect(refused.statusCode, `${report}?${query}`).toBe(400)
        expect(refused.json().message, `${report}?${query}`).toContain(field)
      }
    }
  })
})
