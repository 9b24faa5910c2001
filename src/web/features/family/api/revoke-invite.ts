// DELETE /api/household/invites/{token}: the link stops working at once.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { revokeInvite } from '#src/contract/household'
import { callEndpoint } from '#src/web/lib/api'
import { householdKeys } from './household-keys'

export function useRevokeInvite() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (token: string) => callEndpoint(revokeInvite, { params: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: householdKeys.invites }),
  })
}
