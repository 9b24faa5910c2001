// GET /api/analytics/net-worth: net worth now and at the end of last month.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { getNetWorth } from '#src/contract/analytics'
import { afterFirstPaint } from '#src/web/lib/after-paint'
import { callEndpoint } from '#src/web/lib/api'
import { dashboardKeys } from './dashboard-keys'

export const netWorthQuery = queryOptions({
  queryKey: dashboardKeys.netWorth(),
  queryFn: async ({ signal }) => {
    await afterFirstPaint()
    return callEndpoint(getNetWorth, { signal })
  },
})

export function useNetWorth() {
  return useQuery(netWorthQuery)
}
