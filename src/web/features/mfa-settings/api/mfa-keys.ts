// Query keys of the MFA page (URL parts under '/api/mfa'), and what a change of the second factors
// refreshes: the page's status and the signed-in user (whose mfaEnabled gates the restricted state).
import type { QueryClient } from '@tanstack/react-query'
import type { MfaStatus } from '#src/contract/mfa'
import { API_ROOTS, invalidateRoots } from '#src/web/lib/query-keys'

export const mfaKeys = {
  status: ['/api/mfa'] as const,
}

/** The status the server answered replaces the cached one; the rest is refetched. */
export async function refreshMfa(queryClient: QueryClient, status?: MfaStatus): Promise<void> {
  if (status !== undefined) queryClient.setQueryData(mfaKeys.status, status)
  await queryClient.invalidateQueries({ queryKey: mfaKeys.status })
}

/**
 * The signed-in user, after MFA went on or off. Put off until the recovery codes have been shown:
 * in a household that requires MFA the user's new mfaEnabled swaps the restricted layout for the
 * full app, which would take the codes off the screen.
 */
export function refreshUser(queryClient: QueryClient): Promise<void> {
  return invalidateRoots(queryClient, [API_ROOTS.user])
}
