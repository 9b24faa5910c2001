// The read of the Motivation Coach page: streaks, milestones, the weekly recap, the mood's trend
// and the messages made of the member's own figures.
import { useQuery } from '@tanstack/react-query'
import { getMotivation } from '#src/contract/coaching'
import { callEndpoint } from '#src/web/lib/api'
import { motivationKeys } from './motivation-keys'

export function useMotivation() {
  return useQuery({
    queryKey: motivationKeys.view,
    queryFn: ({ signal }) => callEndpoint(getMotivation, { signal }),
  })
}
