// How many transactions an account holds, up to COUNT_LIMIT, for the delete dialog (the list has
// no count: one page of up to COUNT_LIMIT rows says "N" or "more than N").
import { useQuery } from '@tanstack/react-query'
import { listTransactions } from '../../../../contract/transactions'
import { callEndpointPage } from '../../../lib/api'
import { accountKeys } from './account-keys'

export const COUNT_LIMIT = 500

export function useTransactionCount(accountId: string | null) {
  return useQuery({
    queryKey: accountKeys.transactionCount(accountId ?? ''),
    queryFn: async ({ signal }) => {
      const page = await callEndpointPage(listTransactions, {
        query: { accountId: accountId ?? undefined, limit: COUNT_LIMIT },
        signal,
      })
      return { count: page.items.length, more: page.nextCursor !== null }
    },
    enabled: accountId !== null,
    staleTime: 0,
  })
}
