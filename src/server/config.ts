// Configuration from environment variables, parsed once with zod at start-up. A wrong value
// stops the server with a message naming the variable. README.md lists every variable.
import { z } from 'zod'
import { defaultPoolSize } from './db/pool-size'

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes')

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback)

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DB_POOL_SIZE: positiveInt(defaultPoolSize()),
  // what sits between the instances and PostgreSQL (ADR 0031): a transaction pooler (PgBouncer's
  // pool_mode = transaction) forgets a connection's named statements between transactions
  DATABASE_POOLER: z.enum(['none', 'session', 'transaction']).default('none'),
  KINWISE_DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: bool.default(false),
  // without PUBLIC_URL: host names (besides IP addresses and localhost) the server answers to
  KINWISE_ALLOWED_HOSTS: z
    .string()
    .regex(/^\s*[A-Za-z0-9.-]+(\s*,\s*[A-Za-z0-9.-]+)*\s*$/, 'must be host names separated by commas, like kinwise.lan,nas.local')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_DAYS: positiveInt(30),
  SESSION_IDLE_DAYS: positiveInt(7),
  ALLOW_REGISTRATION: bool.default(true),
  AUTH_RATE_LIMIT_PER_MINUTE: positiveInt(10),
  KINWISE_CHECKPOINT_MINUTES: positiveInt(5),
  KINWISE_BACKUP_INTERVAL_HOURS: z.coerce.number().int().min(0).default(24),
  KINWISE_BACKUP_KEEP: positiveInt(7),
  MAX_UPLOAD_MB: positiveInt(100),
  // receipts and attachments (ADR 0037): the largest file, and a directory for their
  // bytes instead of the database
  ATTACHMENT_MAX_MB: positiveInt(10),
  // the largest kinwise-export.json an import over HTTP unpacks and parses in memory (ADR 0047)
  EXPORT_IMPORT_MAX_MB: positiveInt(16),
  KINWISE_ATTACHMENTS_DIR: z.string().min(1).optional(),
  ADS_CLIENT_ID: z.string().min(1).optional(),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  // e-mail (password reset, notices): off when SMTP_URL is unset
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).max(200).optional(),
  AUTH_MIN_RESPONSE_MS: z.coerce.number().int().min(0).max(5000).optional(),
  AUDIT_RETENTION_DAYS: positiveInt(365),
  KINWISE_SECRET_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes): openssl rand -hex 32')
    .optional(),
  // card billing: the four together or none; STRIPE_API_BASE points the SDK elsewhere
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\S+$/, 'must be a Stripe secret key (sk_test_…, sk_live_… or rk_…)').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\S+$/, "must be the webhook endpoint's signing secret (whsec_…)").optional(),
  STRIPE_PRICE_BASIC: z.string().regex(/^\S+$/, 'must be a Stripe price id (price_…)').optional(),
  STRIPE_PRICE_PREMIUM: z.string().regex(/^\S+$/, 'must be a Stripe price id (price_…)').optional(),
  STRIPE_API_BASE: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  // security prices: off when PRICE_PROVIDER_URL is unset; the key is sent as a Bearer token
  PRICE_PROVIDER_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  PRICE_PROVIDER_KEY: z.string().min(1).max(500).optional(),
  // exchange rates: off when RATES_PROVIDER_URL is unset; the key is sent as a Bearer token
  RATES_PROVIDER_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  RATES_PROVIDER_KEY: z.string().min(1).max(500).optional(),
  // a language model for the advisor: any OpenAI-compatible endpoint; off unless all three are set
  LLM_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL, like http://localhost:11434/v1' }).optional(),
  LLM_API_KEY: z.string().min(1).max(500).optional(),
  LLM_MODEL: z.string().min(1).max(200).optional(),
  // bank connections: SimpleFIN always; Plaid when PLAID_CLIENT_ID and PLAID_SECRET are set
  PLAID_CLIENT_ID: z.string().min(1).max(200).optional(),
  PLAID_SECRET: z.string().min(1).max(200).optional(),
  PLAID_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  PLAID_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  BANK_SYNC_INTERVAL_MINUTES: z.coerce.number().int().min(5).max(10080).default(360),
  KINWISE_ALLOW_LOCAL_PROVIDERS: bool.default(false),
  // tests only (the scale test): how long a scheduled job's "minute" lasts, so that its periods
  // pass in seconds
  KINWISE_JOB_MINUTE_MS: z.coerce.number().int().min(100).max(60_000).default(60_000),
  // scheduled jobs this instance never runs (comma-separated names, as in jobs.ts); another
  // instance may run them. The end-to-end server turns off the automations job, whose runs would
  // race the specs that run an automation by hand
  KINWISE_JOBS_OFF: z
    .string()
    .trim()
    .regex(/^([a-z-]+(\s*,\s*[a-z-]+)*)?$/, 'must be job names separated by commas')
    .default('')
    .transform((v) => v.split(',').map((name) => name.trim()).filter((name) => name !== '')),
})

export type Env = z.infer<typeof envSchema>

export type Config = {
  env: Env['NODE_ENV']
  host: string
  port: number
  database: { kind: 'postgres'; url: string; poolSize: number; pooler: Pooler } | { kind: 'pglite'; dataDir: string }
  publicUrl: string | null
  /** Cookies get Secure and HSTS is sent only when the app is served over HTTPS. */
  secureCookies: boolean
  trustProxy: boolean
  /** without publicUrl: the host names besides IP addresses and localhost that requests may name (DNS-rebinding defence) */
  allowedHosts: string[]
  logLevel: Env['LOG_LEVEL']
  session: { ttlDays: number; idleDays: number }
  allowRegistration: boolean
  /** sign-in, registration and password attempts a minute per client address */
  authRateLimitPerMinute: number
  checkpointMinutes: number
  backup: { intervalHours: number; keep: number }
  maxUploadBytes: number
  /** receipts on transactions: the largest file, and the directory for their bytes (null: in the database) */
  attachments: { maxBytes: number; dir: string | null }
  /** importing an export over HTTP: the largest document (kinwise-export.json, unpacked) */
  exportImport: { maxDocumentBytes: number }
  adsClientId: string | null
  oidc: { issuer: string; clientId: string; clientSecret: string } | null
  secretKey: string | null
  /** outgoing mail; null: off (reset links come from `cli reset-link`) */
  mail: { smtpUrl: string; from: string } | null
  /**
   * registration and password-reset requests answer no sooner than this, so how long they take
   * does not tell whether an e-mail has an account (0 in tests unless set)
   */
  authMinResponseMs: number
  auditRetentionDays: number
  /** card billing through Stripe; null: the administrator sets plans with `cli set-tier` */
  stripe: StripeConfig | null
  /** a price provider for securities (integrations/prices); null: prices are typed in, imported or read from statements */
  prices: { url: string; key: string | null } | null
  /** an exchange-rate provider (integrations/rates); null: rates are typed in or imported */
  rates: { url: string; key: string | null } | null
  /** an OpenAI-compatible language model for the advisor (integrations/llm); null: the advisor answers without one */
  llm: { baseUrl: string; apiKey: string; model: string } | null
  /** Plaid (bank connections); null: only SimpleFIN is offered */
  plaid: { clientId: string; secret: string; baseUrl: string } | null
  /** bank connections: minutes between scheduled syncs; whether provider URLs may be private addresses */
  banks: { syncIntervalMinutes: number; allowLocalProviders: boolean }
  /** how long a scheduled job's minute lasts: 60,000 ms except in the scale test */
  jobMinuteMs: number
  /** names of the scheduled jobs this instance does not run */
  jobsOff: readonly string[]
}

/** What sits between the instances and PostgreSQL: nothing, or a pooler in session or transaction mode. */
export type Pooler = Env['DATABASE_POOLER']

export type StripeConfig = {
  secretKey: string
  webhookSecret: string
  prices: { basic: string; premium: string }
  /** another API address than Stripe's (a local fake or stripe-mock); null: api.stripe.com */
  apiBase: string | null
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ConfigError'
  }
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  // empty strings mean "not set", as in most .env files
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''))
  const parsed = envSchema.safeParse(cleaned)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.')
      const value = cleaned[name]
      return `  ${name}${value === undefined ? '' : ` = "${value}"`}: ${issue.message}`
    })
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const oidcParts = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET]
  if (oidcParts.some(Boolean) && !oidcParts.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration:\n  OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together',
    )
  }
  if (e.SMTP_URL && !e.MAIL_FROM) {
    throw new ConfigError('Invalid configuration:\n  MAIL_FROM is required when SMTP_URL is set (e.g. "Kinwise <kinwise@example.com>")')
  }
  if (e.DATABASE_POOLER !== 'none' && !e.DATABASE_URL) {
    throw new ConfigError('Invalid configuration:\n  DATABASE_POOLER is only for a PostgreSQL server: set DATABASE_URL too')
  }
  if (oidcParts.every(Boolean) && !e.PUBLIC_URL) {
    throw new ConfigError('Invalid configuration:\n  PUBLIC_URL is required when OpenID Connect is set')
  }
  const stripe = stripeConfig(e)
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DB_POOL_SIZE, pooler: e.DATABASE_POOLER }
      : { kind: 'pglite', dataDir: e.KINWISE_DATA_DIR },
    publicUrl: e.PUBLIC_URL ?? null,
    secureCookies: e.PUBLIC_URL?.startsWith('https://') ?? false,
    trustProxy: e.TRUST_PROXY,
    allowedHosts: (e.KINWISE_ALLOWED_HOSTS ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean),
    logLevel: e.LOG_LEVEL,
    session: { ttlDays: e.SESSION_TTL_DAYS, idleDays: e.SESSION_IDLE_DAYS },
    allowRegistration: e.ALLOW_REGISTRATION,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    checkpointMinutes: e.KINWISE_CHECKPOINT_MINUTES,
    backup: { intervalHours: e.KINWISE_BACKUP_INTERVAL_HOURS, keep: e.KINWISE_BACKUP_KEEP },
    maxUploadBytes: e.MAX_UPLOAD_MB * 1024 * 1024,
    attachments: { maxBytes: e.ATTACHMENT_MAX_MB * 1024 * 1024, dir: e.KINWISE_ATTACHMENTS_DIR ?? null },
    exportImport: { maxDocumentBytes: e.EXPORT_IMPORT_MAX_MB * 1024 * 1024 },
    adsClientId: e.ADS_CLIENT_ID ?? null,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET }
        : null,
    secretKey: e.KINWISE_SECRET_KEY ?? null,
    mail: e.SMTP_URL && e.MAIL_FROM ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM } : null,
    authMinResponseMs: e.AUTH_MIN_RESPONSE_MS ?? (e.NODE_ENV === 'test' ? 0 : 300),
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    stripe,
    prices: e.PRICE_PROVIDER_URL ? { url: e.PRICE_PROVIDER_URL, key: e.PRICE_PROVIDER_KEY ?? null } : null,
    rates: e.RATES_PROVIDER_URL ? { url: e.RATES_PROVIDER_URL, key: e.RATES_PROVIDER_KEY ?? null } : null,
    llm: llmConfig(e),
    plaid: plaidConfig(e),
    banks: { syncIntervalMinutes: e.BANK_SYNC_INTERVAL_MINUTES, allowLocalProviders: e.KINWISE_ALLOW_LOCAL_PROVIDERS },
    jobMinuteMs: e.KINWISE_JOB_MINUTE_MS,
    jobsOff: e.KINWISE_JOBS_OFF,
  }
}

const LLM_VARIABLES = ['LLM_BASE_URL', 'LLM_API_KEY', 'LLM_MODEL'] as const

function llmConfig(e: Env): Config['llm'] {
  const missing = LLM_VARIABLES.filter((name) => !e[name])
  if (missing.length === LLM_VARIABLES.length) return null
  if (!e.LLM_BASE_URL || !e.LLM_API_KEY || !e.LLM_MODEL) {
    throw new ConfigError(
      `Invalid configuration:\n  ${LLM_VARIABLES.join(', ')} must be set together (missing: ${missing.join(', ')}); for a local model that needs no key, any word will do as LLM_API_KEY`,
    )
  }
  return { baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY, model: e.LLM_MODEL }
}

const STRIPE_VARIABLES = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_BASIC', 'STRIPE_PRICE_PREMIUM'] as const

function stripeConfig(e: Env): StripeConfig | null {
  const missing = STRIPE_VARIABLES.filter((name) => !e[name])
  if (missing.length === STRIPE_VARIABLES.length) {
    if (e.STRIPE_API_BASE) {
      throw new ConfigError('Invalid configuration:\n  STRIPE_API_BASE is set but card billing is not: set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_BASIC and STRIPE_PRICE_PREMIUM too')
    }
    return null
  }
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_PRICE_BASIC: basic, STRIPE_PRICE_PREMIUM: premium } = e
  // half a Stripe configuration would take payments it never hears about, or the reverse
  if (!secretKey || !webhookSecret || !basic || !premium) {
    throw new ConfigError(
      `Invalid configuration:\n  ${STRIPE_VARIABLES.join(', ')} must be set together (missing: ${missing.join(', ')}); leave all four unset to have the administrator set plans with \`cli set-tier\``,
    )
  }
  if (basic === premium) {
    throw new ConfigError('Invalid configuration:\n  STRIPE_PRICE_BASIC and STRIPE_PRICE_PREMIUM must be two different prices')
  }
  return {
    secretKey,
    webhookSecret,
    prices: { basic, premium },
    apiBase: e.STRIPE_API_BASE ?? null,
  }
}

function plaidConfig(e: Env): Config['plaid'] {
  if (!e.PLAID_CLIENT_ID && !e.PLAID_SECRET) return null
  if (!e.PLAID_CLIENT_ID || !e.PLAID_SECRET) {
    throw new ConfigError('Invalid configuration:\n  PLAID_CLIENT_ID and PLAID_SECRET must be set together')
  }
  const hosts = { sandbox: 'https://sandbox.plaid.com', production: 'https://production.plaid.com' } as const
  return { clientId: e.PLAID_CLIENT_ID, secret: e.PLAID_SECRET, baseUrl: e.PLAID_BASE_URL ?? hosts[e.PLAID_ENV] }
}
