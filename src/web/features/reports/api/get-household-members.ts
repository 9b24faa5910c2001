// GET /api/household, for the members filter (the same key as the Family page's, so they share
// one cache entry): who is in the household.
import { useQuery } from '@tanstack/react-query'
import { getHousehold } from '../../../../contract/household'
import { callEndpoint } from '../../../lib/api'

export function useHouseholdMembers() {
  return useQuery({
    queryKey: ['/api/household'] as const,
    queryFn: ({ signal }) => callEndpoint(getHousehold, { signal }),
    select: (household) => household.members,
  })
}
