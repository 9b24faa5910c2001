// The second step of a sign-in with MFA on (ADR 0024). The pending session the password (or the
// single sign-on provider) left in the cookie is finished by POST /api/auth/login/mfa with a code
// from the app, a recovery code or a passkey; its user then goes into the auth cache like a
// normal sign-in. GET /api/auth/login/mfa says which of those a pending sign-in may use (401
// without one); cancelling ends the pending session.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import {
  getLoginMfa,
  loginMfa,
  loginMfaPasskeyOptions,
  logout,
  type loginMfaBody,
} from '#src/contract/auth'
import { callEndpoint } from '#src/web/lib/api'
import { USER_QUERY_KEY } from '#src/web/lib/auth'

export const pendingMfaKey = ['/api/auth/login/mfa'] as const

/** The methods of the pending sign-in (only asked when the page opened without them). */
export function usePendingMfa(enabled: boolean) {
  return useQuery({
    queryKey: pendingMfaKey,
    queryFn: ({ signal }) => callEndpoint(getLoginMfa, { signal }),
    enabled,
    retry: false,
    staleTime: 0,
  })
}

export function useLoginMfa() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (answer: { code: string } | { recoveryCode: string } | { passkey: true }) => {
      if ('passkey' in answer) {
        const optionsJSON = await callEndpoint(loginMfaPasskeyOptions)
        const { startAuthentication } = await import('@simplewebauthn/browser')
        return finish({ passkey: await startAuthentication({ optionsJSON }) })
      }
      return finish(answer)
    },
    onSuccess: (user) => {
      queryClient.removeQueries({ queryKey: pendingMfaKey })
      queryClient.setQueryData(USER_QUERY_KEY, user)
    },
  })
}

function finish(body: z.output<typeof loginMfaBody>) {
  return callEndpoint(loginMfa, { body })
}

/** Gives up the pending sign-in (the cookie's session ends), to start again with the password. */
export function useCancelPendingMfa() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => callEndpoint(logout),
    onSettled: () => queryClient.removeQueries({ queryKey: pendingMfaKey }),
  })
}
