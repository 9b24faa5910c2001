// The writes of the Smart Insights page: Refresh (queues the household's insight job; the page
// polls where it stands and reloads its sections once it is done), marking an
// insight read or dismissed, accepting category suggestions (one or many), confirming a recurring
// payment into a bill or dismissing it, and an insight's one-click action through the existing
// endpoints (a rule, a budget, a bill).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { upsertBudget } from '../../../../contract/budgets'
import {
  acceptCategorySuggestions,
  confirmRecurring,
  dismissRecurring,
  refreshInsights,
  updateInsight,
  type InsightAction,
} from '../../../../contract/insights'
import { createRule } from '../../../../contract/rules'
import { callEndpoint } from '../../../lib/api'
import { API_ROOTS, invalidateLedger, invalidateRoots } from '../../../lib/query-keys'
import { insightKeys } from './insight-keys'

const INSIGHTS = [API_ROOTS.insights] as const

export function useRefreshInsights() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => callEndpoint(refreshInsights),
    // queued or running: the status query polls from here until the run is over
    onSuccess: (state) => queryClient.setQueryData(insightKeys.refresh, state),
  })
}

export function useUpdateInsight() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; read?: boolean; dismissed?: boolean }) =>
      callEndpoint(updateInsight, { params: { id }, body }),
    onSuccess: () => invalidateRoots(queryClient, INSIGHTS),
  })
}

export function useAcceptSuggestions() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (items: { transactionId: string; categoryId: string }[]) =>
      callEndpoint(acceptCategorySuggestions, { body: { items } }),
    // categories move totals, budgets and reports as well as the suggestions
    onSuccess: () => invalidateLedger(queryClient, INSIGHTS),
  })
}

export function useConfirmRecurring() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callEndpoint(confirmRecurring, { params: { id }, body: {} }),
    onSuccess: () =>
      invalidateRoots(queryClient, [...INSIGHTS, API_ROOTS.bills, API_ROOTS.reminders]),
  })
}

export function useDismissRecurring() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callEndpoint(dismissRecurring, { params: { id } }),
    onSuccess: () => invalidateRoots(queryClient, INSIGHTS),
  })
}

/** An insight's one-click action, done through the endpoint the rest of the app uses. */
export function useInsightAction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (action: InsightAction): Promise<void> => {
      if (action.action === 'rule') {
        await callEndpoint(createRule, {
          body: {
            name: action.name,
            isActive: true,
            match: 'all',
            conditions: [{ field: 'payee', operator: 'contains', value: action.payee }],
            actions: { setCategoryId: action.categoryId },
          },
        })
      } else if (action.action === 'budget') {
        await callEndpoint(upsertBudget, {
          body: {
            categoryId: action.categoryId,
            month: action.month,
            amount: action.amount,
            rollover: false,
          },
        })
      } else {
        await callEndpoint(confirmRecurring, { params: { id: action.recurringId }, body: {} })
      }
    },
    onSuccess: async (_data, action) => {
      // the rules page keys its list on the contract's path
      if (action.action === 'rule')
        await queryClient.invalidateQueries({ queryKey: [createRule.path] })
      await invalidateRoots(queryClient, [
        ...INSIGHTS,
        action.action === 'budget' ? API_ROOTS.budgets : API_ROOTS.bills,
        ...(action.action === 'budget' ? [API_ROOTS.spendingPlan] : []),
      ])
    },
  })
}
