// The HTTP client of the web app (docs/product.md §7, §8): every call sends the session cookie, a
// JSON body goes out only when there is one, and any non-OK answer throws "<status>: <text>".
// callEndpoint adds the typed path: the contract encodes the body (cents → decimals) and decodes
// the answer. zod is imported for types only: the schemas bring their own code, so pages that call
// no endpoint (the landing page) do not download it.
import type { QueryFunction } from '@tanstack/react-query'
import type { z } from 'zod'
import type { EndpointArgs, EndpointDef, EndpointOutput } from '#src/contract/endpoint'

/** The header a list answers its next keyset cursor in (contract/common's NEXT_CURSOR_HEADER;
 *  not imported from there, which would bring zod into this module). */
const NEXT_CURSOR_HEADER = 'x-next-cursor'

async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = (await res.text()) || res.statusText
    throw new Error(`${res.status}: ${text}`)
  }
}

export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: data === undefined ? {} : { 'Content-Type': 'application/json' },
    body: data === undefined ? undefined : JSON.stringify(data),
    credentials: 'include',
  })
  await throwIfResNotOk(res)
  return res
}

export type UnauthorizedBehavior = 'returnNull' | 'throw'

/** The default read: GET the query key parts joined by '/', JSON back. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const res = await fetch(queryKey.join('/'), { credentials: 'include' })
    if (options.on401 === 'returnNull' && res.status === 401) {
      // let go of the unread body: API answers are no-store, so nothing else drains it
      await res.body?.cancel().catch(() => undefined)
      return null
    }
    await throwIfResNotOk(res)
    const json: T = await res.json()
    return json
  }
}

/** The status code of an error thrown by apiRequest / callEndpoint, or null. */
export function errorStatus(error: unknown): number | null {
  if (!(error instanceof Error)) return null
  const match = /^(\d{3}): /.exec(error.message)
  return match ? Number(match[1]) : null
}

/** The check for a signed-out answer: "401: …Unauthorized…". */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message)
}

/** The JSON answer of a failed call from apiRequest / callEndpoint ("400: {…}"), or null. */
export function errorBody(error: unknown): Record<string, unknown> | null {
  const text = errorText(error)
  if (text === null) return null
  try {
    const body: unknown = JSON.parse(text)
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/** The text after the status of a failed call, or null for an error that is not one. */
function errorText(error: unknown): string | null {
  if (!(error instanceof Error)) return null
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message)
  return match ? (match[1] ?? '') : null
}

/**
 * What to tell people about a failed call: the server's JSON `message` when there is one,
 * else the text after the status, else the error's own message.
 */
export function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return 'Something went wrong. Please try again.'
  const message = errorBody(error)?.message
  if (typeof message === 'string') return message
  return errorText(error) ?? error.message
}

/** The server's stable error code (`{ code }` in the JSON answer) of a failed call, or null. */
export function errorCode(error: unknown): string | null {
  const code = errorBody(error)?.code
  return typeof code === 'string' ? code : null
}

type CallArgs<E extends EndpointDef> = Partial<EndpointArgs<E>> & { signal?: AbortSignal }

function fillPath(path: string, params: unknown): string {
  return path.replace(/:([A-Za-z_]+)/g, (_m, name: string) => {
    const value: unknown =
      typeof params === 'object' && params !== null ? Reflect.get(params, name) : undefined
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name}`)
    return encodeURIComponent(String(value))
  })
}

function queryString(query: unknown): string {
  if (typeof query !== 'object' || query === null) return ''
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue
    search.set(key, String(value))
  }
  const text = search.toString()
  return text === '' ? '' : `?${text}`
}

/**
 * The wire form of a request body: money codecs turn cents back into decimals. A schema with a
 * one-way transform (a date that keeps only YYYY-MM-DD of a timestamp) cannot be encoded; the
 * value the caller passed is then already in wire form, so it goes out as it is.
 */
function encodeBody(schema: z.ZodType, body: unknown): unknown {
  try {
    return schema.encode(body)
  } catch (error) {
    if (error instanceof Error && error.message.includes('unidirectional transform')) return body
    throw error
  }
}

/** The URL of one call: the contract's path with its parameters filled in, and the query. */
export function endpointUrl(def: EndpointDef, args: { params?: unknown; query?: unknown }): string {
  return fillPath(def.path, args.params) + queryString(args.query)
}

async function send<E extends EndpointDef>(def: E, args: CallArgs<E>): Promise<Response> {
  const url = endpointUrl(def, args)
  const body = def.body && args.body !== undefined ? encodeBody(def.body, args.body) : undefined
  const res = await fetch(url, {
    method: def.method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
    signal: args.signal,
  })
  await throwIfResNotOk(res)
  return res
}

async function decode<E extends EndpointDef>(def: E, res: Response): Promise<EndpointOutput<E>> {
  if (def.response === null || res.status === 204) return null as EndpointOutput<E>
  const json: unknown = await res.json()
  return def.response.parse(json) as EndpointOutput<E>
}

/** Calls one contract endpoint: decoded values (cents) in and out. */
export async function callEndpoint<E extends EndpointDef>(
  def: E,
  args: CallArgs<E> = {},
): Promise<EndpointOutput<E>> {
  return decode(def, await send(def, args))
}

/** Calls a paginated list endpoint: the decoded page and the next cursor (X-Next-Cursor). */
export async function callEndpointPage<E extends EndpointDef>(
  def: E,
  args: CallArgs<E> = {},
): Promise<{ items: EndpointOutput<E>; nextCursor: string | null }> {
  const res = await send(def, args)
  const nextCursor = res.headers.get(NEXT_CURSOR_HEADER)
  return { items: await decode(def, res), nextCursor: nextCursor || null }
}
