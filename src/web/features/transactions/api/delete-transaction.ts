// DELETE /api/transactions/{id} (a transfer goes with its other side).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { deleteTransaction } from '../../../../contract/transactions'
import { callEndpoint } from '../../../lib/api'
import { invalidateLedger } from '../../../lib/query-keys'
import { transactionKeys } from './transaction-keys'

export function useDeleteTransaction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callEndpoint(deleteTransaction, { params: { id } }),
    onSuccess: (_answer, id) => {
      // its receipts are gone with it: asking for them again would be a 404
      queryClient.removeQueries({ queryKey: transactionKeys.one(id) })
      return invalidateLedger(queryClient)
    },
  })
}
