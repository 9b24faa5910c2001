// GET /api/credit-score/history: every entry, for the change since the previous one.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { creditScoreHistory } from '#src/contract/credit-score'
import { afterFirstPaint } from '#src/web/lib/after-paint'
import { callEndpoint } from '#src/web/lib/api'
import { dashboardKeys } from './dashboard-keys'

export const creditScoreHistoryQuery = queryOptions({
  queryKey: dashboardKeys.creditScoreHistory(),
  queryFn: async ({ signal }) => {
    await afterFirstPaint()
    return callEndpoint(creditScoreHistory, { signal })
  },
})

export function useCreditScoreHistory() {
  return useQuery(creditScoreHistoryQuery)
}
