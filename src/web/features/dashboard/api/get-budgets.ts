// GET /api/budgets: this month's budgets (their total feeds the mood's budget usage).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { listBudgets } from '#src/contract/budgets'
import { afterFirstPaint } from '#src/web/lib/after-paint'
import { callEndpoint } from '#src/web/lib/api'
import { dashboardKeys } from './dashboard-keys'

export const budgetsQuery = queryOptions({
  queryKey: dashboardKeys.budgets(),
  queryFn: async ({ signal }) => {
    await afterFirstPaint()
    return callEndpoint(listBudgets, { signal })
  },
})

export function useBudgets() {
  return useQuery(budgetsQuery)
}
