// PATCH /api/user/profile (name, e-mail, photo) and POST /api/user/password. The profile is the
// signed-in user, so the user query (header, sidebar, avatar) takes the answer at once.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import {
  changePassword,
  updateProfile,
  type changePasswordBody,
  type updateProfileBody,
} from '#src/contract/user'
import { callEndpoint } from '#src/web/lib/api'
import { USER_QUERY_KEY } from '#src/web/lib/auth'

export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: z.output<typeof updateProfileBody>) => callEndpoint(updateProfile, { body }),
    onSuccess: (user) => queryClient.setQueryData(USER_QUERY_KEY, user),
  })
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: z.output<typeof changePasswordBody>) =>
      callEndpoint(changePassword, { body }),
  })
}
