// Spending per budget category in a month, as one member sees it: what budget alerts and
// budget.threshold webhooks read, and the reminder job too (reminders/generated.ts), which is why
// this query sits beside the module's repo.ts rather than in it (a module never imports another
// module's repo).
import { and, eq, sql } from 'drizzle-orm'
import { categoryTree, withChildren } from '#src/domain/category-groups'
import type { IsoDate } from '#src/domain/dates'
import type { DbOrTx } from '../db/connect'
import { budgets, categories, monthlyRollups } from '../db/schema'
import { notIn, type MemberScope } from './scope'

export type BudgetUse = { categoryId: string; name: string; budget: number; spent: number }

/** Each budget of `month` (YYYY-MM-01) with its spending (sub-categories included) in the member's accounts. */
export async function budgetUse(
  db: DbOrTx,
  scope: MemberScope,
  month: IsoDate,
  categoryId: string | null,
): Promise<BudgetUse[]> {
  const monthBudgets = await db
    .select({ categoryId: budgets.categoryId, amount: budgets.amount, name: categories.name })
    .from(budgets)
    .innerJoin(categories, eq(categories.id, budgets.categoryId))
    .where(
      and(
        eq(budgets.householdId, scope.householdId),
        eq(budgets.month, month),
        categoryId ? eq(budgets.categoryId, categoryId) : undefined,
      ),
    )
  if (!monthBudgets.length) return []
  const spent = await db
    .select({
      categoryId: monthlyRollups.categoryId,
      total: sql<string>`sum(${monthlyRollups.expense})`,
    })
    .from(monthlyRollups)
    .where(
      and(
        eq(monthlyRollups.householdId, scope.householdId),
        eq(monthlyRollups.month, month),
        notIn(monthlyRollups.accountId, scope.noTransactions),
      ),
    )
    .groupBy(monthlyRollups.categoryId)
  const cats = await db
    .select({ id: categories.id, parentId: categories.parentId })
    .from(categories)
    .where(eq(categories.householdId, scope.householdId))
  // a group's budget covers the whole group's spending; a child's only its own (ADR 0036)
  const tree = categoryTree(cats)
  const spentOn = new Map(spent.map((s) => [s.categoryId, Number(s.total)]))
  return monthBudgets.map((b) => {
    const covered =
      tree.get(b.categoryId) === null ? withChildren(tree, b.categoryId) : [b.categoryId]
    return {
      categoryId: b.categoryId,
      name: b.name,
      budget: b.amount,
      spent: covered.reduce((sum, id) => sum + (spentOn.get(id) ?? 0), 0),
    }
  })
}
