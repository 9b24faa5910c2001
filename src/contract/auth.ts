// Sign-in, registration and the signed-in user (docs/product.md §3 User, §7 /api/auth/user).
import { z } from 'zod'
import { PERSONAL, endpoint } from './endpoint'
import { id, okResponse, requiredText, trimmed } from './common'
import { ROLES } from '../domain/access'
import { SUBSCRIPTION_TIERS } from '../domain/tiers'
import { DATE_FORMATS } from '../domain/preferences'
import { authenticationOptions, authenticationResponse, recoveryCode, totpCode } from './mfa'

export const subscriptionTier = z.enum(SUBSCRIPTION_TIERS)

export const user = z.object({
  id,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** the address of the member's uploaded photo on this server (GET /api/users/:id/avatar), or null */
  profileImageUrl: z.string().nullable(),
  /** the household's plan: every member gets its features */
  subscriptionTier,
  /** the member's role in their household (owner, adult, teen, viewer) */
  role: z.enum(ROLES),
  householdId: id,
  hasCompletedOnboarding: z.boolean(),
  /** a second factor is on */
  mfaEnabled: z.boolean(),
  /** the household requires a second factor: without one, only MFA set-up is open */
  householdRequiresMfa: z.boolean(),
  /** deletion requested: until then only the export and the cancel are open */
  deleteAfter: z.iso.datetime().nullable(),
  baseCurrency: z.string(),
  locale: z.string(),
  timeZone: z.string(),
  /** how dates are written (Settings): the locale's own way or a numeric pattern */
  dateFormat: z.enum(DATE_FORMATS),
})
export type User = z.infer<typeof user>

export const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'E-mail must be at most 254 characters')
  .pipe(z.email({ error: 'Enter a valid e-mail address' }))

export const password = z
  .string()
  .min(10, 'Password must be at least 10 characters')
  .max(200, 'Password must be at most 200 characters')

export const registerBody = z.object({
  firstName: requiredText(80, 'First name'),
  lastName: trimmed(80, 'Last name').default(''),
  email,
  password,
  acceptTerms: z.literal(true, {
    error: 'You must accept the terms and confirm that you are 18 or older',
  }),
})

export const loginBody = z.object({
  email,
  password: z.string().min(1, 'Password is required').max(200),
})

export const getUser = endpoint({
  method: 'GET',
  path: '/api/auth/user',
  summary: 'The signed-in user, or 401 {"message":"Unauthorized"}',
  tag: 'auth',
  access: PERSONAL,
  openWhile: ['deletionPending', 'mfaSetup'],
  response: user,
})

/** With e-mail set up, registering signs nobody in: every address gets this answer (ADR 0025). */
export const checkEmailResponse = z.object({ checkEmail: z.literal(true) })

export const register = endpoint({
  method: 'POST',
  path: '/api/auth/register',
  summary: 'Create an account (18+, terms accepted) and sign in; with e-mail set up, { checkEmail: true } for every address and a mail to it',
  tag: 'auth',
  auth: false,
  body: registerBody,
  response: z.union([user, checkEmailResponse]),
  status: 201,
})

/** The second factors a sign-in can finish with (ADR 0024). */
export const MFA_METHODS = ['totp', 'recovery', 'passkey'] as const
export type MfaMethod = (typeof MFA_METHODS)[number]

/**
 * The password was right and the member has MFA on: the cookie now holds a pending session that
 * signs nobody in (every other endpoint answers 401) until POST /api/auth/login/mfa.
 */
export const mfaChallenge = z.object({
  mfaRequired: z.literal(true),
  /** what the member can answer with: always totp and recovery; passkey when one is registered */
  methods: z.array(z.enum(MFA_METHODS)),
})
export type MfaChallenge = z.output<typeof mfaChallenge>

export const loginResponse = z.union([user, mfaChallenge])
export type LoginResponse = z.output<typeof loginResponse>

export const login = endpoint({
  method: 'POST',
  path: '/api/auth/login',
  summary:
    'Sign in with e-mail and password; sets the session cookie. With MFA on: { mfaRequired: true, methods } and a pending session, finished by POST /api/auth/login/mfa',
  tag: 'auth',
  auth: false,
  body: loginBody,
  response: loginResponse,
})

/** Exactly one of: a TOTP code, a recovery code, a passkey's assertion. */
export const loginMfaBody = z
  .object({
    code: totpCode.optional(),
    recoveryCode: recoveryCode.optional(),
    passkey: authenticationResponse.optional(),
  })
  .superRefine((v, ctx) => {
    const given = [v.code, v.recoveryCode, v.passkey].filter((x) => x !== undefined).length
    if (given !== 1) ctx.addIssue({ code: 'custom', path: ['code'], message: 'Enter the code from your app, a recovery code or use a passkey' })
  })

export const loginMfa = endpoint({
  method: 'POST',
  path: '/api/auth/login/mfa',
  summary:
    'Finish a sign-in that answered mfaRequired: { code } or { recoveryCode } or { passkey }. Answers the user and signs in; 401 INVALID_CODE (5 wrong ones end the pending session: 401 MFA_SESSION_ENDED), 401 Unauthorized without a pending session',
  tag: 'auth',
  auth: false,
  body: loginMfaBody,
  response: user,
})

export const getLoginMfa = endpoint({
  method: 'GET',
  path: '/api/auth/login/mfa',
  summary:
    'For a pending sign-in (after the password, or after OpenID Connect sent the browser to /auth/login?mfa=1): the second factors it can finish with; 401 without one',
  tag: 'auth',
  auth: false,
  response: mfaChallenge,
})

export const loginMfaPasskeyOptions = endpoint({
  method: 'POST',
  path: '/api/auth/login/mfa/passkey/options',
  summary: "Options for startAuthentication() to finish a pending sign-in with a passkey (409 NO_PASSKEYS when the member has none)",
  tag: 'auth',
  auth: false,
  response: authenticationOptions,
})

export const reauth = endpoint({
  method: 'POST',
  path: '/api/auth/reauth',
  summary:
    'Confirm it is you before a sensitive change: { password } or { code } (TOTP). Opens a 10-minute window on this session. 400 WRONG_PASSWORD / INVALID_CODE; 429 TOO_MANY_ATTEMPTS after five wrong codes in ten minutes',
  tag: 'auth',
  access: PERSONAL,
  tokens: false,
  // a member whose account is being deleted confirms it is them before downloading the export
  openWhile: ['mfaSetup', 'deletionPending'],
  body: z
    .object({
      password: z.string().min(1, 'Password is required').max(200).optional(),
      code: totpCode.optional(),
    })
    .superRefine((v, ctx) => {
      if ((v.password === undefined) === (v.code === undefined)) {
        ctx.addIssue({ code: 'custom', path: ['password'], message: 'Enter your password or a code from your app' })
      }
    }),
  response: z.object({ reauthAt: z.iso.datetime() }),
})

export const logout = endpoint({
  method: 'POST',
  path: '/api/auth/logout',
  summary: 'End the session',
  tag: 'auth',
  auth: false,
  response: okResponse,
})

export const completeOnboarding = endpoint({
  method: 'POST',
  path: '/api/user/onboarding-complete',
  summary: 'Mark onboarding as completed',
  tag: 'auth',
  access: PERSONAL,
  response: user,
})
