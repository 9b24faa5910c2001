// Sign-in, registration and the signed-in user (spec §3 User, §7 /api/auth/user).
import { z } from 'zod'
import { PERSONAL, endpoint } from './endpoint'
import { id, okResponse, requiredText, trimmed } from './common'
import { ROLES } from '../domain/access'

export const subscriptionTier = z.enum(['free', 'basic', 'premium'])

export const user = z.object({
  id,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
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

export const register = endpoint({
  method: 'POST',
  path: '/api/auth/register',
  summary: 'Create an account (18+, terms accepted) and sign in',
  tag: 'auth',
  auth: false,
  body: registerBody,
  response: user,
  status: 201,
})

export const login = endpoint({
  method: 'POST',
  path: '/api/auth/login',
  summary: 'Sign in with e-mail and password; sets the session cookie',
  tag: 'auth',
  auth: false,
  body: loginBody,
  response: user,
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
