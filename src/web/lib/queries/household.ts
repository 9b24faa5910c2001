// GET /api/household: its name, plan, the caller's role and every member with the accounts of
// theirs that the caller may see. One cache entry for the Family page, the Accounts page (owners'
// names, the owner picker) and the reports' members filter, so a change of members on one
// refreshes the others.
import { queryOptions } from '@tanstack/react-query'
import { getHousehold } from '#src/contract/household'
import { callEndpoint } from '../api'
import { API_ROOTS } from '../query-keys'

export const householdQuery = queryOptions({
  queryKey: [API_ROOTS.household] as const,
  queryFn: ({ signal }) => callEndpoint(getHousehold, { signal }),
})
