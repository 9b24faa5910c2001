// POST /api/transactions and PATCH /api/transactions/{id}: the inline editor and the phone form.
// Either one moves balances, summaries and the plan, so the whole ledger is refreshed.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import {
  createTransaction,
  updateTransaction,
  type createTransactionBody,
  type updateTransactionBody,
} from '#src/contract/transactions'
import { callEndpoint } from '#src/web/lib/api'
import { invalidateLedger } from '#src/web/lib/query-keys'

export type NewTransaction = z.output<typeof createTransactionBody>
export type TransactionChange = z.output<typeof updateTransactionBody>

export function useCreateTransaction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: NewTransaction) => callEndpoint(createTransaction, { body }),
    onSuccess: () => invalidateLedger(queryClient),
  })
}

export function useUpdateTransaction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TransactionChange }) =>
      callEndpoint(updateTransaction, { params: { id }, body }),
    onSuccess: () => invalidateLedger(queryClient),
  })
}
