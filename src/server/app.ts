// buildApp: the whole HTTP application, used by main.ts and by every API test (through inject).
import { existsSync } from 'node:fs'
import path from 'node:path'
import cookie from '@fastify/cookie'
import multipart from '@fastify/multipart'
import rateLimit from '@fastify/rate-limit'
import fastifyStatic from '@fastify/static'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { ApiError } from '../contract/common'
import type { AppDeps } from './app-deps'
import { systemClock, type Clock } from './clock'
import type { Config } from './config'
import type { Db } from './db/connect'
import { registerErrorHandler } from './plugins/error-handler'
import { safeLoggerOptions } from './plugins/log-safety'
import { databaseRateLimitStore } from './plugins/rate-limit-store'
import { registerSecurity } from './plugins/security'
import { registerSession } from './plugins/session'
import { enableScopeCache } from './core/scope'
import { createOidcProvider, type OidcProvider } from './integrations/oidc/oidc'
import type { BillingProvider } from './integrations/billing/billing-provider'
import { apiModules } from './modules/index'
import { API_DESCRIPTION } from './api-docs'
import { SESSION_COOKIE } from './core/sessions'

export type BuildAppOptions = {
  db: Db
  config: Config
  clock?: Clock
  logger?: FastifyServerOptions['logger']
  /** folder of the built web app; defaults to dist/web next to the package */
  webDir?: string | null
  /** OpenID Connect provider; default: from the configuration (null when not configured) */
  oidc?: OidcProvider | null
  /** card billing; default: Stripe from the configuration (null when not configured) */
  billing?: BillingProvider | null
  /** how long a resolved session is kept in this process (ADR 0015); default 10 s on the embedded database, 0 on PostgreSQL and in tests */
  sessionCacheMs?: number
  /**
   * keep each household's account facts in this process (ADR 0023 addendum); default: on for
   * the embedded database, whose data only this process opens; off for PostgreSQL and in tests
   */
  scopeCache?: boolean
}

export const SESSION_CACHE_MS = 10_000

/**
 * The session cache only where one process owns the data (the embedded database): there a
 * sign-out or password change is seen by the only instance at once. On PostgreSQL several
 * instances may serve one database, and a session ended on one must stop working on all of
 * them at once, so every request reads its session (ADR 0015 addendum).
 */
export function defaultSessionCacheMs(config: Config): number {
  return config.database.kind === 'pglite' && config.env !== 'test' ? SESSION_CACHE_MS : 0
}

export const DEFAULT_WEB_DIR = path.resolve(import.meta.dirname, '../../dist/web')

/**
 * The HTML for a path of the web app: routes/<path>.html when the build wrote one for it (with
 * its chunks preloaded), else index.html. Only plain lower-case paths are looked up.
 */
export function routePage(webDir: string, url: string): string {
  const pathname = url.split('?')[0] ?? ''
  if (!/^\/[a-z0-9-]+(?:\/[a-z0-9-]+)*$/.test(pathname)) return 'index.html'
  const page = `routes${pathname}.html`
  return existsSync(path.join(webDir, page)) ? page : 'index.html'
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { db, config } = options
  const clock = options.clock ?? systemClock
  const app = Fastify({
    // never SQL parameters, passwords, hashes, tokens or full e-mails (plugins/log-safety.ts)
    logger: safeLoggerOptions(options.logger ?? false),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // ids are UUIDs: a long URL is never one of ours
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandler(app)

  await app.register(cookie)
  registerSecurity(app, config)
  // counted in the database, so that every instance counts each address together (ADR 0031)
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(db) })
  // statement uploads (POST /api/imports): one file, a few fields, the configured size at most
  await app.register(multipart, { limits: { fileSize: config.maxUploadBytes, files: 1, fields: 10, parts: 12, fieldSize: 2 * 1024 * 1024 } })
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Kinwise API',
        version: '1',
        description: API_DESCRIPTION,
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The browser session (POST /api/auth/login sets it)' },
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A personal API token from Settings → API tokens (kw_…). It acts with its member’s role, visibility and plan; a read-only token only reads; endpoints marked "browser session only" refuse every token (403 TOKEN_NOT_ALLOWED).',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false })

  if (options.scopeCache ?? (config.database.kind === 'pglite' && config.env !== 'test')) enableScopeCache(db)
  registerSession(app, { db, config, clock, cacheMs: options.sessionCacheMs ?? defaultSessionCacheMs(config) })
  const oidc =
    options.oidc !== undefined
      ? options.oidc
      : config.oidc && config.publicUrl
        ? createOidcProvider({ ...config.oidc, redirectUri: new URL('/api/auth/oidc/callback', config.publicUrl).href })
        : null
  // Stripe's SDK (~4 MB of heap) loads only when Stripe is configured
  const billing =
    options.billing !== undefined
      ? options.billing
      : config.stripe
        ? (await import('./integrations/billing/stripe-billing')).createStripeBilling(config.stripe, clock)
        : null
  const deps: AppDeps = { db, config, clock, oidc, billing }
  for (const register of apiModules) register(app, deps)

  app.get('/api/health', { schema: { hide: true } }, async () => ({ ok: true }))

  const webDir = options.webDir === undefined ? DEFAULT_WEB_DIR : options.webDir
  const hasWeb = webDir !== null && existsSync(path.join(webDir, 'index.html'))
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      // looked up per request, so a rebuilt web app is served without a restart
      wildcard: true,
      index: false,
      // the build writes .br and .gz beside each text asset: sent to browsers that accept them
      preCompressed: true,
      // hashed assets never change; index.html always revalidates
      setHeaders: (reply, file) => {
        reply.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        )
      },
    })
  }

  if (hasWeb) {
    // the folder itself would be a 403 from the static handler: the home page is the app
    app.get('/', { schema: { hide: true } }, (_req, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'))
  }

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.url === '/api') {
      return reply.code(404).send({ message: 'Not found', code: 'NOT_FOUND' } satisfies ApiError)
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return reply.code(404).send({ message: 'Not found', code: 'NOT_FOUND' } satisfies ApiError)
    }
    if (hasWeb) {
      // the web app routes every other path itself (and shows its own 404 page); the pages a
      // first visit opens most have their own copy that preloads their chunks (scripts/build.mjs)
      return reply.header('cache-control', 'no-cache').sendFile(routePage(webDir, req.url))
    }
    return reply
      .type('text/html')
      .send(
        '<!doctype html><meta charset="utf-8"><title>Kinwise</title><p>The Kinwise API is running. The web app is not built: run <code>npm run build</code>.</p>',
      )
  })

  return app
}
