// GET /api/accounts, shared by every page that picks or shows an account (the same key as the
// dashboard's, so they share one cache entry).
import { useQuery } from '@tanstack/react-query'
import { listAccounts } from '../../../contract/accounts'
import { callEndpoint } from '../api'
import { API_ROOTS } from '../query-keys'

export const accountsQueryKey = [API_ROOTS.accounts] as const

export function useAccountList() {
  return useQuery({
    queryKey: accountsQueryKey,
    queryFn: ({ signal }) => callEndpoint(listAccounts, { signal }),
  })
}
