// POST /api/budgets/copy: last month's budgets into this one (budgets already set are kept).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { copyBudgets } from '#src/contract/budgets'
import { callEndpoint } from '#src/web/lib/api'
import { API_ROOTS, invalidateRoots } from '#src/web/lib/query-keys'

export function useCopyBudgets() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { fromMonth: string; toMonth: string }) =>
      callEndpoint(copyBudgets, { body }),
    onSuccess: () =>
      invalidateRoots(queryClient, [
        API_ROOTS.spendingPlan,
        API_ROOTS.budgets,
        API_ROOTS.analytics,
      ]),
  })
}
