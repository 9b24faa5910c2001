import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Goal } from '#src/contract/goals'
import { insertAccount, MISSING_ID, newUser } from '#src/server/test/fixtures'
import { createTestApp, jsonOf, type Client, type TestContext } from '#src/server/test/helper'

let t: TestContext
beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T12:00:00Z' })
})
afterAll(async () => {
  await t.close()
})

async function createGoal(client: Client, body: Record<string, unknown>): Promise<Goal> {
  return jsonOf(await client.post('/api/goals', body), 201)
}

async function goalsOf(client: Client): Promise<Goal[]> {
  return jsonOf(await client.get('/api/goals'))
}

async function contribute(
  client: Client,
  goalId: string,
  body: Record<string, unknown>,
): Promise<Goal> {
  return jsonOf(await client.post(`/api/goals/${goalId}/contributions`, body), 201)
}

describe('goals', () => {
  it('creates a goal with defaults and lists it', async () => {
    const a = await newUser(t.app)
    const goal = await createGoal(a, { name: ' Holiday ', targetAmount: 1000 })
    expect(goal).toEqual({
      id: expect.any(String),
      name: 'Holiday',
      isActive: true,
      currentAmount: 0,
      targetAmount: 1000,
      targetDate: null,
      monthlyContribution: 0,
      accountId: null,
      contributedThisMonth: 0,
      createdAt: expect.any(String),
    })
    expect(Number.isNaN(Date.parse(goal.createdAt))).toBe(false)
    expect(await goalsOf(a)).toEqual([goal])
  })

  it('creates a goal with every field, oldest goal listed first', async () => {
    const a = await newUser(t.app)
    const account = await insertAccount(t.database.db, a, { type: 'savings' })
    const first = await createGoal(a, { name: 'Emergency fund', targetAmount: 5000 })
    const second = await createGoal(a, {
      name: 'Car',
      targetAmount: 12000.99,
      currentAmount: 1500.5,
      targetDate: '2027-06-30',
      monthlyContribution: 250.25,
      accountId: account,
      isActive: false,
    })
    expect(second).toMatchObject({
      name: 'Car',
      targetAmount: 12000.99,
      currentAmount: 1500.5,
      targetDate: '2027-06-30',
      monthlyContribution: 250.25,
      accountId: account,
      isActive: false,
      // a starting amount is not a contribution
      contributedThisMonth: 0,
    })
    expect((await goalsOf(a)).map((g) => g.id)).toEqual([first.id, second.id])
  })

  it('adds and withdraws to the cent, and counts only this month in contributedThisMonth', async () => {
    const a = await newUser(t.app)
    const goal = await createGoal(a, { name: 'Laptop', targetAmount: 1000 })
    expect(await contribute(a, goal.id, { amount: 250.5, note: 'first' })).toMatchObject({
      currentAmount: 250.5,
      contributedThisMonth: 250.5,
    })
    const afterWithdrawal = await contribute(a, goal.id, { amount: -50.25 })
    expect(afterWithdrawal).toEqual({
      ...goal,
      currentAmount: 200.25,
      contributedThisMonth: 200.25,
    })
    await contribute(a, goal.id, { amount: 10, date: '2026-02-28' })
    await contribute(a, goal.id, { amount: 0.1, date: '2026-03-31' })
    const latest = await contribute(a, goal.id, { amount: 5, date: '2026-04-01' })
    expect(latest).toMatchObject({ currentAmount: 215.35, contributedThisMonth: 200.35 })
    expect((await goalsOf(a))[0]).toEqual(latest)

    const res = await a.get(`/api/goals/${goal.id}/contributions`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([
      { id: expect.any(String), goalId: goal.id, amount: 5, date: '2026-04-01', note: '' },
      { id: expect.any(String), goalId: goal.id, amount: 0.1, date: '2026-03-31', note: '' },
      { id: expect.any(String), goalId: goal.id, amount: -50.25, date: '2026-03-15', note: '' },
      { id: expect.any(String), goalId: goal.id, amount: 250.5, date: '2026-03-15', note: 'first' },
      { id: expect.any(String), goalId: goal.id, amount: 10, date: '2026-02-28', note: '' },
    ])
  })

  it('refuses to withdraw more than the goal holds, changing nothing', async () => {
    const a = await newUser(t.app)
    const goal = await createGoal(a, { name: 'Bike', targetAmount: 800, currentAmount: 100 })
    const res = await a.post(`/api/goals/${goal.id}/contributions`, { amount: -100.01 })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      message: 'You cannot withdraw more than the goal holds',
      code: 'INSUFFICIENT_GOAL_FUNDS',
    })
    expect((await goalsOf(a))[0]).toEqual(goal)
    expect((await a.get(`/api/goals/${goal.id}/contributions`)).json()).toEqual([])
    // exactly everything is fine
    expect((await contribute(a, goal.id, { amount: -100 })).currentAmount).toBe(0)
  })

  it('edits a goal (but never its current amount, which only contributions change)', async () => {
    const a = await newUser(t.app)
    const account = await insertAccount(t.database.db, a)
    const goal = await createGoal(a, { name: 'Roof', targetAmount: 9000, currentAmount: 10 })
    const edit = { name: 'New roof', targetAmount: 9500.5, targetDate: '2028-01-01', monthlyContribution: 300, accountId: account, isActive: false }
    // the current amount is not a field of an edit: refused, not silently dropped
    const refused = await a.patch(`/api/goals/${goal.id}`, { ...edit, currentAmount: 999999 })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().issues[0].path).toBe('body.currentAmount')
    const res = await a.patch(`/api/goals/${goal.id}`, edit)
    expect(res.statusCode).toBe(200)
    const edited = res.json()
    expect(edited).toEqual({
      ...goal,
      name: 'New roof',
      targetAmount: 9500.5,
      targetDate: '2028-01-01',
      monthlyContribution: 300,
      accountId: account,
      isActive: false,
    })
    const cleared = await a.patch(`/api/goals/${goal.id}`, { targetDate: null, accountId: null })
    expect(cleared.json()).toEqual({ ...edited, targetDate: null, accountId: null })
  })

  it('answers 400 for bad input and unknown accounts, changing nothing', async () => {
    const a = await newUser(t.app)
    const goal = await createGoal(a, { name: 'Phone', targetAmount: 600 })
    for (const body of [
      { name: 'X', targetAmount: 0 },
      { name: 'X', targetAmount: -5 },
      { name: 'X', targetAmount: 10.001 },
      { name: '', targetAmount: 10 },
      { name: 'X', targetAmount: 10, currentAmount: -1 },
      { name: 'X', targetAmount: 10, targetDate: '2026-02-30' },
      { name: 'X', targetAmount: 10, accountId: 'acc' },
    ]) {
      const res = await a.post('/api/goals', body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().code).toBe('VALIDATION_ERROR')
    }
    const unknownAccount = await a.post('/api/goals', {
      name: 'X',
      targetAmount: 10,
      accountId: MISSING_ID,
    })
    expect(unknownAccount.statusCode).toBe(400)
    expect(unknownAccount.json()).toEqual({
      message: 'That account does not exist',
      code: 'UNKNOWN_ACCOUNT',
    })
    expect((await a.patch(`/api/goals/${goal.id}`, { accountId: MISSING_ID })).statusCode).toBe(400)
    expect((await a.patch(`/api/goals/${goal.id}`, { targetAmount: 0 })).json().code).toBe(
      'VALIDATION_ERROR',
    )
    for (const body of [{ amount: 0 }, { amount: 1.234 }, {}, { amount: 5, date: 'tomorrow' }]) {
      const res = await a.post(`/api/goals/${goal.id}/contributions`, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().code).toBe('VALIDATION_ERROR')
    }
    expect(await goalsOf(a)).toEqual([goal])
    expect((await a.get(`/api/goals/${goal.id}/contributions`)).json()).toEqual([])
  })

  it('deletes a goal with its contributions, then answers 404 everywhere for it', async () => {
    const a = await newUser(t.app)
    const goal = await createGoal(a, { name: 'Course', targetAmount: 300 })
    await contribute(a, goal.id, { amount: 20 })
    expect((await a.delete(`/api/goals/${goal.id}`)).statusCode).toBe(204)
    expect(await goalsOf(a)).toEqual([])
    for (const id of [goal.id, MISSING_ID]) {
      expect((await a.delete(`/api/goals/${id}`)).statusCode).toBe(404)
      expect((await a.patch(`/api/goals/${id}`, { name: 'X' })).statusCode).toBe(404)
      expect((await a.get(`/api/goals/${id}/contributions`)).statusCode).toBe(404)
      const res = await a.post(`/api/goals/${id}/contributions`, { amount: 1 })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ message: 'Goal not found', code: 'NOT_FOUND' })
    }
  })

  it("keeps households apart: B can neither see, change, fund, drain nor delete A's goals", async () => {
    const a = await newUser(t.app)
    const b = await newUser(t.app)
    const aAccount = await insertAccount(t.database.db, a)
    const goal = await createGoal(a, { name: 'Private', targetAmount: 1000, accountId: aAccount })
    const funded = await contribute(a, goal.id, { amount: 100 })
    const contributions = (await a.get(`/api/goals/${goal.id}/contributions`)).json()

    expect(await goalsOf(b)).toEqual([])
    expect((await b.get(`/api/goals/${goal.id}/contributions`)).statusCode).toBe(404)
    expect((await b.post(`/api/goals/${goal.id}/contributions`, { amount: -100 })).statusCode).toBe(
      404,
    )
    expect((await b.post(`/api/goals/${goal.id}/contributions`, { amount: 5 })).statusCode).toBe(
      404,
    )
    expect(
      (await b.patch(`/api/goals/${goal.id}`, { name: 'Mine', isActive: false })).statusCode,
    ).toBe(404)
    expect((await b.delete(`/api/goals/${goal.id}`)).statusCode).toBe(404)
    const withA = await b.post('/api/goals', {
      name: 'Sneaky',
      targetAmount: 10,
      accountId: aAccount,
    })
    expect(withA.statusCode).toBe(400)
    const bGoal = await createGoal(b, { name: 'Own', targetAmount: 10 })
    expect((await b.patch(`/api/goals/${bGoal.id}`, { accountId: aAccount })).statusCode).toBe(400)

    expect(await goalsOf(a)).toEqual([funded])
    expect((await a.get(`/api/goals/${goal.id}/contributions`)).json()).toEqual(contributions)
  })
})
