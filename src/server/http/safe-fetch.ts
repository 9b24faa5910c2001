// The one way the server calls an address a user gave us (webhook targets, SimpleFIN bridges).
// The URL is checked first (checkSafeUrl: https, no internal address behind the host, a clear
// 400 when refused), and then the socket resolves the name again through a lookup that answers
// only public addresses: what it connects to is exactly what was judged, so a name that answers a
// public address to the check and 127.0.0.1 to the connection (DNS rebinding) reaches nothing
// (ADR 0051). Node's http(s).request rather than fetch: fetch takes no lookup of its own without
// the undici package. Redirects are never followed (a 3xx is an answer like any other), and each
// call has a socket of its own, never one a pool opened for another call.
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import { Readable } from 'node:stream'
import { checkSafeUrl, isPublicAddress, privateHostError, systemResolve, type SafeUrlOptions } from './safe-url'

export type SafeRequest = {
  method: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
  /** for the whole call, the answer's body included (default 30 s) */
  timeoutMs?: number
}

const familyOf = (family: number | 'IPv4' | 'IPv6' | undefined): 0 | 4 | 6 =>
  family === 4 || family === 'IPv4' ? 4 : family === 6 || family === 'IPv6' ? 6 : 0

/**
 * A lookup for the socket: the name's addresses when every one of them is public, else the
 * UnsafeUrlError of checkSafeUrl (one internal answer among public ones is enough to refuse).
 */
export function publicOnlyLookup(resolve: (host: string) => Promise<string[]> = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (answers) => {
        if (answers.length === 0 || !answers.every(isPublicAddress)) {
          callback(privateHostError(hostname), '', 0)
          return
        }
        const family = familyOf(options.family)
        const usable = answers.filter((a) => family === 0 || isIP(a) === family)
        const [first] = usable
        if (first === undefined) {
          callback(Object.assign(new Error(`${hostname} has no IPv${String(family)} address`), { code: 'ENOTFOUND' }), '', 0)
          return
        }
        if (options.all) callback(null, usable.map((address) => ({ address, family: isIP(address) })))
        else callback(null, first, isIP(first))
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), '', 0),
    )
  }
}

// statuses whose answer has no body (a Response refuses one for them)
const NO_BODY = new Set([204, 205, 304])

function toResponse(res: IncomingMessage): Response {
  const status = res.statusCode ?? 0
  if (status < 200 || status > 599) {
    res.destroy()
    throw new Error(`The server answered status ${String(status)}`)
  }
  const headers = new Headers()
  for (const [name, value] of Object.entries(res.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one)
  }
  if (NO_BODY.has(status)) {
    res.resume()
    return new Response(null, { status, headers })
  }
  return new Response(Readable.toWeb(res) as ReadableStream<Uint8Array>, { status, headers })
}

/**
 * Calls a user-given URL: throws UnsafeUrlError (400 UNSAFE_PROVIDER_URL) when the URL or any
 * address it resolves to, then or at connect time, is refused; otherwise the answer (whatever its
 * status) or the network's error. With allowLocal (KINWISE_ALLOW_LOCAL_PROVIDERS), any address
 * and plain http are allowed.
 */
export async function safeFetch(raw: string | URL, init: SafeRequest, options: SafeUrlOptions): Promise<Response> {
  const url = await checkSafeUrl(String(raw), options)
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise<Response>((resolve, reject) => {
    const req = send(
      url,
      {
        method: init.method,
        headers: init.headers ?? {},
        signal: AbortSignal.timeout(init.timeoutMs ?? 30_000),
        agent: false,
        ...(options.allowLocal ? {} : { lookup: publicOnlyLookup(options.resolve) }),
      },
      (res) => {
        try {
          resolve(toResponse(res))
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)))
        }
      },
    )
    req.on('error', reject)
    req.end(init.body)
  })
}
