// POST /api/accounts/{id}/reconcile from the import summary: an account that already existed
// ends at the statement's balance when the user says so (the difference is an adjustment entry).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { reconcileAccount, type reconcileBody } from '#src/contract/accounts'
import { callEndpoint } from '#src/web/lib/api'
import { invalidateLedger } from '#src/web/lib/query-keys'

export function useReconcileImported() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.output<typeof reconcileBody> }) =>
      callEndpoint(reconcileAccount, { params: { id }, body }),
    onSuccess: () => invalidateLedger(queryClient),
  })
}
