// POST /api/accounts from the import page: the account a CSV or QIF file goes to, created on the
// spot (no opening balance: the statement's rows make the balance).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { createAccount, type createAccountBody } from '#src/contract/accounts'
import { callEndpoint } from '#src/web/lib/api'
import { invalidateLedger } from '#src/web/lib/query-keys'

export type NewImportAccount = z.output<typeof createAccountBody>

export function useCreateImportAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: NewImportAccount) => callEndpoint(createAccount, { body }),
    onSuccess: () => invalidateLedger(queryClient),
  })
}
