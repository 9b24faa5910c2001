import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { payeeCategories, rules, transactionSplits, transactions } from '#src/server/db/schema'
import { householdOf, insertAccount, insertRollup, insertTransactionRow, newUser } from '#src/server/test/fixtures'
import { byName, create, list, rollupsOf, t, setUpCategoriesTestApp } from './test-support'

setUpCategoriesTestApp()

describe('categories', () => {
  it('lists the default categories: parents by name, each followed by its children by name', async () => {
    const a = await newUser(t.app)
    const rows = await list(a)
    const names = rows.map((c) => c.name)
    expect(names.slice(0, 3)).toEqual(['Dining Out', 'Education', 'Entertainment'])
    const housing = names.indexOf('Housing')
    expect(names.slice(housing, housing + 3)).toEqual([
      'Housing',
      'Home Maintenance',
      'Rent & Mortgage',
    ])
    const transport = names.indexOf('Transportation')
    expect(names.slice(transport, transport + 4)).toEqual([
      'Transportation',
      'Car Maintenance',
      'Fuel',
      'Public Transit',
    ])
    const parents = rows.filter((c) => c.parentId === null).map((c) => c.name)
    expect(parents).toEqual(
      [...parents].sort((x, y) => x.localeCompare(y, 'en', { sensitivity: 'base' })),
    )
    // every child sits right after its parent or a sibling
    rows.forEach((c, i) => {
      if (c.parentId === null) return
      const before = rows[i - 1]
      expect(before?.id === c.parentId || before?.parentId === c.parentId).toBe(true)
    })
    expect(rows.find((c) => c.name === 'Salary')).toMatchObject({
      kind: 'income',
      isHidden: false,
      color: null,
    })
  })

  it('creates top-level categories and subcategories (a subcategory takes its parent’s kind)', async () => {
    const a = await newUser(t.app)
    const pets = await create(a, { name: '  Hobbies ', color: '#1a2b3c' })
    expect(pets).toMatchObject({
      name: 'Hobbies',
      parentId: null,
      kind: 'expense',
      isHidden: false,
      color: '#1a2b3c',
    })
    const salary = await byName(a, 'Salary')
    const bonus = await create(a, { name: 'Bonus', parentId: salary.id })
    expect(bonus).toMatchObject({ name: 'Bonus', parentId: salary.id, kind: 'income' })
    const names = (await list(a)).map((c) => c.name)
    expect(names.slice(names.indexOf('Salary'), names.indexOf('Salary') + 2)).toEqual([
      'Salary',
      'Bonus',
    ])
  })

  it('refuses a third level with 400 and creates nothing', async () => {
    const a = await newUser(t.app)
    const fuel = await byName(a, 'Fuel')
    const before = await list(a)
    const res = await a.post('/api/categories', { name: 'Diesel', parentId: fuel.id })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      code: 'CATEGORY_TOO_DEEP',
      message: expect.stringMatching(/one level/),
    })
    expect(await list(a)).toEqual(before)
  })

  it('refuses a duplicate name under the same parent (any case) with 409, but not under another parent', async () => {
    const a = await newUser(t.app)
    const dup = await a.post('/api/categories', { name: 'GROCERIES' })
    expect(dup.statusCode).toBe(409)
    expect(dup.json()).toEqual({
      message: 'A category named "Groceries" already exists',
      code: 'DUPLICATE_CATEGORY',
    })
    const transport = await byName(a, 'Transportation')
    const child = await a.post('/api/categories', { name: 'fuel', parentId: transport.id })
    expect(child.statusCode).toBe(409)
    expect(child.json().message).toBe('This category already has a subcategory named "Fuel"')
    // "Fuel" at the top level is a different place
    await create(a, { name: 'Fuel' })
  })

  it('answers 400 for bad input and an unknown parent, changing nothing', async () => {
    const a = await newUser(t.app)
    const before = await list(a)
    for (const body of [
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(61) },
      { name: 'Ok', color: 'red' },
      { name: 'Ok', kind: 'asset' },
      { name: 'Ok', parentId: 'not-a-uuid' },
    ]) {
      const res = await a.post('/api/categories', body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().code).toBe('VALIDATION_ERROR')
    }
    const unknown = await a.post('/api/categories', {
      name: 'Ok',
      parentId: '00000000-0000-4000-8000-000000000000',
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toEqual({
      message: 'That parent category does not exist',
      code: 'UNKNOWN_CATEGORY',
    })
    expect(await list(a)).toEqual(before)
  })

  it('renames, hides, recolours and moves a category', async () => {
    const a = await newUser(t.app)
    const pets = await byName(a, 'Pets')
    const res = await a.patch(`/api/categories/${pets.id}`, {
      name: 'Animals',
      isHidden: true,
      color: '#ABCDEF',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ...pets, name: 'Animals', isHidden: true, color: '#ABCDEF' })
    const kids = await byName(a, 'Kids')
    const moved = await a.patch(`/api/categories/${pets.id}`, { parentId: kids.id })
    expect(moved.json()).toMatchObject({ name: 'Animals', parentId: kids.id, isHidden: true })
    const cleared = await a.patch(`/api/categories/${pets.id}`, { parentId: null, color: null })
    expect(cleared.json()).toMatchObject({ parentId: null, color: null })
    // a rename that only changes case is not a clash with itself
    expect((await a.patch(`/api/categories/${pets.id}`, { name: 'ANIMALS' })).json().name).toBe(
      'ANIMALS',
    )
  })

  it('refuses moves that would nest two levels or clash by name, changing nothing', async () => {
    const a = await newUser(t.app)
    const housing = await byName(a, 'Housing')
    const transport = await byName(a, 'Transportation')
    const fuel = await byName(a, 'Fuel')
    const groceries = await byName(a, 'Groceries')
    const before = await list(a)
    const parentWithChildren = await a.patch(`/api/categories/${housing.id}`, {
      parentId: transport.id,
    })
    expect(parentWithChildren.statusCode).toBe(400)
    expect(parentWithChildren.json().message).toBe(
      'A category with subcategories cannot be moved under another category',
    )
    const underChild = await a.patch(`/api/categories/${groceries.id}`, { parentId: fuel.id })
    expect(underChild.statusCode).toBe(400)
    const self = await a.patch(`/api/categories/${groceries.id}`, { parentId: groceries.id })
    expect(self.statusCode).toBe(400)
    const clash = await a.patch(`/api/categories/${groceries.id}`, { name: 'dining out' })
    expect(clash.statusCode).toBe(409)
    const bad = await a.patch(`/api/categories/${groceries.id}`, { color: '#12345' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().code).toBe('VALIDATION_ERROR')
    expect(await list(a)).toEqual(before)
  })

  it('answers 404 for an unknown id on update, delete and merge', async () => {
    const a = await newUser(t.app)
    const other = await byName(a, 'Other')
    const missing = '00000000-0000-4000-8000-000000000000'
    expect((await a.patch(`/api/categories/${missing}`, { name: 'X' })).statusCode).toBe(404)
    expect((await a.delete(`/api/categories/${missing}`)).statusCode).toBe(404)
    const merge = await a.post(`/api/categories/${missing}/merge`, { intoId: other.id })
    expect(merge.statusCode).toBe(404)
    expect(merge.json()).toEqual({ message: 'Category not found', code: 'NOT_FOUND' })
  })

  it('deletes a category: subcategories move to the top level, transactions and bills become uncategorized, budgets go, rollups merge into uncategorized', async () => {
    const a = await newUser(t.app)
    const db = t.database.db
    const account = await insertAccount(db, a)
    const utilities = await byName(a, 'Utilities')
    const water = await byName(a, 'Water')
    const groceries = await byName(a, 'Groceries')
    const txn = await insertTransactionRow(db, a, {
      accountId: account,
      categoryId: utilities.id,
      date: '2026-03-02',
      amount: -4000,
    })
    const split = await insertTransactionRow(db, a, {
      accountId: account,
      categoryId: null,
      date: '2026-03-03',
      amount: -3000,
      splits: [
        { categoryId: utilities.id, amount: -1000 },
        { categoryId: groceries.id, amount: -2000 },
      ],
    })
    await insertRollup(db, a, {
      accountId: account,
      categoryId: utilities.id,
      month: '2026-03-01',
      expense: 5000,
      count: 2,
    })
    await insertRollup(db, a, {
      accountId: account,
      categoryId: utilities.id,
      month: '2026-02-01',
      expense: 700,
      count: 1,
    })
    await insertRollup(db, a, {
      accountId: account,
      categoryId: null,
      month: '2026-03-01',
      expense: 100,
      income: 50,
      count: 1,
    })
    expect(
      (await a.put('/api/budgets', { categoryId: utilities.id, month: '2026-03', amount: 200 }))
        .statusCode,
    ).toBe(200)
    const bill = await a.post('/api/bills', {
      name: 'Power',
      amount: 80,
      nextDueDate: '2026-03-20',
      categoryId: utilities.id,
    })
    expect(bill.statusCode).toBe(201)
    const householdId = await householdOf(db, a)
    await db
      .insert(payeeCategories)
      .values({ householdId, payeeKey: 'city power', categoryId: utilities.id })
    const [rule] = await db
      .insert(rules)
      .values({
        householdId,
        name: 'Power',
        conditions: [],
        actions: { setCategoryId: utilities.id, addNote: 'utility' },
      })
      .returning()

    const res = await a.delete(`/api/categories/${utilities.id}`)
    expect(res.statusCode).toBe(204)
    expect(res.body).toBe('')

    const after = await list(a)
    expect(after.find((c) => c.id === utilities.id)).toBeUndefined()
    expect(after.find((c) => c.id === water.id)).toMatchObject({ name: 'Water', parentId: null })
    expect(after.filter((c) => c.parentId === null).map((c) => c.name)).toContain(
      'Electricity & Gas',
    )
    const [moved] = await db.select().from(transactions).where(eq(transactions.id, txn))
    expect(moved?.categoryId).toBeNull()
    const splits = await db
      .select()
      .from(transactionSplits)
      .where(eq(transactionSplits.transactionId, split))
    expect(splits.map((s) => s.categoryId).sort()).toEqual([groceries.id, null].sort())
    expect((await a.get('/api/budgets?month=2026-03')).json()).toEqual([])
    expect((await a.get('/api/bills')).json()[0]).toMatchObject({ name: 'Power', categoryId: null })
    expect(await rollupsOf(utilities.id, account)).toEqual([])
    expect(await rollupsOf(null, account)).toEqual([
      { month: '2026-02-01', income: 0, expense: 700, other: 0, count: 1 },
      { month: '2026-03-01', income: 50, expense: 5100, other: 0, count: 3 },
    ])
    expect(
      await db.select().from(payeeCategories).where(eq(payeeCategories.householdId, householdId)),
    ).toEqual([])
    const [ruleAfter] = await db
      .select()
      .from(rules)
      .where(eq(rules.id, rule?.id ?? ''))
    expect(ruleAfter?.actions).toEqual({ addNote: 'utility' })
  })

  it('deletes a rule whose only action set the deleted category; the rules list still answers', async () => {
    const a = await newUser(t.app)
    const pets = await create(a, { name: 'Vet bills' })
    const only = await a.post('/api/rules', {
      name: 'Vet',
      conditions: [{ field: 'payee', operator: 'contains', value: 'vet' }],
      actions: { setCategoryId: pets.id },
    })
    expect(only.statusCode, only.body).toBe(201)
    const more = await a.post('/api/rules', {
      name: 'Pet shop',
      conditions: [{ field: 'payee', operator: 'contains', value: 'pet shop' }],
      actions: { setCategoryId: pets.id, renamePayee: 'Pet shop' },
    })
    expect(more.statusCode, more.body).toBe(201)

    expect((await a.delete(`/api/categories/${pets.id}`)).statusCode).toBe(204)

    // before: the first rule was left with no action, and GET /api/rules answered 500 from then on
    const listed = await a.get('/api/rules')
    expect(listed.statusCode, listed.body).toBe(200)
    expect(listed.json().map((r: { name: string; actions: unknown }) => [r.name, r.actions])).toEqual([
      ['Pet shop', { renamePayee: 'Pet shop' }],
    ])
  })

  it('refuses a delete that would put a subcategory beside a top-level namesake (409), changing nothing', async () => {
    const a = await newUser(t.app)
    const transport = await byName(a, 'Transportation')
    await create(a, { name: 'FUEL' })
    const before = await list(a)
    const res = await a.delete(`/api/categories/${transport.id}`)
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toMatch(/"Fuel" would move to the top level/)
    expect(await list(a)).toEqual(before)
  })
})
