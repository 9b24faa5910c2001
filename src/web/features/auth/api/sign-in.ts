// POST /api/auth/login: signs in and puts the returned user in the auth cache, so the gates
// switch over without another round trip.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { login, type loginBody } from '../../../../contract/auth'
import { callEndpoint } from '../../../lib/api'
import { USER_QUERY_KEY } from '../../../lib/auth'

export function useSignIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: z.output<typeof loginBody>) => callEndpoint(login, { body }),
    onSuccess: (user) => queryClient.setQueryData(USER_QUERY_KEY, user),
  })
}
