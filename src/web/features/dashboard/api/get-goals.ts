// GET /api/goals: the Savings Goals card and the mood's goal progress.
// The shared query (lib/queries), asked after the first paint like every card's.
import { useQuery } from '@tanstack/react-query'
import { afterFirstPaintQuery } from '#src/web/lib/after-paint'
import { goalsQuery as shared } from '#src/web/lib/queries/goals'

export const goalsQuery = afterFirstPaintQuery(shared)

export function useGoals() {
  return useQuery(goalsQuery)
}
