// One description per HTTP endpoint, shared by the server (validation, OpenAPI) and the web
// client (typed fetch): method, path, schemas, and whether a signed-in user is required.
import type { z } from 'zod'

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export type EndpointDef = {
  method: Method
  /** Fastify-style path: /api/reminders/:id */
  path: string
  summary: string
  tag: string
  /** false for the few public endpoints; every other one needs a session */
  auth?: false
  params?: z.ZodType
  query?: z.ZodType
  body?: z.ZodType
  /** null for 204 No Content */
  response: z.ZodType | null
  status?: 200 | 201 | 204
}

export function endpoint<const E extends EndpointDef>(def: E): E {
  return def
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined
type In<S> = S extends z.ZodType ? z.input<S> : undefined

/** What a handler receives (decoded: cents, dates). */
export type EndpointInput<E extends EndpointDef> = {
  params: Out<E['params']>
  query: Out<E['query']>
  body: Out<E['body']>
}
/** What a handler returns (decoded form: the server encodes it to the wire). */
export type EndpointOutput<E extends EndpointDef> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : null

/** What the client passes (decoded form, encoded by the client before sending). */
export type EndpointArgs<E extends EndpointDef> = {
  params: Out<E['params']>
  query: In<E['query']>
  body: Out<E['body']>
}
