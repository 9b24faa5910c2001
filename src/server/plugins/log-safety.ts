// What the server's logger may write: never SQL parameters, passwords, hashes,
// tokens, secrets or full e-mail addresses. Errors are serialised without a failed query's SQL
// and parameters (Drizzle puts both on the error and in its message) or the database's detail
// (which quotes the offending value); every line has e-mails masked and argon2 hashes removed;
// request headers that carry credentials are redacted. A request is logged by its route
// (`/api/household/invites/:token/accept`), never its URL: paths and query strings carry reset
// and invite tokens and OpenID Connect codes.
import type { FastifyServerOptions } from 'fastify'

/** Field names whose values are never logged, at any depth. */
const SECRET_KEYS = /^(password|newpassword|currentpassword|passwordhash|hash|token|secret|totpsecret|totppendingsecret|code|recoverycode|cookie|authorization|set-cookie|params|query|sql|detail|where|parameters)$/i
// `code` is kept when it is a short error code (PostgreSQL's 23505, Fastify's FST_…): see clean()
const ERROR_CODE = /^[A-Z0-9_]{1,40}$/

const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g
const ARGON2 = /\$argon2(?:id|i|d)\$[^\s"']*/g
const PARAMS_TAIL = /\nparams: [\s\S]*$/

// secrets a URL or header quoted in a message carries (Fastify's own warnings quote the URL)
const QUERY = /(\/[^\s?#"'<>]*)\?[^\s#"'<>]+/g
const TOKEN_SEGMENT = /(\/(?:join|invites)\/)(?!:token\b)[^/\s?#"'<>]+/g
const BEARER = /\b(Bearer\s+)[^\s"',;]+/gi
const API_TOKEN = /\bkw_[A-Za-z0-9_-]{8,}/g
const SESSION_COOKIE_VALUE = /\b(kinwise_session=)[^\s;"',]+/g

/**
 * A log text with e-mails masked (a@…), argon2 hashes removed, a failed query's parameters cut,
 * and the secrets of a quoted URL or header removed: query strings, invite tokens, bearer and API
 * tokens, session cookies.
 */
export function cleanText(text: string): string {
  return text
    .replace(PARAMS_TAIL, '\nparams: [redacted]')
    .replace(ARGON2, '[hash]')
    .replace(EMAIL, '$1@…')
    .replace(QUERY, '$1?[redacted]')
    .replace(TOKEN_SEGMENT, '$1:token')
    .replace(BEARER, '$1[redacted]')
    .replace(API_TOKEN, 'kw_[redacted]')
    .replace(SESSION_COOKIE_VALUE, '$1[redacted]')
}

// the only path segments a request line keeps when no route names them: the web app's page
// names, hashed asset files, and ids (UUIDs, shown as :id)
const PAGE_SEGMENT = /^[a-z]+(?:-[a-z]+)*$/
const ASSET_SEGMENT = /^[\w.-]+\.(?:js|mjs|css|map|html|json|webmanifest|txt|xml|ico|png|jpe?g|gif|svg|webp|avif|woff2?|ttf|br|gz)$/i
const UUID_SEGMENT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * How a request's path is logged: its route's pattern when a route matched (`/api/bills/:id`,
 * `/api/household/invites/:token/accept`); otherwise (a page of the web app, a 404, a static file)
 * the path with every segment that is not a page name, an asset file or a UUID shown as `:param`.
 * The query string is never logged: it carries reset tokens and OpenID Connect codes, and no
 * rule can tell which of its values are secret.
 */
export function loggedPath(route: string | undefined, url: string): string {
  if (route && !route.includes('*')) return route
  const pathname = url.split(/[?#]/, 1)[0] ?? ''
  return pathname
    .split('/')
    .map((segment) =>
      segment === '' || PAGE_SEGMENT.test(segment) || ASSET_SEGMENT.test(segment) ? segment : UUID_SEGMENT.test(segment) ? ':id' : ':param',
    )
    .join('/')
}

type LoggedRequest = { method?: string; url?: string; ip?: string; routeOptions?: { url?: string } }

/** A failed query's message says "Failed query: <sql>\nparams: …": only the statement's kind is kept. */
function cleanMessage(message: string): string {
  const failed = /^Failed query: *(\w+)/.exec(message)
  if (failed) return `Failed query (${failed[1] ?? 'sql'})`
  return cleanText(message)
}

type Serialized = Record<string, unknown>

type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown }

/** An error as the logger writes it: type, message, code, status, stack and causes, cleaned. */
export function serializeError(error: Error, depth = 0): SerializedError {
  const e: Error & { code?: unknown; statusCode?: unknown; constraint?: unknown; table?: unknown; column?: unknown } = error
  const type = e.constructor.name
  const message = cleanMessage(e.message)
  const out: SerializedError = { type, message, stack: `${type}: ${message}` }
  if (typeof e.code === 'string' || typeof e.code === 'number') out.code = e.code
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode
  for (const key of ['constraint', 'table', 'column'] as const) if (typeof e[key] === 'string') out[key] = e[key]
  if (e.stack) {
    // the stack's first line repeats the message: put the clean one there
    const frames = e.stack.split('\n').filter((line) => /^\s+at /.test(line))
    out.stack = [out.stack, ...frames].join('\n')
  }
  if (e.cause !== undefined && depth < 5) out.cause = e.cause instanceof Error ? serializeError(e.cause, depth + 1) : clean(e.cause)
  return out
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false
  const proto = Object.getPrototypeOf(value) as unknown
  return proto === Object.prototype || proto === null
}

/**
 * Any logged value, cleaned: secret fields dropped, texts cleaned. Errors, requests and replies
 * are left to their serializers (pino runs this before them), which clean them too.
 */
export function clean(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return cleanText(value)
  if (depth > 8) return value
  if (Array.isArray(value)) return value.map((item) => clean(item, depth + 1))
  if (!isPlainObject(value)) return value
  const out: Serialized = {}
  for (const [key, item] of Object.entries(value)) {
    if (SECRET_KEYS.test(key) && !(key === 'code' && typeof item === 'string' && ERROR_CODE.test(item)) && !(key === 'code' && typeof item === 'number')) {
      out[key] = '[redacted]'
    } else {
      out[key] = clean(item, depth + 1)
    }
  }
  return out
}

type LoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>

/** The options every logger of the app gets, on top of the caller's (level, stream…). */
export function safeLoggerOptions(options: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!options) return false
  const base: LoggerOptions = options === true ? {} : (options as LoggerOptions)
  return {
    ...base,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', 'req.body', 'res.body'],
      censor: '[redacted]',
    },
    serializers: {
      ...('serializers' in base ? base.serializers : {}),
      err: (error: Error) => serializeError(error instanceof Error ? error : new Error(cleanText(String(error)))),
      error: (error: Error) => serializeError(error instanceof Error ? error : new Error(cleanText(String(error)))),
      req: (req: LoggedRequest) => ({ method: req.method, url: loggedPath(req.routeOptions?.url, req.url ?? ''), remoteAddress: req.ip }),
    },
    formatters: {
      ...('formatters' in base ? base.formatters : {}),
      // every line's own fields (not pino's level/time), cleaned
      log: (object: Record<string, unknown>) => clean(object) as Record<string, unknown>,
    },
    hooks: {
      // the message text itself
      logMethod(args, method) {
        const cleaned = args.map((arg) => (typeof arg === 'string' ? cleanText(arg) : arg)) as Parameters<typeof method>
        method.apply(this, cleaned)
      },
    },
  }
}
