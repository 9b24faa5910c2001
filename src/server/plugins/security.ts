// Security headers (helmet) that suit both plain-HTTP LAN use and HTTPS, CSRF defence by
// Fetch Metadata (a state-changing request from another site is refused), a Host check against
// DNS rebinding, and no caching of API answers.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'
import type { Config } from '../config'
import { AppError, forbidden } from '../http/errors'
import { bearerToken } from './bearer'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

function ownOrigin(req: FastifyRequest, config: Config): string | null {
  if (config.publicUrl) return new URL(config.publicUrl).origin
  const host = req.headers.host
  return host ? `${req.protocol}://${host}` : null
}

export function isCrossSiteWrite(req: FastifyRequest, config: Config): boolean {
  if (SAFE_METHODS.has(req.method)) return false
  // a bearer request is signed in by its header alone, never by a cookie (ADR 0033), and no
  // other site can make a browser send one (it needs CORS, which this server never grants)
  if (bearerToken(req.headers.authorization) !== null) return false
  const site = req.headers['sec-fetch-site']
  if (site === 'cross-site') return true
  const origin = req.headers.origin
  if (origin !== undefined) {
    // "null" comes from sandboxed frames and file:// pages: never our own
    return origin !== ownOrigin(req, config)
  }
  return false
}

/** The host name of a Host header, without its port, lower-case; brackets kept for IPv6. */
export function hostName(host: string): string {
  const h = host.trim().toLowerCase()
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1)
  const colon = h.indexOf(':')
  return colon === -1 ? h : h.slice(0, colon)
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/
const IPV6 = /^\[[0-9a-f:.]+\]$/

const LOOPBACK = /^(localhost|[a-z0-9-]+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/

/**
 * Whether a request may name this host (DNS-rebinding defence: a hostile page whose name is
 * made to point at this server must not reach it with the browser's same-origin trust). With
 * PUBLIC_URL its host, and the loopback names (the machine itself: health checks, an
 * administrator on the box; no hostile page can be served from them); without it IP addresses,
 * localhost and *.localhost, and the names in KINWISE_ALLOWED_HOSTS.
 */
export function isAllowedHost(host: string | undefined, config: Pick<Config, 'publicUrl' | 'allowedHosts'>): boolean {
  if (!host) return false
  const name = hostName(host)
  if (config.publicUrl) return host.trim().toLowerCase() === new URL(config.publicUrl).host || LOOPBACK.test(name)
  if (IPV4.test(name) || IPV6.test(name)) return true
  if (name === 'localhost' || name.endsWith('.localhost')) return true
  return config.allowedHosts.includes(name)
}

/** Where Plaid Link's script is loaded from (react-plaid-link loads exactly this). */
export const PLAID_LINK_SCRIPT = 'https://cdn.plaid.com/link/v2/stable/link-initialize.js'

/** Health checks come from load balancers and orchestrators by IP or an inside name. */
const ANY_HOST_PATHS = new Set(['/api/health'])

/**
 * The headers helmet sets for these options. None of them depends on the request, so they are
 * worked out once: @fastify/helmet rebuilt helmet (and re-parsed the policy) on every request,
 * a tenth of the CPU of a small API answer.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers = new Map<string, string>()
  const res = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  }
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error))
  })
  return Object.fromEntries(headers)
}

export function registerSecurity(app: FastifyInstance, config: Config): void {
  const adsHosts = config.adsClientId
    ? ['https://pagead2.googlesyndication.com', 'https://googleads.g.doubleclick.net', 'https://tpc.googlesyndication.com']
    : []
  // Plaid Link, when Plaid is configured: Plaid's own script, which must come from its
  // CDN, opens Link in an iframe from there and talks to the Plaid environment (Plaid's CSP notes)
  const plaid = config.plaid
    ? { script: [PLAID_LINK_SCRIPT], frame: ['https://cdn.plaid.com'], connect: [new URL(config.plaid.baseUrl).origin] }
    : { script: [], frame: [], connect: [] }
  const frames = [...adsHosts, ...plaid.frame]
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...adsHosts, ...plaid.script],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...adsHosts, ...plaid.connect],
        frameSrc: frames.length ? frames : ["'none'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(config.secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS on a plain-HTTP LAN address would lock browsers out of it
    strictTransportSecurity: config.secureCookies ? { maxAge: 15_552_000, includeSubDomains: false } : false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: config.secureCookies ? { policy: 'same-origin' } : false,
    originAgentCluster: config.secureCookies,
  })
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(headers)
    const path = req.url.split('?')[0] ?? ''
    // answers from the API are the member's own data: never kept by a browser or a proxy
    if (path === '/api' || path.startsWith('/api/')) reply.header('cache-control', 'no-store')
    // behind a trusted proxy, the host the client asked for is X-Forwarded-Host
    if (!ANY_HOST_PATHS.has(path) && !isAllowedHost(req.host, config)) {
      done(new AppError(421, 'MISDIRECTED_REQUEST', 'This server does not answer to that host name'))
      return
    }
    done(isCrossSiteWrite(req, config) ? forbidden('Cross-site request refused', 'CSRF') : undefined)
  })
}
