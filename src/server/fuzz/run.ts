// Runs the contract-driven fuzz: N requests drawn (seeded) from every endpoint's generated
// requests, made one after another through inject as household A's owner, household B's owner
// (with A's ids among theirs) or nobody, each checked: no answer ≥ 500, every 4xx JSON with a
// message and a code, a refused request writes nothing, and no request changes the other
// household. A failure names the exact request, so it can be replayed.
import fc from 'fast-check'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { z } from 'zod'
import type { Clock } from '../clock'
import type { Db } from '../db/connect'
import { EXPORT_JSON_NAME, exportDocument } from '#src/contract/data'
import { csvMapping, importFields, importOverride } from '#src/contract/imports'
import { endpointKey, loadEndpoints } from './contracts'
import { Huge, Ref, planFor, type SymBody, type SymRequest } from './generate'
import { FUZZ_PASSWORD, createWorld, heal, refreshPools, stock, takeChanges, type Member, type World } from './world'
import { settleAutomationHooks } from '../modules/automations/routes'
import { settleInsightJobs } from '../modules/insights/routes'

/**
 * The text fields of multipart endpoints, which their contracts describe in words only; fields
 * that carry JSON are generated as what the JSON holds (and sent as JSON).
 */
const MULTIPART_FIELDS: Record<string, z.ZodType> = {
  'POST /api/imports': importFields.extend({ mapping: csvMapping.optional(), overrides: z.array(importOverride).optional() }),
}
/** The JSON file a multipart endpoint takes (besides statements, which every one may get). */
const MULTIPART_FILES: Record<string, { name: string; schema: z.ZodType }> = {
  'POST /api/export/import': { name: EXPORT_JSON_NAME, schema: exportDocument },
}

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

export type Failure = {
  index: number
  endpoint: string
  actor: string
  status: number
  problem: string
  request: string
  response: string
}

export type FuzzReport = {
  seed: number
  requests: number
  seconds: number
  endpoints: number
  failures: Failure[]
  /** answers ≥ 500 */
  serverErrors: number
  /** per endpoint: how many answers of each class */
  byEndpoint: Record<string, { '2xx': number; '4xx': number; '5xx': number; ms: number; refusals: Record<string, number> }>
  heals: number
  /** seconds spent in the requests themselves, reading what they wrote, and the repairs */
  timings: { requests: number; changes: number; upkeep: number }
}

export type FuzzOptions = {
  app: FastifyInstance
  db: Db
  clock: Clock
  runs: number
  seed: number
  /** progress lines (every 1,000 requests) */
  log?: (line: string) => void
  /** stop collecting after this many failures (the run goes on counting) */
  maxFailures?: number
  /** fuzz only the endpoints this accepts ("METHOD /path"); all by default */
  only?: (key: string) => boolean
}

/** A value resolved against the pools as `member` sees them. */
function resolver(world: World, member: Member) {
  const own = member.householdId
  const other = member.label === 'A' ? world.B.householdId : world.A.householdId
  const choose = (list: string[] | undefined, at: number): string | undefined => (list && list.length > 0 ? list[Math.floor(at * list.length)] : undefined)
  const fromRef = (ref: Ref): string => {
    let value: string | undefined
    const household = ref.who === 'other' ? other : own
    if (ref.who === 'random') value = ref.fallback
    else if (ref.pool === 'id') {
      const tables = [...world.pools.ids.keys()]
      const table = ref.who === 'wrongKind' || !ref.table || !world.pools.ids.has(ref.table) ? tables[Math.floor(ref.pick * 7919) % Math.max(1, tables.length)] : ref.table
      value = choose(world.pools.ids.get(table ?? '')?.get(household), ref.pick)
    } else if (ref.pool === 'email') value = choose(world.pools.emails.get(household), ref.pick)
    else if (ref.pool === 'token') value = ref.who === 'own' ? choose(world.pools.tokens.get(own), ref.pick) : undefined
    else if (ref.pool === 'password') value = ref.who === 'own' || ref.who === 'other' ? FUZZ_PASSWORD : undefined
    else value = choose(world.pools.cursors, ref.pick)
    value ??= ref.pool === 'email' ? `${ref.fallback}@example.com` : ref.fallback
    return ref.variant === 'upper' ? value.toUpperCase() : ref.variant === 'padded' ? ` ${value} ` : value
  }
  const resolve = (v: unknown): unknown => {
    if (v instanceof Ref) return fromRef(v)
    if (v instanceof Huge) return v.toString()
    if (Array.isArray(v)) return v.map(resolve)
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {}
      for (const key of Object.keys(v)) {
        Object.defineProperty(out, key, { value: resolve((v as Record<string, unknown>)[key]), enumerable: true, configurable: true, writable: true })
      }
      return out
    }
    return v
  }
  return resolve
}

const asText = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v))

/** encodeURIComponent, but a lone surrogate goes out as the (invalid UTF-8) bytes it would be. */
function encodePath(text: string): string {
  let out = ''
  for (const ch of text) {
    const cu = ch.charCodeAt(0)
    if (ch.length === 1 && cu >= 0xd800 && cu <= 0xdfff) {
      out += [0xe0 | (cu >> 12), 0x80 | ((cu >> 6) & 0x3f), 0x80 | (cu & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('')
    } else out += encodeURIComponent(ch)
  }
  return out
}

function buildInject(path: string, sym: SymRequest, resolve: (v: unknown) => unknown): InjectOptions & { method: (typeof HTTP_METHODS)[number]; url: string } {
  const params = resolve(sym.params) as Record<string, unknown>
  let url = path.replace(/:(\w+)/g, (_, name: string) => encodePath(asText(params[name] ?? '')))
  if (sym.query) {
    const q = resolve(sym.query) as Record<string, unknown>
    const search = new URLSearchParams()
    for (const key of Object.keys(q)) {
      const value = q[key]
      if (value === undefined) continue
      if (Array.isArray(value)) for (const item of value) search.append(key, asText(item))
      else search.append(key, asText(value))
    }
    const text = search.toString()
    if (text) url += `?${text}`
  }
  const verb = sym.endpoint.split(' ')[0]
  const method = HTTP_METHODS.find((m) => m === verb) ?? 'GET'
  const opts: InjectOptions & { method: (typeof HTTP_METHODS)[number]; url: string } = { method, url, headers: {} }
  const body: SymBody = sym.body
  if (body.kind === 'json') {
    const value = resolve(body.value)
    if (value !== undefined) {
      opts.payload = JSON.stringify(value)
      opts.headers = { ...opts.headers, 'content-type': 'application/json' }
    }
  } else if (body.kind === 'raw') {
    opts.payload = asText(resolve(body.text))
    opts.headers = { ...opts.headers, 'content-type': body.contentType }
  } else if (body.kind === 'multipart') {
    const form = new FormData()
    const fields = resolve(body.fields) as Record<string, unknown>
    for (const key of Object.keys(fields)) form.append(key, asText(fields[key]))
    if (body.file) form.append('file', new Blob([new TextEncoder().encode(asText(resolve(body.file.content)))]), body.file.name)
    opts.payload = form as unknown as InjectOptions['payload']
  }
  return opts
}

const short = (s: string, max = 300) => (s.length > max ? `${s.slice(0, max)}… (${s.length} characters)` : s)

/** The request as text a person can replay: method, URL, content type and body. */
function describe(opts: InjectOptions & { method: (typeof HTTP_METHODS)[number]; url: string }, actor: string, sym: SymRequest, resolve: (v: unknown) => unknown): string {
  const headers = (opts.headers ?? {}) as Record<string, string>
  const lines = [`${opts.method} ${short(opts.url, 400)}   (as ${actor === 'anon' ? 'nobody' : `household ${actor}'s owner`})`]
  if (headers['content-type']) lines.push(`content-type: ${headers['content-type']}`)
  if (typeof opts.payload === 'string') lines.push(short(opts.payload, 1500))
  else if (sym.body.kind === 'multipart') {
    const fields = resolve(sym.body.fields) as Record<string, unknown>
    const file = sym.body.file ? { name: sym.body.file.name, content: asText(resolve(sym.body.file.content)) } : null
    lines.push(`multipart form (each field as text; objects as JSON): ${short(JSON.stringify({ fields, file }), 1500)}`)
  }
  return lines.join('\n')
}

function isError4xxShape(res: LightMyRequestResponse): boolean {
  if (!/application\/json/.test(String(res.headers['content-type'] ?? ''))) return false
  try {
    const body = res.json() as { message?: unknown; code?: unknown }
    return typeof body.message === 'string' && body.message.length > 0 && typeof body.code === 'string' && body.code.length > 0
  } catch {
    return false
  }
}

const RESTRICTED = new Set(['ACCOUNT_DELETION_PENDING', 'MFA_SETUP_REQUIRED', 'SESSION_EXPIRED', 'FORBIDDEN'])

/** A seed from the environment (KINWISE_FUZZ_SEED) or a new one. */
export function fuzzSeed(env: NodeJS.ProcessEnv = process.env): number {
  const given = Number(env.KINWISE_FUZZ_SEED)
  return Number.isSafeInteger(given) && env.KINWISE_FUZZ_SEED ? given : Math.floor(Math.random() * 2 ** 31)
}

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const { app, db, clock, runs, seed } = options
  const log = options.log ?? (() => undefined)
  const maxFailures = options.maxFailures ?? 50
  const endpoints = (await loadEndpoints()).filter((e) => !options.only || options.only(endpointKey(e)))
  const plans = endpoints.map((e) => planFor(e, MULTIPART_FIELDS[endpointKey(e)], MULTIPART_FILES[endpointKey(e)]))
  const byKey = new Map(plans.map((p) => [p.key, p]))
  const world = await createWorld(app, db, clock)
  const requests = fc.sample(fc.oneof(...plans.map((p) => p.arbitrary)), { seed, numRuns: runs })
  const report: FuzzReport = { seed, requests: 0, seconds: 0, endpoints: plans.length, failures: [], serverErrors: 0, byEndpoint: {}, heals: 0, timings: { requests: 0, changes: 0, upkeep: 0 } }
  const started = performance.now()
  // What a request (or the upkeep) set off after its answer (event-driven automations, an
  // insight Refresh's job) is still its own: wait for it, or its writes would be laid at the next
  // request's door. The onResponse hooks that start that work may run after inject() has
  // resolved: a turn of the event loop lets them start it first.
  const settle = async () => {
    await new Promise((resolve) => setImmediate(resolve))
    await settleAutomationHooks(db)
    await settleInsightJobs(db)
  }
  await takeChanges(world)
  let recentWrites: string[] = []
  const fail = (f: Failure) => {
    if (report.failures.length < maxFailures) report.failures.push(f)
  }
  for (const [index, sym] of requests.entries()) {
    const plan = byKey.get(sym.endpoint)
    if (!plan) continue
    const member = sym.actor === 'B' ? world.B : world.A
    const resolve = resolver(world, member)
    const opts = buildInject(plan.endpoint.path, sym, resolve)
    if (sym.actor !== 'anon') opts.headers = { ...opts.headers, cookie: member.cookie }
    opts.remoteAddress = `10.55.0.${sym.ip + 1}`
    let mark = performance.now()
    const res = await app.inject(opts)
    // what a request set off after its answer (event-driven automations, an insight Refresh's
    // job) is still its own: wait for it, or its writes would be laid at the next request's door.
    await settle()
    report.timings.requests += (performance.now() - mark) / 1000
    report.requests += 1
    const stats = (report.byEndpoint[sym.endpoint] ??= { '2xx': 0, '4xx': 0, '5xx': 0, ms: 0, refusals: {} })
    stats.ms += performance.now() - mark
    mark = performance.now()
    const status = res.statusCode
    const failure = (problem: string) =>
      fail({
        index,
        endpoint: sym.endpoint,
        actor: sym.actor,
        status,
        problem,
        // a read that fails may fail because of what an earlier write left behind
        request: `${describe(opts, sym.actor, sym, resolve)}${status >= 500 && plan.endpoint.method === 'GET' && recentWrites.length ? `\n  after these writes (newest last):\n${recentWrites.join('\n')}` : ''}`,
        response: short(res.body, 600),
      })
    if (status >= 500) {
      stats['5xx'] += 1
      report.serverErrors += 1
      failure(`answered ${status}`)
    } else if (status >= 400) {
      stats['4xx'] += 1
      const reason = short(res.body.replace(/"issues":.*$/, ''), 90)
      stats.refusals[reason] = (stats.refusals[reason] ?? 0) + 1
      if (!isError4xxShape(res)) failure(`a ${status} that is not JSON with a message and a code`)
    } else stats['2xx'] += 1

    // nothing written by a refused request, nothing of the other household by any request
    const changes = await takeChanges(world)
    for (const m of [world.A, world.B]) {
      const tables = [...(changes.get(m.householdId) ?? [])].sort().join(', ')
      if (!tables) continue
      if (status >= 400) failure(`answered ${status} but wrote household ${m.label}'s ${tables}`)
      else if (sym.actor !== 'anon' && m !== member) failure(`household ${member.label}'s request wrote household ${m.label}'s ${tables}`)
    }
    report.timings.changes += (performance.now() - mark) / 1000
    mark = performance.now()

    if (status < 300 && plan.endpoint.method !== 'GET') recentWrites = [...recentWrites, `  #${index} ${short(describe(opts, sym.actor, sym, resolve).replace(/\n/g, ' '), 400)}`].slice(-8)
    const cursor = res.headers['x-next-cursor']
    if (typeof cursor === 'string' && cursor) world.pools.cursors = [cursor, ...world.pools.cursors].slice(0, 20)
    // a member whose session ended, got restricted or lost the owner's role is put back
    let code: unknown
    if (status === 401 || status === 403) {
      try {
        code = (res.json() as { code?: unknown }).code
      } catch {
        code = undefined
      }
    }
    // (an owner refused FORBIDDEN gave the role away; 401: signed out, password changed, session revoked)
    const needsHeal = sym.actor !== 'anon' && (status === 401 || (status === 403 && RESTRICTED.has(String(code))))
    if (needsHeal || (index + 1) % 100 === 0) {
      report.heals += 1
      for (const m of needsHeal ? [member] : [world.A, world.B]) await heal(world, m)
      await settle()
      await takeChanges(world)
    }
    if ((index + 1) % 40 === 0) await refreshPools(world)
    if ((index + 1) % 300 === 0) {
      await stock(world, world.A)
      await stock(world, world.B)
      await refreshPools(world)
      // the stock's own writes set off automations too: they are the upkeep's, not the next request's
      await settle()
      await takeChanges(world)
    }
    report.timings.upkeep += (performance.now() - mark) / 1000
    if ((index + 1) % 1000 === 0) {
      const s = (performance.now() - started) / 1000
      log(`  fuzz: ${index + 1} requests, ${report.serverErrors} answers ≥ 500, ${(report.requests / s).toFixed(0)} requests/s`)
    }
  }
  report.seconds = (performance.now() - started) / 1000
  return report
}

/** The failures as text: each with the request to replay and the seed to run it again. */
export function formatFailures(report: FuzzReport, rerun: string): string {
  const lines = report.failures.map(
    (f) => `#${f.index} ${f.endpoint}: ${f.problem}\n${f.request}\n→ ${f.status} ${f.response}`,
  )
  return `${report.failures.length} failures (seed ${report.seed}; replay: KINWISE_FUZZ_SEED=${report.seed} KINWISE_FUZZ_RUNS=<#+1> ${rerun})\n\n${lines.join('\n\n')}`
}
