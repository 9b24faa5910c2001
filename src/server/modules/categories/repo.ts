// Category queries, each scoped by household, including the moves a merge or delete makes in
// the tables that point at a category.
import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '#src/server/db/connect'
import { param, prepared } from '#src/server/db/prepared'
import {
  bills,
  budgets,
  categories,
  monthlyRollups,
  payeeCategories,
  rules,
  transactionSplits,
  transactions,
} from '#src/server/db/schema'

export type CategoryRow = typeof categories.$inferSelect
export type NewCategoryRow = typeof categories.$inferInsert

/** Inserts categories in one statement and returns their ids and names. */
export async function insertCategoryRows(db: DbOrTx, rows: NewCategoryRow[]): Promise<{ id: string; name: string }[]> {
  return db.insert(categories).values(rows).returning({ id: categories.id, name: categories.name })
}

const categoryRows = prepared('categories_list', (db) =>
  db.select().from(categories).where(eq(categories.householdId, param('householdId'))),
)

export function listCategoryRows(db: DbOrTx, householdId: string): Promise<CategoryRow[]> {
  return categoryRows(db).execute({ householdId })
}

export async function findCategory(
  db: DbOrTx,
  householdId: string,
  id: string,
): Promise<CategoryRow | undefined> {
  const rows = await db
    .select()
    .from(categories)
    .where(and(eq(categories.householdId, householdId), eq(categories.id, id)))
    .limit(1)
  return rows[0]
}

export function listChildren(
  db: DbOrTx,
  householdId: string,
  parentId: string,
): Promise<CategoryRow[]> {
  return db
    .select()
    .from(categories)
    .where(and(eq(categories.householdId, householdId), eq(categories.parentId, parentId)))
}

/** A category with this name (in any case) under the same parent, other than `exceptId`. */
export async function findSiblingByName(
  db: DbOrTx,
  householdId: string,
  parentId: string | null,
  name: string,
  exceptId?: string,
): Promise<CategoryRow | undefined> {
  const rows = await db
    .select()
    .from(categories)
    .where(
      and(
        eq(categories.householdId, householdId),
        parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId),
        sql`lower(${categories.name}) = lower(${name})`,
        exceptId ? ne(categories.id, exceptId) : undefined,
      ),
    )
    .limit(1)
  return rows[0]
}

export async function insertCategory(db: DbOrTx, values: NewCategoryRow): Promise<CategoryRow> {
  const [row] = await db.insert(categories).values(values).returning()
  if (!row) throw new Error('insert returned no row')
  return row
}

export async function updateCategoryRow(
  db: DbOrTx,
  householdId: string,
  id: string,
  patch: Partial<
    Pick<CategoryRow, 'name' | 'parentId' | 'kind' | 'isHidden' | 'color' | 'updatedAt'>
  >,
): Promise<CategoryRow | undefined> {
  const [row] = await db
    .update(categories)
    .set(patch)
    .where(and(eq(categories.householdId, householdId), eq(categories.id, id)))
    .returning()
  return row
}

export async function deleteCategoryRow(
  db: DbOrTx,
  householdId: string,
  id: string,
): Promise<void> {
  await db
    .delete(categories)
    .where(and(eq(categories.householdId, householdId), eq(categories.id, id)))
}

/** Re-parents every child of `fromParentId` (null = to the top level). */
export async function moveChildren(
  db: DbOrTx,
  householdId: string,
  fromParentId: string,
  to: { parentId: string | null; kind?: string },
  now: Date,
): Promise<void> {
  await db
    .update(categories)
    .set({ parentId: to.parentId, ...(to.kind ? { kind: to.kind } : {}), updatedAt: now })
    .where(and(eq(categories.householdId, householdId), eq(categories.parentId, fromParentId)))
}

/** Moves transactions, their splits, bills, learned payee choices and rule actions to another category. */
export async function reassignCategory(
  db: DbOrTx,
  householdId: string,
  fromId: string,
  toId: string,
  now: Date,
): Promise<void> {
  await db
    .update(transactions)
    .set({ categoryId: toId, updatedAt: now })
    .where(and(eq(transactions.householdId, householdId), eq(transactions.categoryId, fromId)))
  await db
    .update(transactionSplits)
    .set({ categoryId: toId })
    .where(
      and(eq(transactionSplits.householdId, householdId), eq(transactionSplits.categoryId, fromId)),
    )
  await db
    .update(bills)
    .set({ categoryId: toId, updatedAt: now })
    .where(and(eq(bills.householdId, householdId), eq(bills.categoryId, fromId)))
  await db
    .update(payeeCategories)
    .set({ categoryId: toId, updatedAt: now })
    .where(
      and(eq(payeeCategories.householdId, householdId), eq(payeeCategories.categoryId, fromId)),
    )
  await db
    .update(rules)
    .set({
      actions: sql`jsonb_set(${rules.actions}, '{setCategoryId}', to_jsonb(${toId}::text))`,
      updatedAt: now,
    })
    .where(
      and(eq(rules.householdId, householdId), sql`${rules.actions}->>'setCategoryId' = ${fromId}`),
    )
}

/**
 * Rules that set a deleted category stop setting one (rather than start clearing categories
 * that other rules or past choices would give); their other actions stay. A rule that did
 * nothing else goes with the category: a rule must do something (the contract refuses one that
 * does not, and the rules list could not answer with it).
 */
export async function dropRuleCategory(
  db: DbOrTx,
  householdId: string,
  categoryId: string,
  now: Date,
): Promise<void> {
  const setsIt = and(
    eq(rules.householdId, householdId),
    sql`${rules.actions}->>'setCategoryId' = ${categoryId}`,
  )
  await db
    .delete(rules)
    .where(
      and(
        setsIt,
        sql`coalesce(${rules.actions}->>'renamePayee', '') = ''`,
        sql`coalesce(${rules.actions}->>'addNote', '') = ''`,
      ),
    )
  await db
    .update(rules)
    .set({ actions: sql`${rules.actions} - 'setCategoryId'`, updatedAt: now })
    .where(setsIt)
}

/**
 * Moves a category's budgets onto another: where the target already has a budget for the
 * month the two amounts are added; the others change category (keeping their ids).
 */
export async function mergeBudgets(
  db: DbOrTx,
  householdId: string,
  fromId: string,
  toId: string,
  now: Date,
): Promise<void> {
  const source = alias(budgets, 'source')
  await db
    .update(budgets)
    .set({ amount: sql`${budgets.amount} + ${source.amount}`, updatedAt: now })
    .from(source)
    .where(
      and(
        eq(budgets.householdId, householdId),
        eq(budgets.categoryId, toId),
        eq(source.householdId, householdId),
        eq(source.categoryId, fromId),
        eq(source.month, budgets.month),
      ),
    )
  await db
    .delete(budgets)
    .where(
      and(
        eq(budgets.householdId, householdId),
        eq(budgets.categoryId, fromId),
        sql`${budgets.month} in (select ${budgets.month} from ${budgets} where ${budgets.householdId} = ${householdId} and ${budgets.categoryId} = ${toId})`,
      ),
    )
  await db
    .update(budgets)
    .set({ categoryId: toId, updatedAt: now })
    .where(and(eq(budgets.householdId, householdId), eq(budgets.categoryId, fromId)))
}

/**
 * Moves a category's monthly rollups onto another category (null = uncategorized), adding
 * them to the target's row of the same account and month when there is one.
 */
export async function mergeRollups(
  db: DbOrTx,
  householdId: string,
  fromId: string,
  toId: string | null,
): Promise<void> {
  const r = monthlyRollups
  await db
    .insert(r)
    .select(
      db
        .select({
          householdId: r.householdId,
          accountId: r.accountId,
          categoryId: sql<string | null>`${toId}::uuid`.as('category_id'),
          month: r.month,
          income: r.income,
          expense: r.expense,
          other: r.other,
          count: r.count,
        })
        .from(r)
        .where(and(eq(r.householdId, householdId), eq(r.categoryId, fromId))),
    )
    .onConflictDoUpdate({
      target: [r.householdId, r.accountId, r.categoryId, r.month],
      set: {
        income: sql`${r.income} + excluded.income`,
        expense: sql`${r.expense} + excluded.expense`,
        other: sql`${r.other} + excluded.other`,
        count: sql`${r.count} + excluded.count`,
      },
    })
  await db.delete(r).where(and(eq(r.householdId, householdId), eq(r.categoryId, fromId)))
}
