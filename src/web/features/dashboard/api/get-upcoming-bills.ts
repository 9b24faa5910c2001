// GET /api/bills/upcoming?days=30: the bills of the next 30 days for the Upcoming Bills card.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { upcomingBills } from '#src/contract/bills'
import { afterFirstPaint } from '#src/web/lib/after-paint'
import { callEndpoint } from '#src/web/lib/api'
import { dashboardKeys } from './dashboard-keys'

export const UPCOMING_DAYS = 30

export const upcomingBillsQuery = queryOptions({
  queryKey: dashboardKeys.upcomingBills(UPCOMING_DAYS),
  queryFn: async ({ signal }) => {
    await afterFirstPaint()
    return callEndpoint(upcomingBills, { query: { days: UPCOMING_DAYS }, signal })
  },
})

export function useUpcomingBills() {
  return useQuery(upcomingBillsQuery)
}
