// GET /api/transactions/totals: how many rows the filters in the URL find and what they add up
// to, counted on the server over the rows this member may see (not only the loaded pages).
import { useQuery } from '@tanstack/react-query'
import { getTransactionTotals } from '#src/contract/transactions'
import { callEndpoint } from '#src/web/lib/api'
import { toListQuery, type TransactionFilters } from '../filters'
import { transactionKeys } from './transaction-keys'

export function useTransactionTotals(filters: TransactionFilters) {
  return useQuery({
    queryKey: transactionKeys.totals(filters),
    queryFn: ({ signal }) => {
      const { sort: _sort, ...query } = toListQuery(filters)
      return callEndpoint(getTransactionTotals, { query, signal })
    },
    placeholderData: (previous) => previous,
  })
}
