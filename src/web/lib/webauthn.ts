// What to tell people when the browser's passkey step fails: its refusals (cancelled, timed out,
// already registered, not supported here) in plain words; any other error as errorMessage says.
import { errorMessage } from './api'

export function passkeyErrorMessage(error: unknown): string {
  if (error instanceof Error) {
    const code = 'code' in error && typeof error.code === 'string' ? error.code : ''
    if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
      return 'This device already has a passkey for your account.'
    if (
      code === 'ERROR_INVALID_DOMAIN' ||
      code === 'ERROR_INVALID_RP_ID' ||
      error.name === 'SecurityError'
    )
      return 'Passkeys need this server to be reached by its name over HTTPS (or on localhost).'
    if (error.name === 'NotAllowedError' || error.name === 'AbortError')
      return 'The passkey step was cancelled or timed out. Try again when you are ready.'
    if (error.name === 'NotSupportedError') return 'This browser or device cannot use passkeys.'
  }
  return errorMessage(error)
}

/** An address typed as an IP (192.168.1.20, [::1]) rather than a name. */
export function isIpAddress(hostname: string): boolean {
  return (
    /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.includes(':') || hostname.startsWith('[')
  )
}

/**
 * Passkeys need WebAuthn, which browsers offer only on secure pages (HTTPS, localhost), and a
 * host name: a passkey belongs to a name, so a server opened by its IP address cannot have one.
 */
export function passkeysSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'PublicKeyCredential' in window &&
    !isIpAddress(window.location.hostname)
  )
}
