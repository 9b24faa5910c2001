// POST /api/auth/password-reset (mail me a link) and POST /api/auth/password-reset/confirm (set
// the new password with the link's token; every session of the account ends).
import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import {
  confirmPasswordReset,
  requestPasswordReset,
  type passwordResetBody,
  type passwordResetConfirmBody,
} from '#src/contract/sessions'
import { callEndpoint } from '#src/web/lib/api'

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: z.output<typeof passwordResetBody>) => callEndpoint(requestPasswordReset, { body }),
  })
}

export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (body: z.output<typeof passwordResetConfirmBody>) => callEndpoint(confirmPasswordReset, { body }),
  })
}
