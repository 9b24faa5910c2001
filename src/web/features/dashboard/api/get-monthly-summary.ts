// GET /api/analytics/monthly-summary: income, expenses, what is available and spending by category.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { getMonthlySummary } from '../../../../contract/analytics'
import { afterFirstPaint } from '../../../lib/after-paint'
import { callEndpoint } from '../../../lib/api'
import { dashboardKeys } from './dashboard-keys'

export const monthlySummaryQuery = queryOptions({
  queryKey: dashboardKeys.monthlySummary(),
  queryFn: async ({ signal }) => {
    await afterFirstPaint()
    return callEndpoint(getMonthlySummary, { signal })
  },
})

export function useMonthlySummary() {
  return useQuery(monthlySummaryQuery)
}
