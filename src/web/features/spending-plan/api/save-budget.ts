// PUT /api/budgets: a category's budget (and rollover) for a month. The plan's row changes at
// once (optimistic, its level worked out by the domain's rule) and goes back on a refusal; then
// the plan, budgets and the dashboard's summaries refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { upsertBudget, type upsertBudgetBody } from '#src/contract/budgets'
import type { SpendingPlan } from '#src/contract/spending-plan'
import { budgetUsage, categoryBudgetLevel } from '#src/domain/budget'
import { groupBudget } from '#src/domain/category-groups'
import { asCents, ZERO, type Cents } from '#src/domain/money'
import { callEndpoint } from '#src/web/lib/api'
import { API_ROOTS, invalidateRoots } from '#src/web/lib/query-keys'
import { planKeys } from './plan-keys'

export type BudgetChange = z.output<typeof upsertBudgetBody>

/** A group's budget from its own and its children's (the carried part stays as it was). */
const groupOf = (own: Cents, childrenBudget: Cents): Cents =>
  groupBudget({ budget: own, carried: ZERO }, [{ budget: childrenBudget, carried: ZERO }]).budget

function applyChange(plan: SpendingPlan, change: BudgetChange): SpendingPlan {
  const row = plan.categories.find((c) => c.categoryId === change.categoryId)
  if (row === undefined) return plan
  const delta = change.amount - row.ownBudget
  const rows = plan.categories.map((c) => {
    let next = c
    if (c.categoryId === change.categoryId) {
      // a child's budget is its own; a group's follows the domain's rule (ADR 0036)
      const budget =
        c.parentId === null ? groupOf(change.amount, c.childrenBudget) : change.amount
      next = { ...c, ownBudget: change.amount, budget, rollover: change.rollover }
    } else if (c.categoryId === row.parentId) {
      const childrenBudget = asCents(c.childrenBudget + delta)
      next = { ...c, childrenBudget, budget: groupOf(c.ownBudget, childrenBudget) }
    } else {
      return c
    }
    const limit = asCents(next.budget + next.carried)
    return {
      ...next,
      available: asCents(limit - next.spent),
      usage: budgetUsage(next.spent, limit),
      level: categoryBudgetLevel(next.spent, next.budget, next.carried),
    }
  })
  return { ...plan, categories: rows }
}

export function useSaveBudget() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: BudgetChange) => callEndpoint(upsertBudget, { body }),
    onMutate: async (change) => {
      const key = planKeys.month(change.month)
      await queryClient.cancelQueries({ queryKey: key })
      const before = queryClient.getQueryData<SpendingPlan>(key)
      if (before !== undefined) queryClient.setQueryData(key, applyChange(before, change))
      return { before, key }
    },
    onError: (_error, _change, context) => {
      if (context?.before !== undefined) queryClient.setQueryData(context.key, context.before)
    },
    onSettled: () =>
      invalidateRoots(queryClient, [
        API_ROOTS.spendingPlan,
        API_ROOTS.budgets,
        API_ROOTS.analytics,
      ]),
  })
}
