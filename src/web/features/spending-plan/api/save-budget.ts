// PUT /api/budgets: a category's budget (and rollover) for a month. The plan's row changes at
// once (optimistic, its level worked out by the domain's rule) and goes back on a refusal; then
// the plan, budgets and the dashboard's summaries refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { upsertBudget, type upsertBudgetBody } from '../../../../contract/budgets'
import type { SpendingPlan } from '../../../../contract/spending-plan'
import { budgetUsage, categoryBudgetLevel } from '../../../../domain/budget'
import { asCents } from '../../../../domain/money'
import { callEndpoint } from '../../../lib/api'
import { API_ROOTS, invalidateRoots } from '../../../lib/query-keys'
import { planKeys } from './plan-keys'

export type BudgetChange = z.output<typeof upsertBudgetBody>

function applyChange(plan: SpendingPlan, change: BudgetChange): SpendingPlan {
  const row = plan.categories.find((c) => c.categoryId === change.categoryId)
  if (row === undefined) return plan
  const delta = change.amount - ownBudget(plan, row.categoryId)
  const rows = plan.categories.map((c) => {
    if (c.categoryId !== change.categoryId && c.categoryId !== row.parentId) return c
    const budget = asCents(c.budget + delta)
    const limit = asCents(budget + c.carried)
    return {
      ...c,
      budget,
      rollover: c.categoryId === change.categoryId ? change.rollover : c.rollover,
      available: asCents(limit - c.spent),
      usage: budgetUsage(c.spent, limit),
      level: categoryBudgetLevel(c.spent, budget, c.carried),
    }
  })
  return { ...plan, categories: rows }
}

/** A category's own budget: a parent's row includes its children's. */
export function ownBudget(plan: SpendingPlan, categoryId: string) {
  const row = plan.categories.find((c) => c.categoryId === categoryId)
  if (row === undefined) return asCents(0)
  const children = plan.categories.filter((c) => c.parentId === categoryId)
  return asCents(row.budget - children.reduce((s, c) => s + c.budget, 0))
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
