// GET /api/analytics/monthly-summary: this month's income, expenses, what is available, the daily
// allowance and spending by category. One cache entry for the dashboard and the savings
// challenges' daily allowance; under the analytics root, so every ledger write refreshes it.
import { queryOptions } from '@tanstack/react-query'
import { getMonthlySummary } from '#src/contract/analytics'
import { callEndpoint } from '../api'
import { API_ROOTS } from '../query-keys'

export const monthlySummaryQuery = queryOptions({
  queryKey: [`${API_ROOTS.analytics}/monthly-summary`] as const,
  queryFn: ({ signal }) => callEndpoint(getMonthlySummary, { signal }),
})
