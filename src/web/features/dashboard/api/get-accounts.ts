// GET /api/accounts: every account with its balance (the Accounts card, net worth for the mood).
import { useQuery } from '@tanstack/react-query'
import { listAccounts } from '../../../../contract/accounts'
import { afterFirstPaint } from '../../../lib/after-paint'
import { callEndpoint } from '../../../lib/api'
import { dashboardKeys } from './dashboard-keys'

export function useAccounts() {
  return useQuery({
    queryKey: dashboardKeys.accounts(),
    queryFn: async ({ signal }) => {
      await afterFirstPaint()
      return callEndpoint(listAccounts, { signal })
    },
  })
}
