// Test helpers: a real app on a real database (PGlite from the migrated snapshot, or a fresh
// PostgreSQL database from the template), and signed-in clients for API tests through inject.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { and, eq } from 'drizzle-orm'
import pg from 'pg'
import { expect, inject } from 'vitest'
import { buildApp } from '../app'
import { fixedClock } from '../clock'
import { parseConfig, type Config } from '../config'
import { openDatabase, type Database } from '../db/connect'
import { categories, householdMembers } from '../db/schema'
import type { Role } from '#src/domain/access'
import { adminUrl, databaseUrl, testDbKind } from './global-setup'
import type { SubscriptionTier } from '#src/domain/tiers'
import { setPlanByEmail } from '../modules/subscription/plan'
import { addMembership, deleteHousehold } from '../modules/household/membership'
import { settleInsightJobs } from '../modules/insights/routes'

export type TestContext = {
  app: FastifyInstance
  database: Database
  config: Config
  clock: ReturnType<typeof fixedClock>
  close(): Promise<void>
}

async function openTestDatabase(): Promise<Database> {
  if (testDbKind() === 'postgres') {
    const template = inject('pgTemplate')
    // kinwise_tpl_<pid> → kinwise_t_<pid>_<random>: global teardown drops them by that prefix
    const fullName = `${template.replace('kinwise_tpl_', 'kinwise_t_')}_${randomUUID().slice(0, 8)}`
    const admin = new pg.Client({ connectionString: adminUrl() })
    await admin.connect()
    await admin.query(`create database "${fullName}" template "${template}"`)
    await admin.end()
    return openDatabase({ kind: 'postgres', url: databaseUrl(fullName), poolSize: 4 })
  }
  return openDatabase({ kind: 'pglite', dataDir: null, snapshot: inject('pgliteSnapshot') })
}

/** A fresh app for a test file; `now` fixes the server clock (default 2026-03-15 12:00 UTC). */
export async function createTestApp(
  options: { now?: string; env?: Record<string, string>; sessionCacheMs?: number; scopeCache?: boolean } = {},
): Promise<TestContext> {
  const database = await openTestDatabase()
  const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env })
  const clock = fixedClock(options.now ?? '2026-03-15T12:00:00Z')
  // KINWISE_TEST_LOG=error shows server errors (the body of a 500 says nothing on purpose)
  const level = process.env.KINWISE_TEST_LOG
  const app = await buildApp({
    db: database.db,
    config,
    clock,
    webDir: null,
    logger: level ? { level } : false,
    ...(options.sessionCacheMs !== undefined ? { sessionCacheMs: options.sessionCacheMs } : {}),
    ...(options.scopeCache !== undefined ? { scopeCache: options.scopeCache } : {}),
  })
  await app.ready()
  return {
    app,
    database,
    config,
    clock,
    close: async () => {
      await app.close()
      await database.close()
    },
  }
}

export type Client = {
  cookie: string
  user: { id: string; email: string; firstName: string }
  request(options: InjectOptions): Promise<LightMyRequestResponse>
  get(url: string): Promise<LightMyRequestResponse>
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>
  put(url: string, body?: unknown): Promise<LightMyRequestResponse>
  patch(url: string, body?: unknown): Promise<LightMyRequestResponse>
  delete(url: string): Promise<LightMyRequestResponse>
}

/** The JSON body of a response, once its status is the one expected (the body is in the failure). */
export function jsonOf<T>(res: LightMyRequestResponse, status = 200): T {
  expect(res.statusCode, res.body).toBe(status)
  return res.json()
}

export function clientFor(app: FastifyInstance, cookie: string, user: Client['user']): Client {
  const request = (options: InjectOptions) =>
    app.inject({ ...options, headers: { ...options.headers, cookie } })
  const withBody = (method: 'POST' | 'PUT' | 'PATCH') => (url: string, body?: unknown) =>
    request(body === undefined ? { method, url } : { method, url, payload: body as InjectOptions['payload'] })
  return {
    cookie,
    user,
    request,
    get: (url) => request({ method: 'GET', url }),
    post: withBody('POST'),
    put: withBody('PUT'),
    patch: withBody('PATCH'),
    delete: (url) => request({ method: 'DELETE', url }),
  }
}

let counter = 0

/** Registers a new user (unique e-mail) and returns a client signed in as them. */
export async function signUp(
  app: FastifyInstance,
  overrides: { firstName?: string; email?: string; password?: string; onboarded?: boolean } = {},
): Promise<Client> {
  counter += 1
  const body = {
    firstName: overrides.firstName ?? `Tester${counter}`,
    lastName: 'Example',
    email: overrides.email ?? `user${counter}-${randomUUID().slice(0, 8)}@example.com`,
    password: overrides.password ?? 'correct horse battery',
    acceptTerms: true,
  }
  // each sign-up from its own address, so a test file can make more users than the sign-up
  // rate limit (10 a minute per address) allows one address
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: body,
    remoteAddress: `10.77.${Math.floor(counter / 250)}.${(counter % 250) + 1}`,
  })
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`)
  const setCookie = res.headers['set-cookie']
  const raw = Array.isArray(setCookie) ? setCookie[0] : setCookie
  const cookie = raw?.split(';')[0]
  if (!cookie) throw new Error('no session cookie')
  const user = res.json() as Client['user']
  const client = clientFor(app, cookie, user)
  if (overrides.onboarded !== false) await client.post('/api/user/onboarding-complete')
  return client
}

/**
 * A new user who is a member of `owner`'s household with `role`, put there straight in the
 * database (their own new household is dropped), for tests of what each role sees and may do.
 * The invite flow itself is tested through the API in modules/household.
 */
export async function addMember(
  t: TestContext,
  owner: Client,
  role: Exclude<Role, 'owner'>,
  overrides: Parameters<typeof signUp>[1] = {},
): Promise<Client> {
  const member = await signUp(t.app, overrides)
  const db = t.database.db
  const [mine] = await db.select({ householdId: householdMembers.householdId }).from(householdMembers).where(eq(householdMembers.userId, owner.user.id))
  const [theirs] = await db.select({ householdId: householdMembers.householdId }).from(householdMembers).where(eq(householdMembers.userId, member.user.id))
  if (!mine || !theirs) throw new Error('no household')
  await db.transaction(async (tx) => {
    await deleteHousehold(tx, theirs.householdId)
    await addMembership(tx, mine.householdId, member.user.id, role)
  })
  return member
}

/** Puts the client's household on a plan, as the administrator's CLI would. */
export async function setTestPlan(t: TestContext, client: Client, plan: SubscriptionTier): Promise<void> {
  const found = await setPlanByEmail(t.database.db, client.user.email, plan, t.clock.now())
  if (!found) throw new Error(`no user ${client.user.email}`)
}

/** The id of one of a user's default categories, read straight from the database. */
export async function categoryId(t: TestContext, client: Client, name: string): Promise<string> {
  const rows = await t.database.db
    .select({ id: categories.id })
    .from(categories)
    .innerJoin(householdMembers, eq(householdMembers.householdId, categories.householdId))
    .where(and(eq(householdMembers.userId, client.user.id), eq(categories.name, name)))
  const row = rows[0]
  if (!row) throw new Error(`no category ${name}`)
  return row.id
}

/**
 * Presses the Smart Insights Refresh as `client`: the answer is 202 (queued), the job runs in the
 * background, and this waits for it and returns where it then stands (done, or failed).
 */
export async function refreshInsights(t: TestContext, client: Client): Promise<{ status: string; finishedAt: string | null }> {
  const res = await client.post('/api/insights/refresh')
  if (res.statusCode !== 202) throw new Error(`refresh answered ${String(res.statusCode)}: ${res.body}`)
  await settleInsightJobs(t.database.db)
  return (await client.get('/api/insights/refresh')).json()
}
