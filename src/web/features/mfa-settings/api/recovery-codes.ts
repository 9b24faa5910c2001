// POST /api/mfa/recovery-codes: ten new recovery codes (the old ones stop working), confirmed
// with a code from the authenticator app.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { regenerateRecoveryCodes } from '#src/contract/mfa'
import { callEndpoint } from '#src/web/lib/api'
import { refreshMfa } from './mfa-keys'

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (code: string) => callEndpoint(regenerateRecoveryCodes, { body: { code } }),
    onSuccess: () => refreshMfa(queryClient),
  })
}
