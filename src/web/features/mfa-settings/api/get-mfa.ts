// GET /api/mfa: the member's second factors (authenticator app on or off, recovery codes left,
// passkeys) and whether the household requires one.
import { useQuery } from '@tanstack/react-query'
import { getMfa } from '#src/contract/mfa'
import { callEndpoint } from '#src/web/lib/api'
import { mfaKeys } from './mfa-keys'

export function useMfaStatus() {
  return useQuery({
    queryKey: mfaKeys.status,
    queryFn: ({ signal }) => callEndpoint(getMfa, { signal }),
  })
}
