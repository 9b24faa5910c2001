// GET /api/accounts: every account with its balance (the Accounts card, net worth for the mood).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { listAccounts } from '../../../../contract/accounts'
import { afterFirstPaint } from '../../../lib/after-paint'
import { callEndpoint } from '../../../lib/api'
import { dashboardKeys } from './dashboard-keys'

export const accountsQuery = queryOptions({
  queryKey: dashboardKeys.accounts(),
  queryFn: async ({ signal }) => {
    await afterFirstPaint()
    return callEndpoint(listAccounts, { signal })
  },
})

export function useAccounts() {
  return useQuery(accountsQuery)
}
