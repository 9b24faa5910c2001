// The authenticator app: POST /api/mfa/totp/setup (a new key with its QR code), /enable (confirm
// with a code: MFA is on, ten recovery codes come back once) and /disable (password and a code).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { disableTotp, enableTotp, setupTotp } from '#src/contract/mfa'
import { callEndpoint } from '#src/web/lib/api'
import { refreshMfa, refreshUser } from './mfa-keys'

export function useSetupTotp() {
  return useMutation({ mutationFn: () => callEndpoint(setupTotp) })
}

export function useEnableTotp() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (code: string) => callEndpoint(enableTotp, { body: { code } }),
    // the user (mfaEnabled) is refreshed when the codes dialog closes: see refreshUser
    onSuccess: () => refreshMfa(queryClient),
  })
}

export function useDisableTotp() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { password: string; code: string }) => callEndpoint(disableTotp, { body }),
    onSuccess: async (status) => {
      await Promise.all([refreshMfa(queryClient, status), refreshUser(queryClient)])
    },
  })
}
