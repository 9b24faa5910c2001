// Two-step verification (ADR 0024): TOTP is the second factor, ten single-use
// recovery codes stand in for it, and passkeys (WebAuthn) can be added on top. MFA is on exactly
// when TOTP is confirmed (`totpEnabledAt`); turning it off removes the codes and passkeys too.
// Paths and the named fields are fixed by the issue: other clients rely on them.
import { z } from 'zod'
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser'
import { PERSONAL, endpoint } from './endpoint'
import { requiredText } from './common'

/** A 6-digit code from the authenticator app (spaces allowed, as apps show "123 456"). */
export const totpCode = z
  .string({ error: 'Enter the 6-digit code from your app' })
  .max(20, 'Enter the 6-digit code from your app')
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your app'))

/** A recovery code as shown once: xxxx-xxxx-xx (case, spaces and dashes are forgiven). */
export const recoveryCode = z
  .string({ error: 'Enter one of your recovery codes' })
  .max(40, 'Enter one of your recovery codes')
  .transform((v) => v.toLowerCase().replace(/[\s-]+/g, ''))
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, 'Enter one of your recovery codes (like abcd-efgh-jk)'))

/** The TOTP code or, where allowed, a recovery code: the server tells them apart. */
export const codeOrRecoveryCode = z
  .string({ error: 'Enter a code' })
  .max(40, 'Enter a code')
  .transform((v) => v.trim())
  .pipe(z.string().min(1, 'Enter a code'))

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const b64url = z.string().max(20_000).regex(/^[A-Za-z0-9_-]*$/, 'Must be base64url')

/** What @simplewebauthn/browser startRegistration() resolves to (RegistrationResponseJSON). */
export const registrationResponse = z.looseObject({
  id: b64url.min(1).max(1400),
  rawId: b64url.min(1).max(1400),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: b64url,
    attestationObject: b64url,
    transports: z.array(z.string().max(40)).max(10).optional(),
  }),
  clientExtensionResults: z.looseObject({}),
}) as unknown as z.ZodType<RegistrationResponseJSON>

/** What @simplewebauthn/browser startAuthentication() resolves to (AuthenticationResponseJSON). */
export const authenticationResponse = z.looseObject({
  id: b64url.min(1).max(1400),
  rawId: b64url.min(1).max(1400),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: b64url,
    authenticatorData: b64url,
    signature: b64url,
    userHandle: b64url.optional(),
  }),
  clientExtensionResults: z.looseObject({}),
}) as unknown as z.ZodType<AuthenticationResponseJSON>

/** Pass to @simplewebauthn/browser startRegistration({ optionsJSON }). */
export const registrationOptions = z
  .custom<PublicKeyCredentialCreationOptionsJSON>((v) => isObject(v) && typeof v.challenge === 'string')
  .meta({ type: 'object', description: 'PublicKeyCredentialCreationOptionsJSON' })

/** Pass to @simplewebauthn/browser startAuthentication({ optionsJSON }). */
export const authenticationOptions = z
  .custom<PublicKeyCredentialRequestOptionsJSON>((v) => isObject(v) && typeof v.challenge === 'string')
  .meta({ type: 'object', description: 'PublicKeyCredentialRequestOptionsJSON' })

export const passkey = z.object({
  /** the credential id (base64url) */
  id: z.string(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
})
export type Passkey = z.output<typeof passkey>

export const mfaStatus = z.object({
  totpEnabled: z.boolean(),
  enabledAt: z.iso.datetime().nullable(),
  /** unused recovery codes */
  recoveryCodesLeft: z.number().int(),
  passkeys: z.array(passkey),
  /** the owner requires a second factor of every member: it cannot be turned off */
  householdRequiresMfa: z.boolean(),
})
export type MfaStatus = z.output<typeof mfaStatus>

export const recoveryCodes = z.object({
  /** ten single-use codes, xxxx-xxxx-xx: shown this once, stored hashed */
  recoveryCodes: z.array(z.string()),
})

const passkeyParams = z.object({ id: b64url.min(1).max(1400) })

export const getMfa = endpoint({
  method: 'GET',
  path: '/api/mfa',
  summary: "The member's second factors: TOTP on or off, recovery codes left, passkeys",
  tag: 'mfa',
  access: PERSONAL,
  tokens: false,
  openWhile: ['mfaSetup'],
  response: mfaStatus,
})

export const totpSetup = z.object({
  /** the key in text (base32), for typing into the app */
  secret: z.string(),
  /** otpauth://totp/Kinwise:<e-mail>?secret=…&issuer=Kinwise */
  otpauthUrl: z.string(),
  /** the otpauthUrl as a QR code: a data: URL (SVG) for an <img src> */
  qrDataUrl: z.string(),
})

export const setupTotp = endpoint({
  method: 'POST',
  path: '/api/mfa/totp/setup',
  summary: 'Start TOTP: a new key (text, otpauth URL and QR code) to confirm with a code; 409 MFA_ALREADY_ENABLED when on',
  tag: 'mfa',
  access: PERSONAL,
  tokens: false,
  openWhile: ['mfaSetup'],
  response: totpSetup,
})

export const enableTotp = endpoint({
  method: 'POST',
  path: '/api/mfa/totp/enable',
  summary:
    'Confirm the key from setup with a code: MFA is on; answers ten recovery codes (shown once). 400 INVALID_CODE, 409 NO_TOTP_SETUP / MFA_ALREADY_ENABLED',
  tag: 'mfa',
  access: PERSONAL,
  tokens: false,
  openWhile: ['mfaSetup'],
  body: z.object({ code: totpCode }),
  response: recoveryCodes,
})

export const disableTotp = endpoint({
  method: 'POST',
  path: '/api/mfa/totp/disable',
  summary:
    'Turn MFA off (removes recovery codes and passkeys): the password and a code (TOTP or recovery). 400 WRONG_PASSWORD / INVALID_CODE, 403 MFA_REQUIRED_BY_HOUSEHOLD',
  tag: 'mfa',
  access: PERSONAL,
  tokens: false,
  body: z.object({
    password: z.string().min(1, 'Password is required').max(200),
    code: codeOrRecoveryCode,
  }),
  response: mfaStatus,
})

export const regenerateRecoveryCodes = endpoint({
  method: 'POST',
  path: '/api/mfa/recovery-codes',
  summary:
    'New recovery codes (the old ones stop working): a TOTP code in the body, or a re-authentication within 10 minutes (403 REAUTH_REQUIRED)',
  tag: 'mfa',
  access: PERSONAL,
  tokens: false,
  openWhile: ['mfaSetup'],
  body: z.object({ code: totpCode.optional() }),
  response: recoveryCodes,
})

export const passkeyRegistrationOptions = endpoint({
  method: 'POST',
  path: '/api/mfa/passkeys/options',
  summary:
    'Options to register a passkey (MFA must be on: 409 MFA_NOT_ENABLED; needs a re-authentication within 10 minutes: 403 REAUTH_REQUIRED)',
  tag: 'mfa',
  access: PERSONAL,
  tokens: false,
  openWhile: ['mfaSetup'],
  response: registrationOptions,
})

export const addPasskey = endpoint({
  method: 'POST',
  path: '/api/mfa/passkeys',
  summary: "Register the passkey the browser made from the options (400 PASSKEY_INVALID when it doesn't verify)",
  tag: 'mfa',
  access: PERSONAL,
  tokens: false,
  openWhile: ['mfaSetup'],
  body: z.object({
    name: requiredText(60, 'Name'),
    response: registrationResponse,
  }),
  response: passkey,
  status: 201,
})

export const deletePasskey = endpoint({
  method: 'DELETE',
  path: '/api/mfa/passkeys/:id',
  summary: 'Remove one of your passkeys',
  tag: 'mfa',
  access: PERSONAL,
  tokens: false,
  openWhile: ['mfaSetup'],
  params: passkeyParams,
  response: null,
})
