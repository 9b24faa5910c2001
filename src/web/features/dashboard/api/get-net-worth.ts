// GET /api/analytics/net-worth: net worth now and at the end of last month.
import { useQuery } from '@tanstack/react-query'
import { getNetWorth } from '../../../../contract/analytics'
import { callEndpoint } from '../../../lib/api'
import { dashboardKeys } from './dashboard-keys'

export function useNetWorth() {
  return useQuery({
    queryKey: dashboardKeys.netWorth(),
    queryFn: ({ signal }) => callEndpoint(getNetWorth, { signal }),
  })
}
