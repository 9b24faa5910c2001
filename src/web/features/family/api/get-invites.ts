// GET /api/household/invites: the owner's pending invites (not used, revoked or expired). Only
// the owner may ask, so the page asks only when the caller is the owner.
import { useQuery } from '@tanstack/react-query'
import { listInvites } from '#src/contract/household'
import { callEndpoint } from '#src/web/lib/api'
import { householdKeys } from './household-keys'

export function useInvites(enabled: boolean) {
  return useQuery({
    queryKey: householdKeys.invites,
    queryFn: ({ signal }) => callEndpoint(listInvites, { signal }),
    enabled,
  })
}
