// GET /api/goals for the goal a transfer feeds (the same cache entry as the Goals page).
import { useQuery } from '@tanstack/react-query'
import { listGoals } from '../../../../contract/goals'
import { callEndpoint } from '../../../lib/api'
import { API_ROOTS } from '../../../lib/query-keys'

export function useGoalOptions() {
  return useQuery({
    queryKey: [API_ROOTS.goals],
    queryFn: ({ signal }) => callEndpoint(listGoals, { signal }),
  })
}
