// Merging categories through the app: what moves (transactions, splits, bills, budgets, rollups), what is refused, households kept apart, and rollups the ledger can undo.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { asCents } from '#src/domain/money'
import { bills, categories, monthlyRollups, payeeCategories, rules, transactionSplits, transactions } from '#src/server/db/schema'
import { householdOf, insertAccount, insertRollup, insertTransactionRow, newUser } from '#src/server/test/fixtures'
import { deleteTransactions, insertTransactions, type NewTransaction } from '#src/server/core/ledger'
import { byName, create, list, rollupsOf, t, setUpCategoriesTestApp } from './test-support'

setUpCategoriesTestApp()

describe('categories', () => {
  it('merges a category into another: transactions, splits, bills, budgets (summed per month) and rollups move, the source goes', async () => {
    const a = await newUser(t.app)
    const db = t.database.db
    const account = await insertAccount(db, a)
    const dining = await byName(a, 'Dining Out')
    const groceries = await byName(a, 'Groceries')
    const txn = await insertTransactionRow(db, a, {
      accountId: account,
      categoryId: dining.id,
      date: '2026-03-05',
      amount: -1234,
    })
    const split = await insertTransactionRow(db, a, {
      accountId: account,
      categoryId: null,
      date: '2026-03-06',
      amount: -1000,
      splits: [
        { categoryId: dining.id, amount: -400 },
        { categoryId: groceries.id, amount: -600 },
      ],
    })
    await insertRollup(db, a, {
      accountId: account,
      categoryId: dining.id,
      month: '2026-03-01',
      expense: 1634,
      count: 2,
    })
    await insertRollup(db, a, {
      accountId: account,
      categoryId: dining.id,
      month: '2026-01-01',
      expense: 999,
      count: 1,
    })
    await insertRollup(db, a, {
      accountId: account,
      categoryId: groceries.id,
      month: '2026-03-01',
      expense: 600,
      count: 1,
    })
    await a.put('/api/budgets', { categoryId: dining.id, month: '2026-03', amount: 150.25 })
    await a.put('/api/budgets', {
      categoryId: groceries.id,
      month: '2026-03',
      amount: 400.5,
      rollover: true,
    })
    const aprilDining = (
      await a.put('/api/budgets', { categoryId: dining.id, month: '2026-04', amount: 99.99 })
    ).json()
    const bill = (
      await a.post('/api/bills', {
        name: 'Meal kit',
        amount: 60,
        nextDueDate: '2026-03-25',
        categoryId: dining.id,
      })
    ).json()
    const householdId = await householdOf(db, a)
    await db
      .insert(payeeCategories)
      .values({ householdId, payeeKey: 'pizza place', categoryId: dining.id })
    const [rule] = await db
      .insert(rules)
      .values({
        householdId,
        name: 'Pizza',
        conditions: [],
        actions: { setCategoryId: dining.id, renamePayee: 'Pizza' },
      })
      .returning()

    const res = await a.post(`/api/categories/${dining.id}/merge`, { intoId: groceries.id })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual(groceries)

    expect((await list(a)).find((c) => c.id === dining.id)).toBeUndefined()
    const [moved] = await db.select().from(transactions).where(eq(transactions.id, txn))
    expect(moved?.categoryId).toBe(groceries.id)
    const splits = await db
      .select()
      .from(transactionSplits)
      .where(eq(transactionSplits.transactionId, split))
    expect(splits.map((s) => s.categoryId)).toEqual([groceries.id, groceries.id])
    const [movedBill] = await db.select().from(bills).where(eq(bills.id, bill.id))
    expect(movedBill?.categoryId).toBe(groceries.id)
    expect((await a.get('/api/budgets?month=2026-03')).json()).toEqual([
      expect.objectContaining({ categoryId: groceries.id, amount: 550.75, rollover: true }),
    ])
    expect((await a.get('/api/budgets?month=2026-04')).json()).toEqual([
      {
        id: aprilDining.id,
        categoryId: groceries.id,
        month: '2026-04',
        amount: 99.99,
        rollover: false,
      },
    ])
    const learned = await db
      .select()
      .from(payeeCategories)
      .where(eq(payeeCategories.householdId, householdId))
    expect(learned.map((l) => [l.payeeKey, l.categoryId])).toEqual([['pizza place', groceries.id]])
    const [ruleAfter] = await db
      .select()
      .from(rules)
      .where(eq(rules.id, rule?.id ?? ''))
    expect(ruleAfter?.actions).toEqual({ setCategoryId: groceries.id, renamePayee: 'Pizza' })
    expect(await rollupsOf(dining.id, account)).toEqual([])
    expect(await rollupsOf(groceries.id, account)).toEqual([
      { month: '2026-01-01', income: 0, expense: 999, other: 0, count: 1 },
      { month: '2026-03-01', income: 0, expense: 2234, other: 0, count: 3 },
    ])
  })

  it('moves the subcategories of a merged category under the target', async () => {
    const a = await newUser(t.app)
    const utilities = await byName(a, 'Utilities')
    const housing = await byName(a, 'Housing')
    const water = await byName(a, 'Water')
    const res = await a.post(`/api/categories/${utilities.id}/merge`, { intoId: housing.id })
    expect(res.statusCode).toBe(200)
    const rows = await list(a)
    const names = rows.map((c) => c.name)
    expect(names.slice(names.indexOf('Housing'), names.indexOf('Housing') + 6)).toEqual([
      'Housing',
      'Electricity & Gas',
      'Home Maintenance',
      'Internet & Phone',
      'Rent & Mortgage',
      'Water',
    ])
    expect(rows.find((c) => c.id === water.id)?.parentId).toBe(housing.id)
  })

  it('refuses bad merges with 400 and changes nothing', async () => {
    const a = await newUser(t.app)
    const utilities = await byName(a, 'Utilities')
    const fuel = await byName(a, 'Fuel')
    const water = await byName(a, 'Water')
    const before = await list(a)
    const self = await a.post(`/api/categories/${fuel.id}/merge`, { intoId: fuel.id })
    expect(self.statusCode).toBe(400)
    const unknown = await a.post(`/api/categories/${fuel.id}/merge`, {
      intoId: '00000000-0000-4000-8000-000000000000',
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().code).toBe('UNKNOWN_CATEGORY')
    const intoChild = await a.post(`/api/categories/${utilities.id}/merge`, { intoId: water.id })
    expect(intoChild.statusCode).toBe(400)
    expect(intoChild.json().message).toBe(
      'A category with subcategories can only be merged into a top-level category',
    )
    const invalid = await a.post(`/api/categories/${fuel.id}/merge`, { intoId: 'nope' })
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json().code).toBe('VALIDATION_ERROR')
    expect(await list(a)).toEqual(before)
  })

  it("keeps households apart: B can neither read, change, delete nor merge A's categories (404), nor use them (400)", async () => {
    const a = await newUser(t.app)
    const b = await newUser(t.app)
    const aRows = await list(a)
    const aHobby = await create(a, { name: 'Secret hobby' })
    const aSalary = await byName(a, 'Salary')
    const bOther = await byName(b, 'Other')
    const bRows = await list(b)
    expect(bRows.find((c) => c.id === aHobby.id)).toBeUndefined()
    expect(bRows.some((c) => aRows.some((x) => x.id === c.id))).toBe(false)

    expect((await b.patch(`/api/categories/${aHobby.id}`, { name: 'Mine' })).statusCode).toBe(404)
    expect((await b.delete(`/api/categories/${aHobby.id}`)).statusCode).toBe(404)
    expect(
      (await b.post(`/api/categories/${aHobby.id}/merge`, { intoId: bOther.id })).statusCode,
    ).toBe(404)
    const intoA = await b.post(`/api/categories/${bOther.id}/merge`, { intoId: aHobby.id })
    expect(intoA.statusCode).toBe(400)
    const underA = await b.post('/api/categories', { name: 'Sneaky', parentId: aSalary.id })
    expect(underA.statusCode).toBe(400)
    const moveUnderA = await b.patch(`/api/categories/${bOther.id}`, { parentId: aSalary.id })
    expect(moveUnderA.statusCode).toBe(400)

    expect(await byName(a, 'Secret hobby')).toEqual(aHobby)
    expect((await list(a)).length).toBe(aRows.length + 1)
    expect(await list(b)).toEqual(bRows)
    const [row] = await t.database.db.select().from(categories).where(eq(categories.id, aHobby.id))
    expect(row?.name).toBe('Secret hobby')
  })

  it('leaves rollups the ledger can undo exactly after a merge and a delete', async () => {
    const a = await newUser(t.app)
    const db = t.database.db
    const householdId = await householdOf(db, a)
    const account = await insertAccount(db, a)
    const dining = await byName(a, 'Dining Out')
    const groceries = await byName(a, 'Groceries')
    const travel = await byName(a, 'Travel')
    const row = (
      categoryId: string | null,
      date: string,
      amount: number,
      splits?: NewTransaction['splits'],
    ): NewTransaction => ({
      householdId,
      userId: a.user.id,
      accountId: account,
      categoryId,
      date,
      amount: asCents(amount),
      merchant: 'Shop',
      description: '',
      notes: '',
      kind: 'standard',
      source: 'manual',
      splits,
    })
    const ids = await db.transaction((tx) =>
      insertTransactions(tx, [
        row(dining.id, '2026-03-02', -1000),
        row(groceries.id, '2026-03-03', -500),
        row(travel.id, '2026-02-10', 2500),
        row(null, '2026-02-11', -500, [
          { categoryId: dining.id, amount: asCents(-300), memo: '' },
          { categoryId: travel.id, amount: asCents(-200), memo: '' },
        ]),
      ]),
    )
    expect(
      (await a.post(`/api/categories/${dining.id}/merge`, { intoId: groceries.id })).statusCode,
    ).toBe(200)
    expect((await a.delete(`/api/categories/${travel.id}`)).statusCode).toBe(204)
    expect(await rollupsOf(groceries.id, account)).toEqual([
      { month: '2026-02-01', income: 0, expense: 300, other: 0, count: 1 },
      { month: '2026-03-01', income: 0, expense: 1500, other: 0, count: 2 },
    ])
    await db.transaction((tx) => deleteTransactions(tx, householdId, ids))
    const left = await db.select().from(monthlyRollups).where(eq(monthlyRollups.accountId, account))
    for (const r of left) expect([r.income, r.expense, r.other, r.count]).toEqual([0, 0, 0, 0])
  })

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/categories' })
    expect(res.statusCode).toBe(401)
  })
})
