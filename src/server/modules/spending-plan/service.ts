// The Spending Plan page: per category, this month's budget, what rolled over from last month,
// what was spent and what is left, plus the month's plan. A group's row holds its children's
// spending; its budget is the one set on it, else its children's added up (ADR 0036).
// Spending counts only the accounts whose transactions the member sees (ADR 0023): a private or
// balance-only account of someone else never shows through a category's spent or a rollover.
import { and, eq, gte, lte, sql } from 'drizzle-orm'
import type { SpendingPlan } from '../../../contract/spending-plan'
import { budgetUsage, categoryBudgetLevel, rolloverAmount } from '../../../domain/budget'
import { categoryTree, groupBudget, withChildren, type BudgetFigures } from '../../../domain/category-groups'
import { addMonths, type IsoDate } from '../../../domain/dates'
import { asCents, ZERO, type Cents } from '../../../domain/money'
import type { Db } from '../../db/connect'
import { budgets, categories, monthlyRollups } from '../../db/schema'
import { notIn, memberScope } from '../accounts/scope'
import { monthPlan } from '../analytics/service'
import type { SessionUser } from '../auth/sessions'

/** How far back a rollover chain is followed. */
const ROLLOVER_MONTHS = 24

type Row = { budgetId: string | null; ownBudget: Cents; childrenBudget: Cents; budget: Cents; rollover: boolean; carried: Cents; spent: Cents }

export async function spendingPlanFor(db: Db, user: SessionUser, now: Date, month?: string): Promise<SpendingPlan> {
  const scope = await memberScope(db, user)
  const plan = await monthPlan(db, user, now, month, { scope })
  const h = user.householdId
  const from: IsoDate = addMonths(plan.first, -ROLLOVER_MONTHS)

  const cats = await db
    .select({ id: categories.id, name: categories.name, parentId: categories.parentId, kind: categories.kind, isHidden: categories.isHidden })
    .from(categories)
    .where(eq(categories.householdId, h))
  const monthBudgets = await db
    .select({ id: budgets.id, categoryId: budgets.categoryId, month: budgets.month, amount: budgets.amount, rollover: budgets.rollover })
    .from(budgets)
    .where(and(eq(budgets.householdId, h), gte(budgets.month, from), lte(budgets.month, plan.first)))
  const spending = await db
    .select({
      categoryId: monthlyRollups.categoryId,
      month: monthlyRollups.month,
      spent: sql<string>`sum(${monthlyRollups.expense})`,
    })
    .from(monthlyRollups)
    .where(
      and(
        eq(monthlyRollups.householdId, h),
        gte(monthlyRollups.month, from),
        lte(monthlyRollups.month, plan.first),
        notIn(monthlyRollups.accountId, scope.noTransactions),
      ),
    )
    .groupBy(monthlyRollups.categoryId, monthlyRollups.month)

  const budgetOf = new Map(monthBudgets.map((b) => [`${b.categoryId}|${b.month}`, b]))
  const spentOf = new Map(spending.map((s) => [`${s.categoryId ?? ''}|${s.month}`, Number(s.spent)]))
  const tree = categoryTree(cats)
  const members = new Map(cats.map((c) => [c.id, c.parentId === null ? withChildren(tree, c.id) : [c.id]]))
  // what a category's budget is measured against: a group's covers the whole group (ADR 0036)
  const spentIn = (categoryId: string, monthStart: IsoDate): Cents =>
    asCents((members.get(categoryId) ?? [categoryId]).reduce((sum, id) => sum + (spentOf.get(`${id}|${monthStart}`) ?? 0), 0))

  // carried into a month = what the previous month left, when that month's budget rolls over
  const carriedInto = (categoryId: string, monthStart: IsoDate, depth: number): Cents => {
    if (depth >= ROLLOVER_MONTHS) return ZERO
    const previous = addMonths(monthStart, -1)
    const prevBudget = budgetOf.get(`${categoryId}|${previous}`)
    if (!prevBudget?.rollover) return ZERO
    return rolloverAmount(asCents(prevBudget.amount), spentIn(categoryId, previous), carriedInto(categoryId, previous, depth + 1))
  }

  const own = new Map<string, BudgetFigures & { budgetId: string | null; rollover: boolean }>()
  for (const c of cats) {
    const b = budgetOf.get(`${c.id}|${plan.first}`)
    own.set(c.id, {
      budgetId: b?.id ?? null,
      budget: b ? asCents(b.amount) : null,
      rollover: b?.rollover ?? false,
      carried: carriedInto(c.id, plan.first, 0),
    })
  }
  const noBudget = { budgetId: null, budget: null, rollover: false, carried: ZERO }
  const childrenOf = (id: string) => cats.filter((c) => c.parentId === id)
  const figures = (c: (typeof cats)[number]): Row => {
    const mine = own.get(c.id) ?? noBudget
    const spent = spentIn(c.id, plan.first)
    if (c.parentId !== null) {
      const budget = mine.budget ?? ZERO
      return { budgetId: mine.budgetId, ownBudget: budget, childrenBudget: ZERO, budget, rollover: mine.rollover, carried: mine.carried, spent }
    }
    const group = groupBudget(mine, childrenOf(c.id).map((child) => own.get(child.id) ?? noBudget))
    return {
      budgetId: mine.budgetId,
      ownBudget: mine.budget ?? ZERO,
      childrenBudget: group.childrenBudget,
      budget: group.budget,
      rollover: mine.rollover,
      carried: group.carried,
      spent,
    }
  }

  // groups first, each followed by its children; hidden ones only when they have figures
  const ordered = cats
    .filter((c) => c.parentId === null)
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }))
    .flatMap((p) => [p, ...childrenOf(p.id).sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }))])
  const rows = ordered
    .map((c) => ({ c, r: figures(c) }))
    .filter(({ c, r }) => (!c.isHidden && c.kind === 'expense') || r.budget !== 0 || r.spent !== 0)
    .map(({ c, r }) => {
      const limit = asCents(r.budget + r.carried)
      return {
        categoryId: c.id,
        name: c.name,
        parentId: c.parentId,
        kind: c.kind === 'income' ? ('income' as const) : ('expense' as const),
        budgetId: r.budgetId,
        budget: r.budget,
        ownBudget: r.ownBudget,
        childrenBudget: r.childrenBudget,
        rollover: r.rollover,
        carried: r.carried,
        spent: r.spent,
        available: asCents(limit - r.spent),
        usage: budgetUsage(r.spent, limit),
        level: categoryBudgetLevel(r.spent, r.budget, r.carried),
      }
    })
  // each group once: its row already holds its children
  const top = rows.filter((r) => r.parentId === null && r.kind === 'expense')
  const budgeted = top.reduce((s, r) => s + r.budget + r.carried, 0)
  const spent = top.reduce((s, r) => s + r.spent, 0)
  return {
    month: plan.month,
    today: plan.today,
    categories: rows,
    totals: { budgeted: asCents(budgeted), spent: asCents(spent), available: asCents(budgeted - spent) },
    plan: {
      income: plan.income,
      expenses: plan.expenses,
      billsStillDue: plan.billsStillDue,
      goalContributions: plan.goalContributions,
      available: plan.available,
      dailyAllowance: plan.dailyAllowance,
      daysLeft: plan.daysLeft,
    },
    billLines: plan.billLines,
    goalLines: plan.goalLines,
  }
}
