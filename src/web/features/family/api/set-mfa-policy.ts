// PUT /api/household/mfa-policy (owner): require two-step verification of every member, or not.
// The signed-in user carries householdRequiresMfa, so it is refreshed after the change.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { setMfaPolicy } from '#src/contract/household'
import { callEndpoint } from '#src/web/lib/api'
import { API_ROOTS, invalidateRoots } from '#src/web/lib/query-keys'

export function useSetMfaPolicy() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (required: boolean) => callEndpoint(setMfaPolicy, { body: { required } }),
    onSuccess: () => invalidateRoots(queryClient, [API_ROOTS.user]),
  })
}
