// DELETE /api/accounts/{id}: the account and its transactions go (the other side of its
// transfers stays); the answer says how many transactions went with it.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { deleteAccount } from '#src/contract/accounts'
import { callEndpoint } from '#src/web/lib/api'
import { invalidateLedger } from '#src/web/lib/query-keys'

export function useDeleteAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callEndpoint(deleteAccount, { params: { id } }),
    onSuccess: () => invalidateLedger(queryClient),
  })
}
