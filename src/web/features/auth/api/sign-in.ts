// POST /api/auth/login: signs in and puts the returned user in the auth cache, so the gates
// switch over without another round trip. With MFA on, the answer is a challenge instead
// ({ mfaRequired, methods }): nobody is signed in until the second step (api/login-mfa).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import {
  login,
  type LoginResponse,
  type MfaChallenge,
  type loginBody,
} from '#src/contract/auth'
import { callEndpoint } from '#src/web/lib/api'
import { USER_QUERY_KEY } from '#src/web/lib/auth'

export function isMfaChallenge(answer: LoginResponse): answer is MfaChallenge {
  return 'mfaRequired' in answer
}

export function useSignIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: z.output<typeof loginBody>) => callEndpoint(login, { body }),
    onSuccess: (answer) => {
      if (!isMfaChallenge(answer)) queryClient.setQueryData(USER_QUERY_KEY, answer)
    },
  })
}
