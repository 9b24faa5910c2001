// Saved debt plans through the app (issue 17, "tie it to real life"): the payments made into a
// linked card compared with the plan, the extra payment against today's daily allowance, the
// plan's payments made bills, and who may see, save and change what.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMember, createTestApp, signUp, type Client, type TestContext } from '../../test/helper'

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
    expect(res.json().bills).toEqual([
      { id: expect.any(String), name: 'Visa payment', amount: 300, nextDueDate: '2026-03-20' },
    ])
    const bills = (await owner.get('/api/bills')).json()
    expect(bills).toEqual([
      expect.objectContaining({
        name: 'Visa payment',
        amount: 300,
        recurrence: 'monthly',
        nextDueDate: '2026-03-20',
      }),
    ])
    // a day already past this month: next month
    const later = await owner.post(`/api/debt-planning/plans/${id}/bills`, { dueDay: 10 })
    expect(later.json().bills[0].nextDueDate).toBe('2026-04-10')
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
