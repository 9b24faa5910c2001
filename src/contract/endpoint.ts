// One description per HTTP endpoint, shared by the server (validation, OpenAPI) and the web
// client (typed fetch): method, path, schemas, whether a signed-in user is required, and the
// plan and role it needs (ADR 0023).
import type { z } from 'zod'
import type { Role } from '../domain/access'
import type { Feature } from '../domain/tiers'

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * What an endpoint needs of the caller's household and role; route() enforces it. `feature`
 * names the plan through the one feature → plan map (domain/tiers FEATURES). `writes` marks an
 * endpoint that changes household data: its role is teen at the lowest, so a viewer never can.
 */
export type Access = { feature: Feature; role: Role; writes: boolean }

/** Reads of household data every member may make (rows are still filtered by visibility). */
export const MEMBER_READ = { feature: 'core', role: 'viewer', writes: false } as const satisfies Access
/** A member's own things (profile, settings, own reminders): any role, household data untouched. */
export const PERSONAL = { feature: 'core', role: 'viewer', writes: false } as const satisfies Access
/** Household settings only the grown-ups use (rules): adults and owner, read included. */
export const ADULT_READ = { feature: 'core', role: 'adult', writes: false } as const satisfies Access
/** Money a teen may enter too: in their own accounts and the ones shared with teens. */
export const TEEN_WRITE = { feature: 'core', role: 'teen', writes: true } as const satisfies Access
/** Shared household data (categories, budgets, goals, bills, rules, imports): adults and owner. */
export const ADULT_WRITE = { feature: 'core', role: 'adult', writes: true } as const satisfies Access
/** Members, plan and billing: the owner alone. */
export const OWNER_ONLY = { feature: 'core', role: 'owner', writes: true } as const satisfies Access

export type Restriction = 'deletionPending' | 'mfaSetup'

export type EndpointDef = {
  method: Method
  /** Fastify-style path: /api/reminders/:id */
  path: string
  summary: string
  tag: string
  /** false for the few public endpoints; every other one needs a session */
  auth?: false
  /** required on every endpoint with a session: the plan and lowest role it needs */
  access?: Access
  /**
   * Restricted sessions (ADR 0024) reach only the endpoints open to them: a member whose account
   * is being deleted (`deletionPending`: export, cancel) and a member of a household that
   * requires a second factor who has none yet (`mfaSetup`: the MFA set-up calls).
   */
  openWhile?: readonly Restriction[]
  /**
   * false: a personal API token may not call it, only a signed-in browser session (ADR 0033).
   * For what guards the account itself: sign-in, MFA, sessions, tokens, password and e-mail,
   * export and deletion, bank linking, membership, ownership and billing.
   */
  tokens?: false
  params?: z.ZodType
  query?: z.ZodType
  body?: z.ZodType
  /** null for 204 No Content */
  response: z.ZodType | null
  /** 202: accepted, done in the background (the answer says where it stands) */
  status?: 200 | 201 | 202 | 204
}

/**
 * Whether an endpoint only reads (ADR 0033): a read-only API token may call it. A GET that
 * declares no household write; every other method changes something, if only one's own things.
 */
export function readsOnly(ep: Pick<EndpointDef, 'method' | 'access'>): boolean {
  return ep.method === 'GET' && ep.access?.writes !== true
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
