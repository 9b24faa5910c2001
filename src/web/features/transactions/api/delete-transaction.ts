// DELETE /api/transactions/{id} (a transfer goes with its other side).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { deleteTransaction } from '#src/contract/transactions'
import { callEndpoint } from '#src/web/lib/api'
import { invalidateLedger } from '#src/web/lib/query-keys'
import { transactionKeys } from './transaction-keys'

export function useDeleteTransaction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callEndpoint(deleteTransaction, { params: { id } }),
    // its receipts are gone with it: they are not asked for again (a 404) while its form is
    // still open; with no one watching they are let go like any unused query
    onSuccess: (_answer, id) => invalidateLedger(queryClient, [], [transactionKeys.one(id)]),
  })
}
