// What the categories tests share: their app (setUpCategoriesTestApp() in each file) and the steps they repeat.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect } from 'vitest'
import type { Category } from '#src/contract/categories'
import { monthlyRollups } from '#src/server/db/schema'
import { createTestApp, type Client, type TestContext } from '#src/server/test/helper'

export let t: TestContext
export function setUpCategoriesTestApp(): void {
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => {
    await t.close()
  })
}

export async function list(client: Client): Promise<Category[]> {
  const res = await client.get('/api/categories')
  expect(res.statusCode).toBe(200)
  return res.json()
}

export async function create(client: Client, body: Record<string, unknown>): Promise<Category> {
  const res = await client.post('/api/categories', body)
  expect(res.statusCode, res.body).toBe(201)
  return res.json()
}

export async function byName(client: Client, name: string): Promise<Category> {
  const found = (await list(client)).find((c) => c.name === name)
  if (!found) throw new Error(`no category ${name}`)
  return found
}

export const rollupsOf = async (categoryId: string | null, accountId: string) =>
  (await t.database.db.select().from(monthlyRollups).where(eq(monthlyRollups.accountId, accountId)))
    .filter((r) => r.categoryId === categoryId)
    .map(({ month, income, expense, other, count }) => ({ month, income, expense, other, count }))
    .sort((a, b) => a.month.localeCompare(b.month))
