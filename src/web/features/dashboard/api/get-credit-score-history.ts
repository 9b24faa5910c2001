// GET /api/credit-score/history: every entry, for the change since the previous one.
import { useQuery } from '@tanstack/react-query'
import { creditScoreHistory } from '../../../../contract/credit-score'
import { callEndpoint } from '../../../lib/api'
import { dashboardKeys } from './dashboard-keys'

export function useCreditScoreHistory() {
  return useQuery({
    queryKey: dashboardKeys.creditScoreHistory(),
    queryFn: ({ signal }) => callEndpoint(creditScoreHistory, { signal }),
  })
}
