// Savings challenges through the app: progress read from real transactions and goal
// contributions, each participant's own, within what the asking member may see; completion
// celebrated once; round-ups swept into a goal; bad input named.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMember, categoryId, createTestApp, signUp, type Client, type TestContext } from '#src/server/test/helper'

let t: TestContext
beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T12:00:00Z' })
})
afterAll(async () => {
  await t.close()
})

async function created(client: Client, body: Record<string, unknown>) {
  const res = await client.post('/api/savings-challenges', body)
  expect(res.statusCode, res.body).toBe(201)
  return res.json()
}

describe('savings challenges', () => {
  it('lists the catalogue', async () => {
    const o = await signUp(t.app)
    const kinds = (await o.get('/api/savings-challenges/catalog')).json().map((c: { kind: string }) => c.kind)
    expect(kinds).toEqual(['week52', 'no_spend', 'round_up', 'unspent_allowance', 'cut_category', 'custom'])
  })

  it('reads a goal challenge from the goal’s contributions and celebrates once', async () => {
    const o = await signUp(t.app)
    const goal = (await o.post('/api/goals', { name: 'Trip', targetAmount: 1000 })).json()
    const c = await created(o, { kind: 'custom', target: 300, endDate: '2026-12-31', goalId: goal.id, startDate: '2026-03-01' })
    expect(c.progress).toMatchObject({ value: 0, target: 300, unit: 'money', status: 'behind' })
    await o.post(`/api/goals/${goal.id}/contributions`, { amount: 120, date: '2026-03-10' })
    const [mid] = (await o.get('/api/savings-challenges')).json()
    expect(mid.progress.value).toBe(120)
    expect(mid.progress.status).toBe('ahead')
    await o.post(`/api/goals/${goal.id}/contributions`, { amount: 180, date: '2026-03-12' })
    const [done] = (await o.get('/api/savings-challenges')).json()
    expect(done.progress.status).toBe('completed')
    expect(done.completedAt).not.toBeNull()
    await o.get('/api/savings-challenges')
    const celebrations = (await o.get('/api/reminders?status=all')).json().filter((r: { title: string }) => r.title.startsWith('Challenge complete'))
    expect(celebrations).toHaveLength(1)
  })

  it('gives each participant their own no-spend days, from what the asker may see', async () => {
    const o = await signUp(t.app)
    const adult = await addMember(t, o, 'adult')
    const shared = (await o.post('/api/accounts', { name: 'Joint', type: 'checking', openingBalance: 500 })).json()
    const secret = (await adult.post('/api/accounts', { name: 'Mine', type: 'checking', visibility: 'private', openingBalance: 100 })).json()
    const food = await categoryId(t, o, 'Groceries')
    const c = await created(o, { kind: 'no_spend', which: 'all', categoryIds: [food], startDate: '2026-03-10', endDate: '2026-03-20' })
    expect((await adult.post(`/api/savings-challenges/${c.id}/join`)).json().joined).toBe(true)
    await o.post('/api/transactions', { accountId: shared.id, date: '2026-03-11', amount: -20, categoryId: food, merchant: 'Market' })
    await adult.post('/api/transactions', { accountId: shared.id, date: '2026-03-12', amount: -5, categoryId: food, merchant: 'Bakery' })
    await adult.post('/api/transactions', { accountId: secret.id, date: '2026-03-13', amount: -9, categoryId: food, merchant: 'Secret' })
    const asOwner = (await o.get('/api/savings-challenges')).json()[0]
    const asAdult = (await adult.get('/api/savings-challenges')).json()[0]
    const byName = (list: { userId: string; progress: { value: number } }[], id: string) => list.find((p) => p.userId === id)?.progress.value
    // 10–15 March: 6 days so far of 11; the owner spent on the 11th
    expect(byName(asOwner.participants, o.user.id)).toBe(5)
    expect(asOwner.progress.value).toBe(5)
    expect(asOwner.progress.target).toBe(11)
    // the owner does not see the adult's private account: only the 12th counts against the adult
    expect(byName(asOwner.participants, adult.user.id)).toBe(5)
    expect(byName(asAdult.participants, adult.user.id)).toBe(4)
    expect(asAdult.progress.streak).toMatchObject({ freezesUsed: 1 })
    // leaving
    expect((await adult.post(`/api/savings-challenges/${c.id}/leave`)).json().participants).toHaveLength(1)
  })

  it('rounds card purchases up and sweeps them into the goal once', async () => {
    const o = await signUp(t.app)
    const card = (await o.post('/api/accounts', { name: 'Card', type: 'credit_card' })).json()
    const goal = (await o.post('/api/goals', { name: 'Rainy day', targetAmount: 100 })).json()
    const c = await created(o, { kind: 'round_up', accountIds: [card.id], target: 50, goalId: goal.id, startDate: '2026-03-01', endDate: '2026-06-30' })
    await o.post('/api/transactions', { accountId: card.id, date: '2026-03-02', amount: -3.4, merchant: 'Coffee' })
    await o.post('/api/transactions', { accountId: card.id, date: '2026-03-03', amount: -7.25, merchant: 'Lunch' })
    const swept = await o.post(`/api/savings-challenges/${c.id}/sweep`)
    expect(swept.statusCode, swept.body).toBe(200)
    expect(swept.json()).toMatchObject({ swept: 1.35, progress: { value: 1.35 } })
    expect((await o.get('/api/goals')).json()[0].currentAmount).toBe(1.35)
    const again = await o.post(`/api/savings-challenges/${c.id}/sweep`)
    expect(again.statusCode).toBe(409)
    expect((await o.get('/api/goals')).json()[0].currentAmount).toBe(1.35)
  })

  it('reads each of several challenges over its own range, goal and kind', async () => {
    const o = await signUp(t.app)
    const card = (await o.post('/api/accounts', { name: 'Card', type: 'credit_card' })).json()
    const goal = (await o.post('/api/goals', { name: 'Trip', targetAmount: 1000 })).json()
    const other = (await o.post('/api/goals', { name: 'Car', targetAmount: 1000 })).json()
    await created(o, { kind: 'round_up', accountIds: [card.id], target: 50, startDate: '2026-03-05', endDate: '2026-06-30' })
    await created(o, { kind: 'no_spend', startDate: '2026-03-01', endDate: '2026-03-31' })
    await created(o, { kind: 'custom', target: 100, endDate: '2026-12-31', goalId: goal.id, startDate: '2026-03-01' })
    await o.post(`/api/goals/${goal.id}/contributions`, { amount: 40, date: '2026-03-02' })
    await o.post(`/api/goals/${other.id}/contributions`, { amount: 70, date: '2026-03-02' })
    await o.post('/api/transactions', { accountId: card.id, date: '2026-03-02', amount: -3.4, merchant: 'Before the round-ups' })
    await o.post('/api/transactions', { accountId: card.id, date: '2026-03-06', amount: -7.25, merchant: 'Lunch' })
    const byKind = Object.fromEntries((await o.get('/api/savings-challenges')).json().map((c: { kind: string; progress: { value: number } }) => [c.kind, c.progress.value]))
    // round-ups from the 5th only; no-spend days 1–15 with spending on the 2nd and 6th; the Trip goal's money only
    expect(byKind).toEqual({ round_up: 0.75, no_spend: 13, custom: 40 })
  })

  it('compares a category’s month with its three-month average', async () => {
    const o = await signUp(t.app)
    const acct = (await o.post('/api/accounts', { name: 'Checking', type: 'checking', openingBalance: 5000 })).json()
    const dining = await categoryId(t, o, 'Groceries')
    for (const [date, amount] of [
      ['2025-12-05', -300],
      ['2026-01-05', -330],
      ['2026-02-05', -270],
      ['2026-03-05', -200],
    ] as const)
      await o.post('/api/transactions', { accountId: acct.id, date, amount, categoryId: dining, merchant: 'Store' })
    const c = await created(o, { kind: 'cut_category', categoryId: dining, percent: 20, month: '2026-03' })
    expect(c.progress).toMatchObject({ value: 200, target: 240, status: 'on_track' })
    expect(c.startDate).toBe('2026-03-01')
    expect(c.endDate).toBe('2026-03-31')
  })

  it('counts a chosen group with its sub-categories, and a sub-category alone without its group', async () => {
    const o = await signUp(t.app)
    const acct = (await o.post('/api/accounts', { name: 'Checking', type: 'checking', openingBalance: 5000 })).json()
    const fun = (await o.post('/api/categories', { name: 'Fun' })).json()
    const games = (await o.post('/api/categories', { name: 'Games', parentId: fun.id })).json()
    const spend = (date: string, amount: number, categoryId: string) =>
      o.post('/api/transactions', { accountId: acct.id, date, amount, categoryId, merchant: 'Shop' })
    // no-spend 10–15 March: the 11th on the group itself, the 13th on its sub-category
    await spend('2026-03-11', -5, fun.id)
    await spend('2026-03-13', -8, games.id)
    const group = await created(o, { kind: 'no_spend', categoryIds: [fun.id], startDate: '2026-03-10', endDate: '2026-03-20' })
    const child = await created(o, { kind: 'no_spend', categoryIds: [games.id], startDate: '2026-03-10', endDate: '2026-03-20' })
    // the group: 6 days so far, 2 with spending (the sub-category's counts); the child: only the 13th
    expect(group.progress.value).toBe(4)
    expect(child.progress.value).toBe(5)

    // cut a category: the group's three months before, and March, include the sub-category's spending
    for (const [date, amount, categoryId] of [
      ['2025-12-05', -100, fun.id],
      ['2025-12-06', -200, games.id],
      ['2026-01-05', -300, games.id],
      ['2026-02-05', -300, fun.id],
      ['2026-03-05', -150, games.id],
    ] as const)
      await spend(date, amount, categoryId)
    // average (300 + 300 + 300) ÷ 3 = 300, 20 % less: 240; March: 5 + 8 + 150 = 163
    const cut = await created(o, { kind: 'cut_category', categoryId: fun.id, percent: 20, month: '2026-03' })
    expect(cut.progress).toMatchObject({ value: 163, target: 240 })
    // the sub-category alone: (200 + 300 + 0) ÷ 3 = 166.67, less 20 %: 166.67 × 0.8 = 133.336 → 133.34;
    // March: 8 + 150 = 158
    const cutChild = await created(o, { kind: 'cut_category', categoryId: games.id, percent: 20, month: '2026-03' })
    expect(cutChild.progress).toMatchObject({ value: 158, target: 133.34 })
  })

  it('keeps the change of the app’s own daily allowance unless another is given', async () => {
    const o = await signUp(t.app)
    const acct = (await o.post('/api/accounts', { name: 'Checking', type: 'checking', openingBalance: 0 })).json()
    // 1,700.00 in this month, nothing else due: 1,700.00 over the 17 days from the 15th = 100.00 a day
    await o.post('/api/transactions', { accountId: acct.id, date: '2026-03-01', amount: 1700, merchant: 'Salary' })
    const summary = (await o.get('/api/analytics/monthly-summary')).json()
    expect(summary.dailyAllowance).toBe(100)
    const own = await created(o, { kind: 'unspent_allowance', target: 500, startDate: '2026-03-15', endDate: '2026-04-30' })
    expect(own.config.dailyAllowance).toBe(10000)
    // today: 100.00 allowed, nothing spent yet: 100.00 kept so far... after 40.00 spent, 60.00
    await o.post('/api/transactions', { accountId: acct.id, date: '2026-03-15', amount: -40, merchant: 'Lunch' })
    const [kept] = (await o.get('/api/savings-challenges')).json()
    expect(kept.progress.value).toBe(60)
    const given = await created(o, { kind: 'unspent_allowance', dailyAllowance: 25, target: 500, startDate: '2026-03-15', endDate: '2026-04-30' })
    expect(given.config.dailyAllowance).toBe(2500)
    // no allowance left today (nothing available): the member is asked for one, at the field
    const broke = await signUp(t.app)
    const none = await broke.post('/api/savings-challenges', { kind: 'unspent_allowance', target: 100, endDate: '2026-04-30' })
    expect(none.statusCode).toBe(400)
    expect(none.json().issues[0].path).toBe('body.dailyAllowance')
  })

  it('names bad input, and lets only the starter or an adult remove a challenge', async () => {
    const o = await signUp(t.app)
    const other = await signUp(t.app)
    const theirGoal = (await other.post('/api/goals', { name: 'Theirs', targetAmount: 10 })).json()
    const foreign = await o.post('/api/savings-challenges', { kind: 'custom', target: 5, endDate: '2026-12-31', goalId: theirGoal.id })
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json().issues[0].path).toBe('body.goalId')
    const early = await o.post('/api/savings-challenges', { kind: 'no_spend', startDate: '2026-03-10', endDate: '2026-03-01' })
    expect(early.statusCode).toBe(400)
    expect(early.json().issues[0].path).toBe('body.endDate')
    expect((await o.post('/api/savings-challenges', { kind: 'lottery' })).statusCode).toBe(400)
    expect((await o.get('/api/savings-challenges')).json()).toEqual([])

    const teen = await addMember(t, o, 'teen')
    const c = await created(o, { kind: 'no_spend', endDate: '2026-03-31' })
    expect((await teen.delete(`/api/savings-challenges/${c.id}`)).statusCode).toBe(403)
    const own = await created(teen, { kind: 'no_spend', endDate: '2026-03-31' })
    expect((await teen.delete(`/api/savings-challenges/${own.id}`)).statusCode).toBe(204)
    expect((await o.delete(`/api/savings-challenges/${c.id}`)).statusCode).toBe(204)
  })
})
