// GET /api/goals: the Savings Goals card and the mood's goal progress.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { listGoals } from '../../../../contract/goals'
import { afterFirstPaint } from '../../../lib/after-paint'
import { callEndpoint } from '../../../lib/api'
import { dashboardKeys } from './dashboard-keys'

export const goalsQuery = queryOptions({
  queryKey: dashboardKeys.goals(),
  queryFn: async ({ signal }) => {
    await afterFirstPaint()
    return callEndpoint(listGoals, { signal })
  },
})

export function useGoals() {
  return useQuery(goalsQuery)
}
