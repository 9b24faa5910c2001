// GET /api/goals: every goal with its progress and what went in this month.
import { useQuery } from '@tanstack/react-query'
import { listGoals } from '../../../../contract/goals'
import { callEndpoint } from '../../../lib/api'
import { goalKeys } from './goal-keys'

export function useGoalList() {
  return useQuery({
    queryKey: goalKeys.all,
    queryFn: ({ signal }) => callEndpoint(listGoals, { signal }),
  })
}
