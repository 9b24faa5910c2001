// Saved debt plans, tied to real life, through the app: the payments made into a
// linked card compared with the plan, the extra payment against today's daily allowance, the
// plan's payments made bills, and who may see, save and change what.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { debtPlans } from '#src/server/db/schema'
import { addMember, createTestApp, signUp, type Client, type TestContext } from '#src/server/test/helper'

let t: TestContext
let owner: Client
let card: { id: string }
let checking: { id: string }

// $1,000 at 12 % from February 2026 with a $100 minimum and $200 extra: February's interest is
// $10.00 and $300.00 is paid (balance $710.00); March's interest $7.10, $300.00 paid ($417.10).
const plan = (accountId?: string) => ({
  name: 'Clear the Visa',
  plan: {
    debts: [
      {
        name: 'Visa',
        balance: 1000,
        apr: 12,
        minimumPayment: 100,
        ...(accountId ? { accountId } : {}),
      },
    ],
    strategy: 'avalanche',
    extraMonthly: 200,
    startMonth: '2026-02',
  },
})

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T12:00:00Z' })
  owner = await signUp(t.app)
  card = (
    await owner.post('/api/accounts', { name: 'Visa', type: 'credit_card', openingBalance: -1000 })
  ).json()
  checking = (
    await owner.post('/api/accounts', { name: 'Checking', type: 'checking', openingBalance: 0 })
  ).json()
  // this month: 3,100.00 in, 100.00 out → 3,000.00 available, 17 days left (15–31 March)
  await owner.post('/api/transactions', {
    accountId: checking.id,
    date: '2026-03-01',
    amount: 3100,
    merchant: 'Salary',
  })
  await owner.post('/api/transactions', {
    accountId: checking.id,
    date: '2026-03-02',
    amount: -100,
    merchant: 'Grocer',
  })
  await owner.post('/api/transactions', {
    accountId: card.id,
    date: '2026-02-20',
    amount: 250,
    merchant: 'Payment',
  })
})
afterAll(async () => {
  await t.close()
})

describe('a saved debt plan', () => {
  let id: string

  it('compares the payments made with the plan and says what the extra does to the allowance', async () => {
    const res = await owner.post('/api/debt-planning/plans', plan(card.id))
    expect(res.statusCode, res.body).toBe(201)
    const saved = res.json()
    id = saved.id
    expect(saved).toMatchObject({
      name: 'Clear the Visa',
      startMonth: '2026-02',
      debtFreeMonth: '2026-05',
    })
    expect(saved.input.debts[0]).toMatchObject({ name: 'Visa', accountId: card.id, balance: 1000 })
    // February is over: 300.00 planned, 250.00 paid
    expect(saved.progress).toEqual({
      status: 'behind',
      accountIds: [card.id],
      plannedDue: 300,
      plannedToDate: 600,
      paidToDate: 250,
      behindBy: 50,
      months: [
        { month: '2026-02', planned: 300, paid: 250 },
        { month: '2026-03', planned: 300, paid: 0 },
      ],
      text: 'Behind by $50.00: $250.00 paid against $300.00 planned for the months already over.',
    })
    // 3,000.00 over 17 days = 176.47 a day; less the 200.00 extra: 2,800.00 / 17 = 164.70
    expect(saved.allowance).toEqual({
      extraMonthly: 200,
      now: 176.47,
      withExtra: 164.7,
      difference: 11.77,
      text: 'Setting aside the $200.00 extra this month leaves $164.70 a day to spend instead of $176.47 ($11.77 less a day).',
    })
  })

  it('is on track once the missing payment is made, and counts only money into the card', async () => {
    await owner.post('/api/transactions', {
      accountId: card.id,
      date: '2026-03-05',
      amount: 100,
      merchant: 'Payment',
    })
    await owner.post('/api/transactions', {
      accountId: card.id,
      date: '2026-03-06',
      amount: -40,
      merchant: 'Cafe',
    })
    const [saved] = (await owner.get('/api/debt-planning/plans')).json()
    expect(saved.progress).toMatchObject({ status: 'on_track', paidToDate: 350, behindBy: 0 })
    expect(saved.progress.text).toBe(
      'On track: $350.00 paid; $600.00 is planned up to the end of March 2026.',
    )
  })

  it("makes this month's planned payment a monthly bill, due on the day chosen", async () => {
    const res = await owner.post(`/api/debt-planning/plans/${id}/bills`, { dueDay: 20 })
    expect(res.statusCode, res.body).toBe(201)
    // the plan pays the Visa off in May 2026: the bill's last due date is May 20
    expect(res.json().bills).toEqual([
      {
        id: expect.any(String),
        name: 'Visa payment',
        amount: 300,
        nextDueDate: '2026-03-20',
        endDate: '2026-05-20',
      },
    ])
    const bills = (await owner.get('/api/bills')).json()
    expect(bills).toEqual([
      expect.objectContaining({
        name: 'Visa payment',
        amount: 300,
        recurrence: 'monthly',
        nextDueDate: '2026-03-20',
        endDate: '2026-05-20',
        isActive: true,
        // not paid from the card (paying it would be spending on the card): the notes name it
        accountId: null,
      }),
    ])
    expect(bills[0].notes).toContain('The plan pays it off in May 2026: the bill ends with that payment.')
    expect(bills[0].notes).toContain('It pays into the Visa account.')
    // paid each month until May 20, then it is done: no reminder after the debt is gone
    const bill = bills[0].id
    for (const [paid, next, active] of [
      ['2026-03-20', '2026-04-20', true],
      ['2026-04-20', '2026-05-20', true],
      ['2026-05-20', '2026-05-20', false],
    ] as const) {
      const res = await owner.post(`/api/bills/${bill}/pay`, { accountId: checking.id, date: paid })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().bill).toMatchObject({ nextDueDate: next, isActive: active })
    }
    await owner.delete(`/api/bills/${bill}`)
    // a day already past this month: next month, and the last one is May 10
    const later = await owner.post(`/api/debt-planning/plans/${id}/bills`, { dueDay: 10 })
    expect(later.json().bills[0]).toMatchObject({ nextDueDate: '2026-04-10', endDate: '2026-05-10' })
  })

  it('gives a bill no end for a debt the plan never pays off, and none for one paid off before its first due date', async () => {
    const res = await owner.post('/api/debt-planning/plans', {
      name: 'Two debts',
      plan: {
        debts: [
          // $100 at 0 % with $100 a month: paid off in March, the plan's first month
          { name: 'Store card', balance: 100, apr: 0, minimumPayment: 100 },
          // $5,000 at 24 % with $50 a month: the interest is $100, so never
          { name: 'Old card', balance: 5000, apr: 24, minimumPayment: 50 },
        ],
        strategy: 'minimum',
      },
    })
    expect(res.statusCode, res.body).toBe(201)
    const made = await owner.post(`/api/debt-planning/plans/${res.json().id}/bills`, { dueDay: 20 })
    expect(made.statusCode, made.body).toBe(201)
    expect(made.json().bills).toEqual([
      { id: expect.any(String), name: 'Store card payment', amount: 100, nextDueDate: '2026-03-20', endDate: '2026-03-20' },
      { id: expect.any(String), name: 'Old card payment', amount: 50, nextDueDate: '2026-03-20', endDate: null },
    ])
    // due on the 10th, already past: the store card is paid off before April 10 and gets no bill
    const later = await owner.post(`/api/debt-planning/plans/${res.json().id}/bills`, { dueDay: 10 })
    expect(later.json().bills.map((b: { name: string }) => b.name)).toEqual(['Old card payment'])
    for (const b of [...made.json().bills, ...later.json().bills]) await owner.delete(`/api/bills/${b.id}`)
    await owner.delete(`/api/debt-planning/plans/${res.json().id}`)
  })

  it('keeps a promotion as the month it ends, which stays put as time passes', async () => {
    // a household of its own: its sessions lapse when the clock jumps months ahead below
    const o = await signUp(t.app)
    const promo = (debt: Record<string, unknown>, startMonth?: string) => ({
      name: 'Promo',
      plan: {
        debts: [{ name: 'Card', balance: 1200, apr: 12, minimumPayment: 100, ...debt }],
        strategy: 'avalanche',
        ...(startMonth ? { startMonth } : {}),
      },
    })
    // the older form: 3 months of a plan from February are February to April
    const months = await o.post('/api/debt-planning/plans', promo({ promoApr: 0, promoMonths: 3 }, '2026-02'))
    expect(months.statusCode, months.body).toBe(201)
    expect(months.json().input.debts[0]).toEqual({ name: 'Card', balance: 1200, apr: 12, minimumPayment: 100, promoApr: 0, promoEnds: '2026-04' })
    // from this month (March 2026), 0 % to the end of June
    const ends = await o.post('/api/debt-planning/plans', promo({ promoApr: 0, promoEnds: '2026-06' }))
    expect(ends.statusCode, ends.body).toBe(201)
    const saved = ends.json()
    expect(saved.startMonth).toBe('2026-03')
    expect(saved.input.debts[0].promoEnds).toBe('2026-06')
    // half a promotion is refused at the field, as the simulation refuses it
    const half = await o.post('/api/debt-planning/plans', promo({ promoApr: 0 }))
    expect(half.statusCode).toBe(400)
    expect(half.json().issues[0].path).toBe('body.plan.debts.0.promoEnds')
    // months later the plan is the same: same end month, same debt-free month
    t.clock.set('2026-08-15T12:00:00Z')
    try {
      const member = await addMember(t, o, 'adult')
      const later = (await member.get('/api/debt-planning/plans')).json().find((p: { id: string }) => p.id === saved.id)
      expect(later.input.debts[0].promoEnds).toBe('2026-06')
      expect(later.startMonth).toBe('2026-03')
      expect(later.debtFreeMonth).toBe(saved.debtFreeMonth)
    } finally {
      t.clock.set('2026-03-15T12:00:00Z')
    }
  })

  it('reads plans saved before promotions had an end month: months become the month, half a promotion stays ignored', async () => {
    const household = (await owner.get('/api/debt-planning/plans')).json()[0]
    expect(household, 'a plan of the owner to copy the household from').toBeDefined()
    const [row] = await t.database.db
      .select({ householdId: debtPlans.householdId, createdBy: debtPlans.createdBy })
      .from(debtPlans)
      .where(eq(debtPlans.id, household.id))
    if (!row) throw new Error('no plan row')
    const stored = (debts: Record<string, unknown>[]) => ({
      ...row,
      name: 'Stored',
      startMonth: '2026-01-01',
      input: { debts, strategy: 'avalanche', startMonth: '2026-01' },
    })
    const [old] = await t.database.db
      .insert(debtPlans)
      .values([
        stored([
          { name: 'Months', balance: 1200, apr: 12, minimumPayment: 100, promoApr: 0, promoMonths: 2 },
          { name: 'Half', balance: 500, apr: 10, minimumPayment: 50, promoApr: 0 },
        ]),
      ])
      .returning({ id: debtPlans.id })
    const res = await owner.get('/api/debt-planning/plans')
    expect(res.statusCode, res.body).toBe(200)
    const plan = res.json().find((p: { id: string }) => p.id === old?.id)
    expect(plan.input.debts).toEqual([
      { name: 'Months', balance: 1200, apr: 12, minimumPayment: 100, promoApr: 0, promoEnds: '2026-02' },
      { name: 'Half', balance: 500, apr: 10, minimumPayment: 50 },
    ])
    await owner.delete(`/api/debt-planning/plans/${old?.id ?? ''}`)
  })

  it('names the field of bad input and saves nothing', async () => {
    const before = (await owner.get('/api/debt-planning/plans')).json().length
    const day = await owner.post(`/api/debt-planning/plans/${id}/bills`, { dueDay: 31 })
    expect(day.statusCode).toBe(400)
    expect(day.json().issues[0].path).toBe('body.dueDay')
    const account = await owner.post('/api/debt-planning/plans', plan(checking.id))
    expect(account.statusCode).toBe(400)
    expect(account.json().issues[0].path).toBe('body.plan.debts.0.accountId')
    const apr = await owner.post('/api/debt-planning/plans', {
      ...plan(),
      plan: { ...plan().plan, debts: [{ name: 'A', balance: 1, apr: 1.234, minimumPayment: 1 }] },
    })
    expect(apr.statusCode).toBe(400)
    expect(JSON.stringify(apr.json().issues)).toContain('plan.debts.0.apr')
    expect((await owner.get('/api/debt-planning/plans')).json()).toHaveLength(before)
  })

  it('compares only accounts the member sees; viewers read, adults change, other households get 404', async () => {
    const adult = await addMember(t, owner, 'adult')
    const viewer = await addMember(t, owner, 'viewer')
    const loan = (
      await adult.post('/api/accounts', {
        name: 'Own loan',
        type: 'loan',
        visibility: 'private',
        openingBalance: -500,
      })
    ).json()
    const mine = await adult.post('/api/debt-planning/plans', {
      name: 'Loan',
      plan: {
        debts: [{ name: 'Own loan', balance: 500, apr: 5, minimumPayment: 50, accountId: loan.id }],
        strategy: 'minimum',
      },
    })
    expect(mine.statusCode, mine.body).toBe(201)
    expect(mine.json().progress.accountIds).toEqual([loan.id])
    // the owner sees the plan but not the adult's private loan: nothing of it is compared
    const seen = (await owner.get('/api/debt-planning/plans'))
      .json()
      .find((p: { id: string }) => p.id === mine.json().id)
    expect(seen.progress).toMatchObject({ accountIds: [], paidToDate: 0 })
    expect(seen.progress.text).toContain('no payments to compare')
    // nor may the owner link it
    const linked = await owner.post('/api/debt-planning/plans', plan(loan.id))
    expect(linked.statusCode).toBe(400)

    expect((await viewer.get('/api/debt-planning/plans')).statusCode).toBe(200)
    expect((await viewer.post('/api/debt-planning/plans', plan())).statusCode).toBe(403)
    expect((await viewer.delete(`/api/debt-planning/plans/${id}`)).statusCode).toBe(403)

    const stranger = await signUp(t.app)
    expect((await stranger.get('/api/debt-planning/plans')).json()).toEqual([])
    expect(
      (await stranger.post(`/api/debt-planning/plans/${id}/bills`, { dueDay: 1 })).statusCode,
    ).toBe(404)
    expect((await stranger.delete(`/api/debt-planning/plans/${id}`)).statusCode).toBe(404)

    expect((await adult.delete(`/api/debt-planning/plans/${id}`)).statusCode).toBe(204)
    expect(
      (await owner.get('/api/debt-planning/plans')).json().map((p: { id: string }) => p.id),
    ).not.toContain(id)
    // the bills made from it stay
    expect((await owner.get('/api/bills')).json().length).toBeGreaterThan(0)
  })
})
