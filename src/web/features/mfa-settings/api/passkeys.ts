// Passkeys as a second factor: POST /api/mfa/passkeys/options, the browser's WebAuthn ceremony
// (@simplewebauthn/browser, downloaded only when a passkey is added), then POST /api/mfa/passkeys
// with its answer; DELETE /api/mfa/passkeys/{id} removes one.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { addPasskey, deletePasskey, passkeyRegistrationOptions } from '#src/contract/mfa'
import { callEndpoint } from '#src/web/lib/api'
import { refreshMfa } from './mfa-keys'

export function useAddPasskey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (name: string) => {
      const optionsJSON = await callEndpoint(passkeyRegistrationOptions)
      const { startRegistration } = await import('@simplewebauthn/browser')
      const response = await startRegistration({ optionsJSON })
      return callEndpoint(addPasskey, { body: { name, response } })
    },
    onSuccess: () => refreshMfa(queryClient),
  })
}

export function useDeletePasskey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callEndpoint(deletePasskey, { params: { id } }),
    onSuccess: () => refreshMfa(queryClient),
  })
}
