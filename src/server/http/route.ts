// Registers one contract endpoint on Fastify: the contract's schemas validate the request and
// encode the response; a handler gets decoded input (cents, dates) and the signed-in user.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { apiError } from '../../contract/common'
import type { EndpointDef, EndpointInput, EndpointOutput } from '../../contract/endpoint'
import type { SessionUser } from '../modules/auth/sessions'
import { unauthorized } from './errors'

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
}

async function requireUser(req: FastifyRequest): Promise<void> {
  if (req.auth) return
  throw req.authExpired ? unauthorized('Session expired', 'SESSION_EXPIRED') : unauthorized()
}

export function route<E extends EndpointDef>(
  app: FastifyInstance,
  ep: E,
  handler: (input: RouteInput<E>) => Promise<EndpointOutput<E>>,
  options: RouteOptions = {},
): void {
  const status = ep.status ?? (ep.response === null ? 204 : 200)
  // the contract types the handler; Fastify's zod compilers (set in buildApp) validate and encode
  app.route({
    method: ep.method,
    url: ep.path,
    ...(options.config ? { config: options.config } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    // a request without a session is refused before its body is even read
    ...(ep.auth === false ? {} : { onRequest: requireUser }),
    schema: {
      summary: ep.summary,
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
