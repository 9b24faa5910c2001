// Query keys of the AI Coaching page, under the '/api/coaching' root: the member's coaching view
// (this week's actions, the accepted ones and the tone) is one query that every write refreshes.
import { API_ROOTS } from '#src/web/lib/query-keys'

const root = API_ROOTS.coaching

export const coachingKeys = {
  all: [root] as const,
  view: [root, 'view'] as const,
}
