import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, signUp, type TestContext } from '../test/helper'
import { param, prepared, preparedSql } from './prepared'
import { categories } from './schema'

let t: TestContext
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

describe('prepared statements', () => {
  it('build a query once per database handle and run it with the values of each call', async () => {
    let builds = 0
    const byHousehold = prepared('test_categories', (db) => {
      builds += 1
      return db.select({ id: categories.id }).from(categories).where(eq(categories.householdId, param('householdId')))
    })
    const a = await signUp(t.app)
    const b = await signUp(t.app)
    const ids = async (household: string) => (await byHousehold(t.database.db).execute({ householdId: household })).map((r) => r.id)
    const mine = (await a.get('/api/categories')).json() as { id: string }[]
    const theirs = (await b.get('/api/categories')).json() as { id: string }[]
    const householdOf = async (categoryId: string) =>
      (await t.database.db.select({ h: categories.householdId }).from(categories).where(eq(categories.id, categoryId)))[0]?.h ?? ''
    const householdA = await householdOf(mine[0]?.id ?? '')
    const householdB = await householdOf(theirs[0]?.id ?? '')
    expect((await ids(householdA)).sort()).toEqual(mine.map((c) => c.id).sort())
    expect((await ids(householdB)).sort()).toEqual(theirs.map((c) => c.id).sort())
    expect(builds).toBe(1)
    // an open transaction gets a statement of its own, on its connection
    await t.database.db.transaction(async (tx) => {
      expect(await byHousehold(tx).execute({ householdId: householdA })).toHaveLength(mine.length)
    })
    expect(builds).toBe(2)
  })

  it('render a raw template once and fill its values on every call', async () => {
    const sum = preparedSql<{ n: number }>('test_sum', () => sql`select (${param('a')}::int + ${param('b')}::int) as n`)
    expect(await sum(t.database.db, { a: 2, b: 3 })).toEqual([{ n: 5 }])
    expect(await sum(t.database.db, { a: 40, b: 2 })).toEqual([{ n: 42 }])
  })

  it('refuse a name given twice (one name, one statement text)', () => {
    prepared('test_twice', (db) => db.select().from(categories))
    expect(() => prepared('test_twice', (db) => db.select().from(categories))).toThrow(/defined twice/)
    expect(() => preparedSql('test_sum', () => sql`select 1`)).toThrow(/defined twice/)
  })
})
