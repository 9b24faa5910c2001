// GET /api/goals: every goal with its progress and what went in this month. One cache entry for
// the Goals page, the dashboard's Savings Goals card, the goal a transfer automation feeds and
// the goal a savings challenge feeds.
import { queryOptions } from '@tanstack/react-query'
import { listGoals } from '#src/contract/goals'
import { callEndpoint } from '../api'
import { API_ROOTS } from '../query-keys'

export const goalsQuery = queryOptions({
  queryKey: [API_ROOTS.goals] as const,
  queryFn: ({ signal }) => callEndpoint(listGoals, { signal }),
})
