// POST /api/transfers: money moved between two accounts, a linked pair that is neither income
// nor spending; both balances change.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { createTransfer, type createTransferBody } from '#src/contract/transactions'
import { callEndpoint } from '#src/web/lib/api'
import { invalidateLedger } from '#src/web/lib/query-keys'

export type NewTransfer = z.output<typeof createTransferBody>

export function useCreateTransfer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: NewTransfer) => callEndpoint(createTransfer, { body }),
    onSuccess: () => invalidateLedger(queryClient),
  })
}
