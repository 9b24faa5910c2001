import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Budget } from '#src/contract/budgets'
import { users } from '#src/server/db/schema'
import { newUser } from '#src/server/test/fixtures'
import { categoryId, createTestApp, type Client, type TestContext } from '#src/server/test/helper'

let t: TestContext
beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T12:00:00Z' })
})
afterAll(async () => {
  await t.close()
})

async function budgetsOf(client: Client, month?: string): Promise<Budget[]> {
  const res = await client.get(month ? `/api/budgets?month=${month}` : '/api/budgets')
  expect(res.statusCode).toBe(200)
  return res.json()
}

async function setBudget(client: Client, body: Record<string, unknown>): Promise<Budget> {
  const res = await client.put('/api/budgets', body)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

describe('budgets', () => {
  it('sets a budget, replaces it on a second PUT, and lists it for its month', async () => {
    const a = await newUser(t.app)
    const groceries = await categoryId(t, a, 'Groceries')
    const created = await setBudget(a, { categoryId: groceries, month: '2026-03', amount: 450.5 })
    expect(created).toEqual({
      id: expect.any(String),
      categoryId: groceries,
      month: '2026-03',
      amount: 450.5,
      rollover: false,
    })
    const replaced = await setBudget(a, {
      categoryId: groceries,
      month: '2026-03',
      amount: 0.01,
      rollover: true,
    })
    expect(replaced).toEqual({ ...created, amount: 0.01, rollover: true })
    expect(await budgetsOf(a, '2026-03')).toEqual([replaced])
    expect(await budgetsOf(a, '2026-04')).toEqual([])
  })

  it("lists this month by default, in the user's time zone", async () => {
    const a = await newUser(t.app)
    const groceries = await categoryId(t, a, 'Groceries')
    const dining = await categoryId(t, a, 'Dining Out')
    const february = await setBudget(a, { categoryId: groceries, month: '2026-02', amount: 100 })
    const march = await setBudget(a, { categoryId: dining, month: '2026-03', amount: 200 })
    expect(await budgetsOf(a)).toEqual([march])
    t.clock.set('2026-02-28T20:00:00Z')
    try {
      expect(await budgetsOf(a)).toEqual([february])
      // the same instant is already March 1 in Kiritimati (UTC+14)
      await t.database.db
        .update(users)
        .set({ timeZone: 'Pacific/Kiritimati' })
        .where(eq(users.id, a.user.id))
      expect(await budgetsOf(a)).toEqual([march])
    } finally {
      t.clock.set('2026-03-15T12:00:00Z')
    }
  })

  it('lists a month by category name', async () => {
    const a = await newUser(t.app)
    const ids = {
      travel: await categoryId(t, a, 'Travel'),
      dining: await categoryId(t, a, 'Dining Out'),
      groceries: await categoryId(t, a, 'Groceries'),
    }
    for (const id of Object.values(ids))
      await setBudget(a, { categoryId: id, month: '2026-05', amount: 10 })
    expect((await budgetsOf(a, '2026-05')).map((b) => b.categoryId)).toEqual([
      ids.dining,
      ids.groceries,
      ids.travel,
    ])
  })

  it('answers 400 for bad input and an unknown category, changing nothing', async () => {
    const a = await newUser(t.app)
    const groceries = await categoryId(t, a, 'Groceries')
    const existing = await setBudget(a, { categoryId: groceries, month: '2026-03', amount: 300 })
    for (const body of [
      { categoryId: groceries, month: '2026-03', amount: -1 },
      { categoryId: groceries, month: '2026-03', amount: 1.005 },
      { categoryId: groceries, month: '2026-03', amount: '300' },
      { categoryId: groceries, month: '2026-13', amount: 5 },
      { categoryId: groceries, month: '2026-3', amount: 5 },
      { categoryId: 'groceries', month: '2026-03', amount: 5 },
      { month: '2026-03', amount: 5 },
    ]) {
      const res = await a.put('/api/budgets', body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().code).toBe('VALIDATION_ERROR')
    }
    const unknown = await a.put('/api/budgets', {
      categoryId: '00000000-0000-4000-8000-000000000000',
      month: '2026-03',
      amount: 5,
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toEqual({
      message: 'That category does not exist',
      code: 'UNKNOWN_CATEGORY',
    })
    expect((await a.get('/api/budgets?month=2026-00')).statusCode).toBe(400)
    expect(await budgetsOf(a, '2026-03')).toEqual([existing])
  })

  it('deletes a budget, then answers 404 for it', async () => {
    const a = await newUser(t.app)
    const groceries = await categoryId(t, a, 'Groceries')
    const budget = await setBudget(a, { categoryId: groceries, month: '2026-03', amount: 300 })
    const res = await a.delete(`/api/budgets/${budget.id}`)
    expect(res.statusCode).toBe(204)
    expect(await budgetsOf(a, '2026-03')).toEqual([])
    const again = await a.delete(`/api/budgets/${budget.id}`)
    expect(again.statusCode).toBe(404)
    expect(again.json()).toEqual({ message: 'Budget not found', code: 'NOT_FOUND' })
    expect((await a.delete('/api/budgets/not-an-id')).statusCode).toBe(400)
  })

  it("copies a month's budgets, keeping those the target month already has", async () => {
    const a = await newUser(t.app)
    const groceries = await categoryId(t, a, 'Groceries')
    const dining = await categoryId(t, a, 'Dining Out')
    const travel = await categoryId(t, a, 'Travel')
    await setBudget(a, { categoryId: groceries, month: '2026-03', amount: 400 })
    await setBudget(a, { categoryId: dining, month: '2026-03', amount: 120.55, rollover: true })
    await setBudget(a, { categoryId: travel, month: '2026-03', amount: 75 })
    const keptApril = await setBudget(a, { categoryId: groceries, month: '2026-04', amount: 350 })

    const res = await a.post('/api/budgets/copy', { fromMonth: '2026-03', toMonth: '2026-04' })
    expect(res.statusCode).toBe(200)
    const april: Budget[] = res.json()
    expect(april).toEqual([
      {
        id: expect.any(String),
        categoryId: dining,
        month: '2026-04',
        amount: 120.55,
        rollover: true,
      },
      keptApril,
      { id: expect.any(String), categoryId: travel, month: '2026-04', amount: 75, rollover: false },
    ])
    expect(await budgetsOf(a, '2026-04')).toEqual(april)
    expect((await budgetsOf(a, '2026-03')).map((b) => b.amount)).toEqual([120.55, 400, 75])
    // copying again adds nothing
    expect(
      (await a.post('/api/budgets/copy', { fromMonth: '2026-03', toMonth: '2026-04' })).json(),
    ).toEqual(april)
  })

  it('refuses to copy a month onto itself or with a bad month', async () => {
    const a = await newUser(t.app)
    const same = await a.post('/api/budgets/copy', { fromMonth: '2026-03', toMonth: '2026-03' })
    expect(same.statusCode).toBe(400)
    expect(same.json().code).toBe('SAME_MONTH')
    const bad = await a.post('/api/budgets/copy', { fromMonth: '2026-03', toMonth: 'April' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().code).toBe('VALIDATION_ERROR')
  })

  it("keeps households apart: B can neither see, change, delete nor copy A's budgets", async () => {
    const a = await newUser(t.app)
    const b = await newUser(t.app)
    const aGroceries = await categoryId(t, a, 'Groceries')
    const bGroceries = await categoryId(t, b, 'Groceries')
    const aBudget = await setBudget(a, { categoryId: aGroceries, month: '2026-03', amount: 400 })

    expect(await budgetsOf(b, '2026-03')).toEqual([])
    expect(await budgetsOf(b)).toEqual([])
    expect((await b.delete(`/api/budgets/${aBudget.id}`)).statusCode).toBe(404)
    const onA = await b.put('/api/budgets', { categoryId: aGroceries, month: '2026-03', amount: 1 })
    expect(onA.statusCode).toBe(400)
    expect(
      (await b.post('/api/budgets/copy', { fromMonth: '2026-03', toMonth: '2026-04' })).json(),
    ).toEqual([])
    await setBudget(b, { categoryId: bGroceries, month: '2026-03', amount: 5 })

    expect(await budgetsOf(a, '2026-03')).toEqual([aBudget])
    expect(await budgetsOf(a, '2026-04')).toEqual([])
  })
})
