// POST /api/accounts (with its opening balance) and PATCH /api/accounts/{id} (rename, retype,
// close or reopen). A new account's opening balance is a ledger entry, so the ledger refreshes.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import {
  createAccount,
  updateAccount,
  type Account,
  type createAccountBody,
  type updateAccountBody,
} from '#src/contract/accounts'
import { callEndpoint } from '#src/web/lib/api'
import { invalidateLedger } from '#src/web/lib/query-keys'
import { accountKeys } from './account-keys'

export type NewAccount = z.output<typeof createAccountBody>
export type AccountChange = z.output<typeof updateAccountBody>

export function useCreateAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: NewAccount) => callEndpoint(createAccount, { body }),
    onSuccess: () => invalidateLedger(queryClient),
  })
}

/** Closing and reopening show at once (optimistic); a refusal puts the account back. */
export function useUpdateAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AccountChange }) =>
      callEndpoint(updateAccount, { params: { id }, body }),
    onMutate: async ({ id, body }) => {
      await queryClient.cancelQueries({ queryKey: accountKeys.all })
      const before = queryClient.getQueryData<Account[]>(accountKeys.all)
      if (before !== undefined && body.isClosed !== undefined) {
        const isClosed = body.isClosed
        queryClient.setQueryData<Account[]>(
          accountKeys.all,
          before.map((a) => (a.id === id ? { ...a, isClosed } : a)),
        )
      }
      return { before }
    },
    onError: (_error, _vars, context) => {
      if (context?.before !== undefined) queryClient.setQueryData(accountKeys.all, context.before)
    },
    onSettled: () => invalidateLedger(queryClient),
  })
}
