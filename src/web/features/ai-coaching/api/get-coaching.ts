// The read of the AI Coaching page: this week's actions, the accepted ones with their measured
// results, and the member's tone.
import { useQuery } from '@tanstack/react-query'
import { getCoaching } from '#src/contract/coaching'
import { callEndpoint } from '#src/web/lib/api'
import { coachingKeys } from './coaching-keys'

export function useCoaching() {
  return useQuery({
    queryKey: coachingKeys.view,
    queryFn: ({ signal }) => callEndpoint(getCoaching, { signal }),
  })
}
