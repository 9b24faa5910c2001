// GET /api/budgets: this month's budgets (their total feeds the mood's budget usage).
import { useQuery } from '@tanstack/react-query'
import { listBudgets } from '../../../../contract/budgets'
import { callEndpoint } from '../../../lib/api'
import { dashboardKeys } from './dashboard-keys'

export function useBudgets() {
  return useQuery({
    queryKey: dashboardKeys.budgets(),
    queryFn: ({ signal }) => callEndpoint(listBudgets, { signal }),
  })
}
