// GET /api/credit-score: the latest score, or null (the Credit Score card and the mood).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { getCreditScore } from '#src/contract/credit-score'
import { afterFirstPaint } from '#src/web/lib/after-paint'
import { callEndpoint } from '#src/web/lib/api'
import { dashboardKeys } from './dashboard-keys'

export const creditScoreQuery = queryOptions({
  queryKey: dashboardKeys.creditScore(),
  queryFn: async ({ signal }) => {
    await afterFirstPaint()
    return callEndpoint(getCreditScore, { signal })
  },
})

export function useCreditScore() {
  return useQuery(creditScoreQuery)
}
