// Query keys of the goals page, under the '/api/goals' root the dashboard's Savings Goals card
// reads too.
import { goalsQuery } from '#src/web/lib/queries/goals'

export const goalKeys = {
  all: goalsQuery.queryKey,
}
