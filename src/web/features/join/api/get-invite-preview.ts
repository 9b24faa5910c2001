// GET /api/household/invites/{token}/preview: what the invite offers the signed-in person (the
// household, who invited them, the role, the expiry, what joining does) and whether they may
// join now. 404 for an unknown link, 410 for a used, revoked or expired one.
import { useQuery } from '@tanstack/react-query'
import { getInvite } from '#src/contract/household'
import { callEndpoint } from '#src/web/lib/api'
import { inviteKeys } from './invite-keys'

export function useInvitePreview(token: string) {
  return useQuery({
    queryKey: inviteKeys.preview(token),
    queryFn: ({ signal }) => callEndpoint(getInvite, { params: { token }, signal }),
    // what joining does depends on the person's household right now
    staleTime: 0,
  })
}
