// Registers one contract endpoint on Fastify: the contract's schemas validate the request and
// encode the response; a handler gets decoded input (cents, dates) and the signed-in user.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { apiError } from '#src/contract/common'
import { readsOnly, type Access, type EndpointDef, type EndpointInput, type EndpointOutput, type Restriction } from '#src/contract/endpoint'
import { roleAtLeast } from '#src/domain/access'
import { FEATURES, featurePlan, planAllows } from '#src/domain/tiers'
import type { SessionUser } from '../core/sessions'
import { AppError, forbidden, planRequired, unauthorized } from './errors'
import { inputGuard } from './input-guard'

type UserFor<E extends EndpointDef> = E['auth'] extends false ? SessionUser | null : SessionUser

export type RouteInput<E extends EndpointDef> = EndpointInput<E> & {
  user: UserFor<E>
  req: FastifyRequest
  reply: FastifyReply
}

export type RouteOptions = {
  /** extra Fastify route config, e.g. { rateLimit: { max: 10, timeWindow: '1 minute' } } */
  config?: Record<string, unknown>
  bodyLimit?: number
  /** the handler reads the request body itself (a multipart upload): no JSON fields are checked */
  ownBody?: true
}

async function requireUser(req: FastifyRequest): Promise<void> {
  if (req.auth) return
  if (req.bearer === 'expired') throw unauthorized('API token expired', 'TOKEN_EXPIRED')
  throw req.authExpired ? unauthorized('Session expired', 'SESSION_EXPIRED') : unauthorized()
}

/**
 * Enforces an endpoint's declared access (ADR 0023): signed in (401), the household's plan
 * includes the feature (403 PLAN_REQUIRED naming the plan), the member's role is high enough
 * (403 FORBIDDEN). Rows a member may not see are the services' 404s.
 */
export function checkAccess(user: SessionUser, access: Access): void {
  if (!planAllows(user.subscriptionTier, access.feature)) {
    throw planRequired(featurePlan(access.feature), FEATURES[access.feature].label)
  }
  if (!roleAtLeast(user.role, access.role)) {
    throw forbidden(
      user.role === 'viewer' ? 'Viewers can look but not change anything' : `This needs the ${access.role} role or higher`,
    )
  }
}

/** The access an endpoint declares, in words, for its OpenAPI description. */
function describeAccess(ep: EndpointDef, access: Access): string {
  const plan = featurePlan(access.feature)
  const who = access.role === 'viewer' ? 'any member' : `${access.role} or above`
  const tokens =
    ep.tokens === false ? 'browser session only (no API tokens)' : readsOnly(ep) ? 'any API token' : 'read-write API tokens'
  return `Access: ${who}${access.writes ? ' (changes household data)' : ''}; plan: ${plan === 'free' ? 'every plan' : `${plan} or premium`}; ${tokens}.`
}

/** What restricts this member's session now, if anything (ADR 0024). */
export function restrictionOf(user: SessionUser): Restriction | null {
  if (user.deleteAfter) return 'deletionPending'
  if (user.householdRequiresMfa && !user.mfaEnabled) return 'mfaSetup'
  return null
}

/** A restricted session reaches only the endpoints open to its restriction. */
export function checkRestriction(user: SessionUser, openWhile: readonly Restriction[] | undefined): void {
  const restriction = restrictionOf(user)
  if (!restriction || openWhile?.includes(restriction)) return
  if (restriction === 'deletionPending') {
    throw new AppError(403, 'ACCOUNT_DELETION_PENDING', 'Your account is being deleted: you can export your data or cancel the deletion')
  }
  throw new AppError(403, 'MFA_SETUP_REQUIRED', 'Your household requires two-step verification: set it up to continue')
}

/**
 * What a personal API token may call (ADR 0033): nothing declared `tokens: false` (the account's
 * own security), and with a read-only token only what reads. Checked after the member's own
 * plan and role, so a token is never refused for a reason its member would not be.
 */
export function checkToken(token: { readOnly: boolean } | null, ep: Pick<EndpointDef, 'method' | 'access' | 'tokens'>): void {
  if (!token) return
  if (ep.tokens === false) {
    throw forbidden('API tokens cannot do this: sign in to Kinwise in a browser', 'TOKEN_NOT_ALLOWED')
  }
  if (token.readOnly && !readsOnly(ep)) throw forbidden('This API token is read-only', 'TOKEN_READ_ONLY')
}

function guard(ep: EndpointDef, access: Access) {
  return async (req: FastifyRequest): Promise<void> => {
    await requireUser(req)
    if (req.auth) {
      checkRestriction(req.auth.user, ep.openWhile)
      checkAccess(req.auth.user, access)
      checkToken(req.auth.token, ep)
    }
  }
}

export function route<E extends EndpointDef>(
  app: FastifyInstance,
  ep: E,
  handler: (input: RouteInput<E>) => Promise<EndpointOutput<E>>,
  options: RouteOptions = {},
): void {
  const status = ep.status ?? (ep.response === null ? 204 : 200)
  const access = ep.access
  if (ep.auth !== false && !access) throw new Error(`${ep.method} ${ep.path} declares no access`)
  if (access?.writes && access.role === 'viewer') {
    throw new Error(`${ep.method} ${ep.path} writes household data: its lowest role must be teen or above`)
  }
  // a GET is followed from anywhere (a link, an image, another site): it must change nothing
  if (access?.writes && ep.method === 'GET') {
    throw new Error(`GET ${ep.path} writes household data: a GET only reads, so make the change a POST`)
  }
  // unknown fields and control characters: 400 naming the field, before the contract's validation
  const checkInput = inputGuard({ params: ep.params, querystring: ep.query, body: ep.body }, { ownBody: options.ownBody === true })
  // the contract types the handler; Fastify's zod compilers (set in buildApp) validate and encode
  app.route({
    method: ep.method,
    url: ep.path,
    ...(options.config ? { config: options.config } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    // a request without a session, plan or role is refused before its body is even read
    ...(ep.auth === false || !access ? {} : { onRequest: guard(ep, access) }),
    preValidation: async (req) => {
      checkInput(req)
    },
    schema: {
      summary: ep.summary,
      ...(access ? { description: describeAccess(ep, access) } : {}),
      ...(access ? { security: ep.tokens === false ? [{ session: [] }] : [{ session: [] }, { bearer: [] }] } : {}),
      tags: [ep.tag],
      ...(ep.params ? { params: ep.params } : {}),
      ...(ep.query ? { querystring: ep.query } : {}),
      ...(ep.body ? { body: ep.body } : {}),
      response: {
        ...(ep.response ? { [status]: ep.response } : {}),
        '4xx': apiError,
        '5xx': apiError,
      },
    },
    handler: async (req, reply) => {
      const input = {
        params: req.params,
        query: req.query,
        body: req.body,
        user: req.auth?.user ?? null,
        req,
        reply,
      } as RouteInput<E>
      const result = await handler(input)
      reply.code(status)
      if (ep.response === null) return reply.send()
      return result
    },
  })
}
