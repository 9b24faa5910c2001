// GET /api/accounts, shared by every page that picks or shows an account (the dashboard's too,
// so they share one cache entry): `useQuery(accountsQuery)`.
import { queryOptions } from '@tanstack/react-query'
import { listAccounts } from '#src/contract/accounts'
import { callEndpoint } from '../api'
import { API_ROOTS } from '../query-keys'

export const accountsQuery = queryOptions({
  queryKey: [API_ROOTS.accounts] as const,
  queryFn: ({ signal }) => callEndpoint(listAccounts, { signal }),
})
