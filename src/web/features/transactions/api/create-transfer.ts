// POST /api/transfers: money moved between two accounts, a linked pair that is neither income
// nor spending; both balances change.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { createTransfer, type createTransferBody } from '../../../../contract/transactions'
import { callEndpoint } from '../../../lib/api'
import { invalidateLedger } from '../../../lib/query-keys'

export type NewTransfer = z.output<typeof createTransferBody>

export function useCreateTransfer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: NewTransfer) => callEndpoint(createTransfer, { body }),
    onSuccess: () => invalidateLedger(queryClient),
  })
}
