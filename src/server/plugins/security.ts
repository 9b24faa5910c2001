// Security headers (helmet) that suit both plain-HTTP LAN use and HTTPS, and CSRF defence by
// Fetch Metadata: a state-changing request from another site is refused.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'
import type { Config } from '../config'
import { forbidden } from '../http/errors'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

function ownOrigin(req: FastifyRequest, config: Config): string | null {
  if (config.publicUrl) return new URL(config.publicUrl).origin
  const host = req.headers.host
  return host ? `${req.protocol}://${host}` : null
}

export function isCrossSiteWrite(req: FastifyRequest, config: Config): boolean {
  if (SAFE_METHODS.has(req.method)) return false
  const site = req.headers['sec-fetch-site']
  if (site === 'cross-site') return true
  const origin = req.headers.origin
  if (origin !== undefined) {
    // "null" comes from sandboxed frames and file:// pages: never our own
    return origin !== ownOrigin(req, config)
  }
  return false
}

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
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...adsHosts],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...adsHosts],
        frameSrc: adsHosts.length ? adsHosts : ["'none'"],
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
    done(isCrossSiteWrite(req, config) ? forbidden('Cross-site request refused', 'CSRF') : undefined)
  })
}
