// Sessions and password recovery: the member's signed-in devices with sign-out of one
// or of all others, and the password reset by e-mail (or by a link from `cli reset-link`).
import { z } from 'zod'
import { PERSONAL, endpoint } from './endpoint'
import { okResponse } from './common'
import { email, password } from './auth'

export const session = z.object({
  /** not the cookie: an id to show and to sign this session out by */
  id: z.string(),
  /** the session this request came with */
  current: z.boolean(),
  userAgent: z.string().nullable(),
  /** e.g. "Chrome on Linux" (from the user agent) */
  device: z.string(),
  /** the client address that signed in */
  ip: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
})
export type Session = z.infer<typeof session>

export const sessionParams = z.object({
  id: z.string().regex(/^[0-9a-f]{32}$/, 'Must be a session id from GET /api/auth/sessions'),
})

export const listSessions = endpoint({
  method: 'GET',
  path: '/api/auth/sessions',
  summary: "The member's signed-in sessions (devices), the current one marked",
  tag: 'auth',
  access: PERSONAL,
  tokens: false,
  response: z.array(session),
})

export const endSession = endpoint({
  method: 'DELETE',
  path: '/api/auth/sessions/:id',
  summary: 'Sign out one of your sessions (404 for any other id)',
  tag: 'auth',
  access: PERSONAL,
  tokens: false,
  params: sessionParams,
  response: okResponse,
})

export const revokeOtherSessions = endpoint({
  method: 'POST',
  path: '/api/auth/sessions/revoke-others',
  summary: 'Sign out every session but this one',
  tag: 'auth',
  access: PERSONAL,
  tokens: false,
  response: z.object({ ended: z.number().int() }),
})

export const passwordResetBody = z.object({ email })

export const requestPasswordReset = endpoint({
  method: 'POST',
  path: '/api/auth/password-reset',
  summary: 'Mail a password reset link (when e-mail is set up); the same answer whether or not the e-mail has an account',
  tag: 'auth',
  auth: false,
  body: passwordResetBody,
  response: okResponse,
})

export const passwordResetConfirmBody = z.object({
  token: z.string().min(1, 'The reset link is incomplete').max(200),
  password,
})

export const confirmPasswordReset = endpoint({
  method: 'POST',
  path: '/api/auth/password-reset/confirm',
  summary: 'Set a new password with a reset link (single use, 30 minutes); every session of the account ends',
  tag: 'auth',
  auth: false,
  body: passwordResetConfirmBody,
  response: okResponse,
})
