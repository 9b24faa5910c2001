// GET /api/transactions as an infinite list: pages of PAGE_SIZE rows over the keyset cursor the
// server answers in X-Next-Cursor, for the filters and sort in the URL.
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query'
import { listTransactions, type Transaction } from '#src/contract/transactions'
import { callEndpointPage } from '#src/web/lib/api'
import { toListQuery, type TransactionFilters } from '../filters'
import { transactionKeys } from './transaction-keys'

export const PAGE_SIZE = 200

export type TransactionPage = { items: Transaction[]; nextCursor: string | null }
export type TransactionPages = InfiniteData<TransactionPage, string | undefined>

export function useTransactionPages(filters: TransactionFilters) {
  return useInfiniteQuery({
    queryKey: transactionKeys.infinite(filters),
    queryFn: ({ pageParam, signal }) =>
      callEndpointPage(listTransactions, {
        query: { ...toListQuery(filters), limit: PAGE_SIZE, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // a new filter shows the previous rows until its first page arrives, rather than a flash
    placeholderData: (previous) => previous,
  })
}
