// Query keys of the goals page, under the '/api/goals' root the dashboard's Savings Goals card
// reads too.
import { API_ROOTS } from '../../../lib/query-keys'

export const goalKeys = {
  all: [API_ROOTS.goals] as const,
}
