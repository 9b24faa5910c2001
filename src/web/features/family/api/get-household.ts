// GET /api/household: its name, plan, the caller's role and every member with the accounts of
// theirs that the caller may see.
import { useQuery } from '@tanstack/react-query'
import { getHousehold } from '../../../../contract/household'
import { callEndpoint } from '../../../lib/api'
import { householdKeys } from './household-keys'

export function useHousehold() {
  return useQuery({
    queryKey: householdKeys.all,
    queryFn: ({ signal }) => callEndpoint(getHousehold, { signal }),
  })
}
