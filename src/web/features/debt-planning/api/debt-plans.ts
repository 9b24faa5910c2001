// Saved debt plans: the list with each plan's progress against the payments made
// (GET /api/debt-planning/plans), saving one, deleting one, and making its payments bills.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  createDebtPlanBills,
  deleteDebtPlan,
  listDebtPlans,
  saveDebtPlan,
} from '#src/contract/planning'
import { callEndpoint } from '#src/web/lib/api'
import { API_ROOTS, invalidateRoots } from '#src/web/lib/query-keys'
import type { DebtPlanBody } from './debt-planning'

export const debtPlanKeys = {
  plans: [API_ROOTS.debtPlanning, 'plans'] as const,
}

export function useDebtPlans() {
  return useQuery({
    queryKey: debtPlanKeys.plans,
    queryFn: ({ signal }) => callEndpoint(listDebtPlans, { signal }),
  })
}

export function useSaveDebtPlan() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { name: string; plan: DebtPlanBody }) =>
      callEndpoint(saveDebtPlan, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: debtPlanKeys.plans }),
  })
}

export function useDeleteDebtPlan() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callEndpoint(deleteDebtPlan, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: debtPlanKeys.plans }),
  })
}

export function useCreateDebtPlanBills() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, dueDay }: { id: string; dueDay: number }) =>
      callEndpoint(createDebtPlanBills, { params: { id }, body: { dueDay } }),
    // the bills change the spending plan, so the allowance and the plans' allowance lines too
    onSuccess: () =>
      invalidateRoots(queryClient, [
        API_ROOTS.bills,
        API_ROOTS.debtPlanning,
        API_ROOTS.spendingPlan,
        API_ROOTS.analytics,
        API_ROOTS.reminders,
      ]),
  })
}
