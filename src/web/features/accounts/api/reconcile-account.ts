// POST /api/accounts/{id}/reconcile: match the bank's balance; any difference is recorded as an
// adjustment entry, so the ledger refreshes.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { reconcileAccount, type reconcileBody } from '#src/contract/accounts'
import { callEndpoint } from '#src/web/lib/api'
import { invalidateLedger } from '#src/web/lib/query-keys'

export type Reconciliation = z.output<typeof reconcileBody>

export function useReconcileAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Reconciliation }) =>
      callEndpoint(reconcileAccount, { params: { id }, body }),
    onSuccess: () => invalidateLedger(queryClient),
  })
}
