// GET /api/household for the Accounts page: the members, to name each account's owner and to
// pick one in the account form. The same key as the Family page's, so both share one answer and
// a change of members there refreshes the names here.
import { useQuery } from '@tanstack/react-query'
import { getHousehold } from '../../../../contract/household'
import { callEndpoint } from '../../../lib/api'
import { accountKeys } from './account-keys'

export function useHousehold(enabled = true) {
  return useQuery({
    queryKey: accountKeys.household(),
    queryFn: ({ signal }) => callEndpoint(getHousehold, { signal }),
    enabled,
  })
}
