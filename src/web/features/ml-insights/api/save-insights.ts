// The writes of the Smart Insights page: Refresh (queues the household's insight job; the page
// polls where it stands and reloads its sections once it is done), marking an
// insight read or dismissed, accepting category suggestions (one or many), confirming a recurring
// payment into a bill or dismissing it, and an insight's one-click action through the existing
// endpoints (a rule, a budget, a bill, ending a bill, no longer tracking a payment).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { updateBill } from '#src/contract/bills'
import { upsertBudget } from '#src/contract/budgets'
import {
  acceptCategorySuggestions,
  confirmRecurring,
  dismissRecurring,
  refreshInsights,
  updateInsight,
  type InsightAction,
} from '#src/contract/insights'
import { createRule } from '#src/contract/rules'
import { callEndpoint } from '#src/web/lib/api'
import { API_ROOTS, invalidateLedger, invalidateRoots, type ApiRoot } from '#src/web/lib/query-keys'
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

/** The roots an insight's action changes, beside the insights themselves. */
const ACTION_ROOTS = {
  // a rule files transactions from the next import on: nothing shown changes yet
  rule: [],
  budget: [API_ROOTS.budgets, API_ROOTS.spendingPlan],
  bill: [API_ROOTS.bills, API_ROOTS.reminders],
  end_bill: [API_ROOTS.bills, API_ROOTS.reminders],
  dismiss_recurring: [],
} as const satisfies Record<InsightAction['action'], readonly ApiRoot[]>

/**
 * An insight's one-click action, done through the endpoint the rest of the app uses. A rule
 * whose category the member picks arrives here with the category chosen in the dialog.
 */
export function useInsightAction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (action: InsightAction): Promise<void> => {
      switch (action.action) {
        case 'rule': {
          if (action.categoryId === null) throw new Error('Choose a category for the rule')
          await callEndpoint(createRule, {
            body: {
              name: action.name,
              isActive: true,
              match: 'all',
              conditions: [{ field: 'payee', operator: 'contains', value: action.payee }],
              actions: { setCategoryId: action.categoryId },
            },
          })
          return
        }
        case 'budget':
          await callEndpoint(upsertBudget, {
            body: {
              categoryId: action.categoryId,
              month: action.month,
              amount: action.amount,
              rollover: action.rollover,
            },
          })
          return
        case 'bill':
          await callEndpoint(confirmRecurring, { params: { id: action.recurringId }, body: {} })
          return
        case 'end_bill':
          await callEndpoint(updateBill, { params: { id: action.billId }, body: { isActive: false } })
          return
        case 'dismiss_recurring':
          await callEndpoint(dismissRecurring, { params: { id: action.recurringId } })
      }
    },
    onSuccess: async (_data, action) => {
      // the rules page keys its list on the contract's path
      if (action.action === 'rule')
        await queryClient.invalidateQueries({ queryKey: [createRule.path] })
      await invalidateRoots(queryClient, [...INSIGHTS, ...ACTION_ROOTS[action.action]])
    },
  })
}
