// GET /api/transactions?limit=5: the five newest transactions of the Recent Transactions card.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { listTransactions } from '#src/contract/transactions'
import { afterFirstPaint } from '#src/web/lib/after-paint'
import { callEndpoint } from '#src/web/lib/api'
import { dashboardKeys } from './dashboard-keys'

export const RECENT_TRANSACTIONS = 5

export const recentTransactionsQuery = queryOptions({
  queryKey: dashboardKeys.recentTransactions(RECENT_TRANSACTIONS),
  queryFn: async ({ signal }) => {
    await afterFirstPaint()
    return callEndpoint(listTransactions, { query: { limit: RECENT_TRANSACTIONS }, signal })
  },
})

export function useRecentTransactions() {
  return useQuery(recentTransactionsQuery)
}
