// POST /api/household/invites/{token}/accept: the person joins the household with the invite's
// role (their accounts come along as private ones; their old household closes). Afterwards
// everything cached belonged to the old household: what no page shows is dropped, the rest is
// refetched (the signed-in user too: role, household and plan) — except this invite's preview,
// which would now answer 410 while the page leaves.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { acceptInvite } from '#src/contract/household'
import { callEndpoint } from '#src/web/lib/api'
import { INVITES_ROOT } from './invite-keys'

export function useAcceptInvite(token: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => callEndpoint(acceptInvite, { params: { token } }),
    onSuccess: () => {
      queryClient.removeQueries({ type: 'inactive' })
      void queryClient.invalidateQueries({
        predicate: (query) =>
          !(query.queryKey[0] === INVITES_ROOT && query.queryKey[2] === 'preview'),
      })
    },
  })
}
