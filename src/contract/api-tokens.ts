// Personal API tokens (ADR 0033): a member makes a token for their own scripts
// (name, read-only or read-write, expiry), sees it once, lists and revokes them. The token is
// sent as `Authorization: Bearer <token>` and acts with its member's access.
import { z } from 'zod'
import { TOKEN_ACCESS_LEVELS } from '../domain/api-tokens'
import { PERSONAL, endpoint } from './endpoint'
import { okResponse } from './common'

/** What the create dialog offers; any whole number of days from 1 to 365 is accepted. */
export const TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const
export const MAX_TOKEN_DAYS = 365
/** Every token starts with this, so a leaked one is easy to recognise (and to scan for). */
export const TOKEN_PREFIX = 'kw_'

export const apiTokenBody = z.object({
  name: z.string().trim().min(1, 'Give the token a name').max(60, 'At most 60 characters'),
  access: z.enum(TOKEN_ACCESS_LEVELS),
  expiresInDays: z
    .number({ error: 'Must be a number of days' })
    .int('Must be a whole number of days')
    .min(1, 'At least 1 day')
    .max(MAX_TOKEN_DAYS, `At most ${MAX_TOKEN_DAYS} days`),
})
export type ApiTokenBody = z.infer<typeof apiTokenBody>

export const apiToken = z.object({
  id: z.uuid(),
  name: z.string(),
  /** the token's first characters, to tell tokens apart; never the whole token */
  prefix: z.string(),
  access: z.enum(TOKEN_ACCESS_LEVELS),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  /** to the minute; null when never used */
  lastUsedAt: z.iso.datetime().nullable(),
  expired: z.boolean(),
})
export type ApiToken = z.infer<typeof apiToken>

export const listApiTokens = endpoint({
  method: 'GET',
  path: '/api/tokens',
  summary: "The member's API tokens, newest first (never the tokens themselves)",
  tag: 'tokens',
  access: PERSONAL,
  tokens: false,
  response: z.array(apiToken),
})

export const createApiToken = endpoint({
  method: 'POST',
  path: '/api/tokens',
  summary: 'Make an API token; the answer is the only time the token is shown. Needs a recent re-authentication.',
  tag: 'tokens',
  access: PERSONAL,
  tokens: false,
  body: apiTokenBody,
  response: apiToken.extend({ token: z.string() }),
  status: 201,
})

export const revokeApiToken = endpoint({
  method: 'DELETE',
  path: '/api/tokens/:id',
  summary: 'Revoke one of your API tokens: it stops working at once (404 for any other id)',
  tag: 'tokens',
  access: PERSONAL,
  tokens: false,
  params: z.object({ id: z.uuid() }),
  response: okResponse,
})
