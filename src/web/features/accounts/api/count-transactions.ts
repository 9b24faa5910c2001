// How many transactions an account holds, up to COUNT_LIMIT, for the delete dialog (the list has
// no count: one page of up to COUNT_LIMIT rows says "N" or "more than N").
import { useQuery } from '@tanstack/react-query'
import { listTransactions } from '#src/contract/transactions'
import { callEndpointPage } from '#src/web/lib/api'
import { accountKeys } from './account-keys'

export const COUNT_LIMIT = 500

/** `enabled` false holds the count as it is (once the account is being deleted: asked again, the
 *  server would answer 404 for an account that is gone). */
export function useTransactionCount(accountId: string | null, enabled = true) {
  return useQuery({
    queryKey: accountKeys.transactionCount(accountId ?? ''),
    queryFn: async ({ signal }) => {
      const page = await callEndpointPage(listTransactions, {
        query: { accountId: accountId ?? undefined, limit: COUNT_LIMIT },
        signal,
      })
      return { count: page.items.length, more: page.nextCursor !== null }
    },
    enabled: accountId !== null && enabled,
    staleTime: 0,
  })
}
