// Budget queries, each scoped by household. Months are stored as their first day (a date).
import { and, asc, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '#src/server/db/connect'
import { param, prepared } from '#src/server/db/prepared'
import { budgets, categories } from '#src/server/db/schema'

export type BudgetRow = typeof budgets.$inferSelect

/** The budgets of one month, by category name. */
const budgetRows = prepared('budgets_of_month', (db) =>
  db
    .select({ budget: budgets })
    .from(budgets)
    .innerJoin(categories, eq(categories.id, budgets.categoryId))
    .where(and(eq(budgets.householdId, param('householdId')), eq(budgets.month, param('month'))))
    .orderBy(sql`lower(${categories.name})`, asc(budgets.id)),
)

export async function listBudgetRows(db: DbOrTx, householdId: string, month: string): Promise<BudgetRow[]> {
  const rows = await budgetRows(db).execute({ householdId, month })
  return rows.map((r) => r.budget)
}

export async function findBudget(
  db: DbOrTx,
  householdId: string,
  id: string,
): Promise<BudgetRow | undefined> {
  const rows = await db
    .select()
    .from(budgets)
    .where(and(eq(budgets.householdId, householdId), eq(budgets.id, id)))
    .limit(1)
  return rows[0]
}

export async function upsertBudgetRow(
  db: DbOrTx,
  values: {
    householdId: string
    categoryId: string
    month: string
    amount: number
    rollover: boolean
    now: Date
  },
): Promise<BudgetRow> {
  const { now, ...fields } = values
  const [row] = await db
    .insert(budgets)
    .values(fields)
    .onConflictDoUpdate({
      target: [budgets.householdId, budgets.categoryId, budgets.month],
      set: { amount: fields.amount, rollover: fields.rollover, updatedAt: now },
    })
    .returning()
  if (!row) throw new Error('upsert returned no row')
  return row
}

export async function deleteBudgetRow(
  db: DbOrTx,
  householdId: string,
  id: string,
): Promise<boolean> {
  const rows = await db
    .delete(budgets)
    .where(and(eq(budgets.householdId, householdId), eq(budgets.id, id)))
    .returning({ id: budgets.id })
  return rows.length > 0
}

/** Copies one month's budgets to another, leaving categories the target month already has. */
export async function copyBudgetRows(
  db: DbOrTx,
  householdId: string,
  fromMonth: string,
  toMonth: string,
): Promise<void> {
  const b = budgets
  await db
    .insert(b)
    .select(
      db
        .select({
          id: sql<string>`gen_random_uuid()`.as('id'),
          householdId: b.householdId,
          categoryId: b.categoryId,
          month: sql<string>`${toMonth}::date`.as('month'),
          amount: b.amount,
          rollover: b.rollover,
          createdAt: sql<Date>`now()`.as('created_at'),
          updatedAt: sql<Date>`now()`.as('updated_at'),
        })
        .from(b)
        .where(and(eq(b.householdId, householdId), eq(b.month, fromMonth))),
    )
    .onConflictDoNothing({ target: [b.householdId, b.categoryId, b.month] })
}

export async function categoryExists(
  db: DbOrTx,
  householdId: string,
  categoryId: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.householdId, householdId), eq(categories.id, categoryId)))
    .limit(1)
  return rows.length > 0
}
