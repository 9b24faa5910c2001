// The planning endpoints through the app: the debt plan of a hand-worked case, the
// retirement projection against the closed form and reproducible by seed, bad input named, and
// the defaults read only what the member may see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMember, createTestApp, signUp, type Client, type TestContext } from '#src/server/test/helper'

let t: TestContext
let owner: Client
beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T12:00:00Z' })
  owner = await signUp(t.app)
})
afterAll(async () => {
  await t.close()
})

describe('POST /api/debt-planning/simulate', () => {
  it('gives the hand-worked plan, dated from this month', async () => {
    // $1,000 at 12 % with $100 a month: 11 months, $58.98 of interest (domain/planning/debt.test)
    const res = await owner.post('/api/debt-planning/simulate', {
      debts: [{ name: 'Loan', balance: 1000, apr: 12, minimumPayment: 100 }],
      strategy: 'avalanche',
      extraMonthly: 0,
    })
    expect(res.statusCode, res.body).toBe(200)
    const plan = res.json()
    expect(plan).toMatchObject({
      months: 11,
      finished: true,
      debtFreeMonth: '2027-01',
      totalInterest: 58.98,
      totalPaid: 1058.98,
      payoffOrder: [{ name: 'Loan', month: 11, payoffMonth: '2027-01' }],
      interestSaved: 0,
      monthsSaved: 0,
      warnings: [],
    })
    expect(plan.schedule[0]).toEqual({
      month: 1,
      date: '2026-03',
      debts: [{ name: 'Loan', interest: 10, payment: 100, principal: 90, balance: 910 }],
      interest: 10,
      payment: 100,
      balance: 910,
    })
    expect(plan.strategies.map((s: { strategy: string }) => s.strategy)).toEqual(['snowball', 'avalanche', 'minimum'])
    expect(plan.explanation).toBe('Debt-free in 11 months (January 2027), paying $58.98 in interest.')
  })

  it('compares an extra payment with the minimums and warns of a minimum below the interest', async () => {
    const res = await owner.post('/api/debt-planning/simulate', {
      debts: [
        { name: 'Card', balance: 5000, apr: 24, minimumPayment: 50 },
        { name: 'Car', balance: 3000, apr: 6, minimumPayment: 150 },
      ],
      strategy: 'avalanche',
      extraMonthly: 200,
      oneTime: [{ month: 3, amount: 1000 }],
    })
    expect(res.statusCode, res.body).toBe(200)
    const plan = res.json()
    expect(plan.finished).toBe(true)
    expect(plan.warnings[0]).toMatchObject({ code: 'minimum_below_interest', name: 'Card' })
    // minimums alone never pay the card off, so nothing is "saved" against them
    expect(plan.interestSaved).toBeNull()
    expect(plan.totalPaid).toBeCloseTo(8000 + plan.totalInterest, 2)
    expect(plan.explanation).toMatch(/^Debt-free in \d+ months/)
  })

  it('takes a promotion with the month it ends, counted from this month (or the plan’s start)', async () => {
    // $1,200 at 12 % with $100 a month, 0 % to the end of April: March and April free, May $10.00
    const card = (promo: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      owner.post('/api/debt-planning/simulate', {
        debts: [{ name: 'Card', balance: 1200, apr: 12, minimumPayment: 100, ...promo }],
        strategy: 'avalanche',
        ...extra,
      })
    const ends = await card({ promoApr: 0, promoEnds: '2026-04' })
    expect(ends.statusCode, ends.body).toBe(200)
    const plan = ends.json()
    expect(plan.schedule.slice(0, 3).map((m: { date: string; interest: number }) => [m.date, m.interest])).toEqual([
      ['2026-03', 0],
      ['2026-04', 0],
      ['2026-05', 10],
    ])
    // the older form, months from the plan's first, gives the same plan
    expect((await card({ promoApr: 0, promoMonths: 2 })).json().schedule).toEqual(plan.schedule)
    // a plan from January: the same end month is its month 4; May's interest is on $800.00: $8.00
    const fromJanuary = (await card({ promoApr: 0, promoEnds: '2026-04' }, { startMonth: '2026-01' })).json()
    expect(fromJanuary.schedule.slice(3, 5).map((m: { date: string; interest: number }) => [m.date, m.interest])).toEqual([
      ['2026-04', 0],
      ['2026-05', 8],
    ])
  })

  it('refuses half a promotion or one that ends before the plan, naming the field', async () => {
    const refused = async (promo: Record<string, unknown>) => {
      const res = await owner.post('/api/debt-planning/simulate', {
        debts: [
          { name: 'Loan', balance: 500, apr: 5, minimumPayment: 50 },
          { name: 'Card', balance: 1200, apr: 12, minimumPayment: 100, ...promo },
        ],
        strategy: 'avalanche',
      })
      expect(res.statusCode, res.body).toBe(400)
      return res.json().issues.map((i: { path: string }) => i.path)
    }
    expect(await refused({ promoApr: 0 })).toEqual(['body.debts.1.promoEnds'])
    expect(await refused({ promoEnds: '2026-09' })).toEqual(['body.debts.1.promoApr'])
    expect(await refused({ promoMonths: 6 })).toEqual(['body.debts.1.promoApr'])
    // this month is March 2026 by the server's clock
    expect(await refused({ promoApr: 0, promoEnds: '2026-02' })).toEqual(['body.debts.1.promoEnds'])
    expect(await refused({ promoApr: 0, promoEnds: '2026-09', promoMonths: 2 })).toEqual(['body.debts.1.promoMonths'])
    expect(new Set(await refused({ promoApr: 0, promoEnds: 'September' }))).toEqual(new Set(['body.debts.1.promoEnds']))
  })

  it('names the field of bad input and stores nothing', async () => {
    const dup = await owner.post('/api/debt-planning/simulate', {
      debts: [
        { name: 'A', balance: 1, apr: 1, minimumPayment: 1 },
        { name: 'A', balance: 2, apr: 1, minimumPayment: 1 },
      ],
      strategy: 'snowball',
    })
    expect(dup.statusCode).toBe(400)
    expect(dup.json().issues[0].path).toBe('body.debts.1.name')
    const apr = await owner.post('/api/debt-planning/simulate', {
      debts: [{ name: 'A', balance: 1, apr: 19.999, minimumPayment: 1 }],
      strategy: 'snowball',
    })
    expect(apr.statusCode).toBe(400)
    expect(JSON.stringify(apr.json().issues)).toContain('debts.0.apr')
  })
})

describe('POST /api/retirement/simulate', () => {
  const body = {
    currentAge: 30,
    retirementAge: 40,
    planUntilAge: 95,
    savings: 10000,
    monthlyContribution: 500,
    annualReturn: 0.05,
    volatility: 0.12,
    inflation: 0,
    annualSpending: 40000,
    withdrawalRate: 0.04,
    seed: 7,
  }

  it('projects to the closed form and is reproducible by seed', async () => {
    const a = await owner.post('/api/retirement/simulate', body)
    expect(a.statusCode, a.body).toBe(200)
    const r = a.json()
    expect(r.fireNumber).toBe(1_000_000)
    expect(r.projectedAtRetirement).toBe(93470.53)
    expect(r.paths).toBe(10_000)
    expect(r.percentiles).toHaveLength(66) // ages 30 to 95
    const b = (await owner.post('/api/retirement/simulate', body)).json()
    expect(b.successRate).toBe(r.successRate)
    expect(b.percentiles).toEqual(r.percentiles)
    expect(r.explanation).toContain('Your FIRE number is $1,000,000.00')
    // the 65 years from 30 to 95 fit in the record from 1871 for start years up to the last − 64
    expect(r.backtest.firstYear).toBe(1871)
    expect(r.backtest.starts[0]).toMatchObject({ startYear: 1871 })
    expect(r.backtest.starts.at(-1).startYear).toBe(r.backtest.lastYear - 64)
  })

  it('names the field of bad input', async () => {
    const res = await owner.post('/api/retirement/simulate', { ...body, retirementAge: 20 })
    expect(res.statusCode).toBe(400)
    expect(res.json().issues[0].path).toBe('body.retirementAge')
  })
})

describe('defaults from the household', () => {
  it('reads the debts and investment accounts the member sees, and last 12 months of spending', async () => {
    const o = await signUp(t.app)
    const card = (await o.post('/api/accounts', { name: 'Visa', type: 'credit_card', openingBalance: -1200 })).json()
    const checking = (await o.post('/api/accounts', { name: 'Checking', type: 'checking', openingBalance: 5000 })).json()
    await o.post('/api/accounts', { name: 'Brokerage', type: 'investment', openingBalance: 20000 })
    await o.post('/api/transactions', { accountId: checking.id, date: '2026-01-10', amount: -300, merchant: 'Shop' })
    await o.post('/api/transactions', { accountId: checking.id, date: '2026-03-02', amount: -999, merchant: 'This month' })
    const teen = await addMember(t, o, 'teen')
    const adult = await addMember(t, o, 'adult')
    await adult.post('/api/accounts', { name: 'Private loan', type: 'loan', visibility: 'private', openingBalance: -7777.77 })

    const debts = (await o.get('/api/debt-planning/debts')).json()
    expect(debts).toEqual([{ accountId: card.id, name: 'Visa', type: 'credit_card', balance: 1200 }])
    const defaults = (await o.get('/api/retirement/defaults')).json()
    expect(defaults).toEqual({ savings: 20000, annualSpending: 300, spendingFrom: '2025-03', spendingTo: '2026-02', investmentAccounts: 1 })
    // the adult sees their private loan; the teen sees nothing shared with teens
    expect((await adult.get('/api/debt-planning/debts')).json().map((d: { name: string }) => d.name)).toEqual(['Private loan', 'Visa'])
    expect((await teen.get('/api/debt-planning/debts')).json()).toEqual([])
    expect((await teen.get('/api/retirement/defaults')).json()).toMatchObject({ savings: 0, annualSpending: 0 })
  })
})
