// POST /api/auth/register: creates the account, signs in and caches the new user; with e-mail
// set up on the server it signs nobody in and answers { checkEmail: true } (ADR 0025).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { register, type registerBody } from '#src/contract/auth'
import { callEndpoint } from '#src/web/lib/api'
import { USER_QUERY_KEY } from '#src/web/lib/auth'

export function useRegister() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: z.output<typeof registerBody>) => callEndpoint(register, { body }),
    onSuccess: (result) => {
      if (!('checkEmail' in result)) queryClient.setQueryData(USER_QUERY_KEY, result)
    },
  })
}
