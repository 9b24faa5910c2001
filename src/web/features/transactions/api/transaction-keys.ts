// Query keys of the transactions page: under the '/api/transactions' root, so every write that
// invalidates the ledger (here or elsewhere) refreshes this list and the dashboard's together.
import { API_ROOTS } from '#src/web/lib/query-keys'
import type { TransactionFilters } from '../filters'

export const transactionKeys = {
  all: [API_ROOTS.transactions] as const,
  infinite: (filters: TransactionFilters) => [API_ROOTS.transactions, 'infinite', filters] as const,
  totals: (filters: TransactionFilters) => [API_ROOTS.transactions, 'totals', filters] as const,
  /** everything kept about one transaction (its receipts): not refetched once it is deleted */
  one: (transactionId: string) => [API_ROOTS.transactions, transactionId] as const,
  attachments: (transactionId: string) =>
    [API_ROOTS.transactions, transactionId, 'attachments'] as const,
}
