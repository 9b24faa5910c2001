// The scale test: three instances of the built server
// (dist/server/main.js) on one new, empty PostgreSQL database, two of them through a PgBouncer in
// transaction mode that this script starts on its own port with its own config, and checks over
// HTTP and in the database what several instances must get right together: migrations started at
// once apply once; a session made on one works on the others and a sign-out ends it everywhere; a
// write on one is read on another at once; the prepared reads answer through the pooler (and, as
// a control, fail there without DATABASE_POOLER=transaction); the per-minute sign-in limit is
// counted across instances; every scheduled job claims each period once across them (job minutes
// shortened to a second with KINWISE_JOB_MINUTE_MS). It stops everything it started, even on
// failure, and ends with "Scale: N passed, N failed".
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run test:scale
//
// Options (environment): KINWISE_SCALE_PORT_BASE=3300 takes the ports from there up (default: any
// free ones); KINWISE_PGBOUNCER the pgbouncer binary (default: found on PATH or in /usr/sbin);
// KINWISE_SCALE_JSON a file to write { passed, failed, checks } to (scripts/test.mjs counts it).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { chownSync, existsSync, readFileSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir, userInfo } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { DASHBOARD_CALLS } from '../bench/lib/dashboard'
import { request, type Reply } from '../bench/lib/http'
import { freePort, startServer, type ServerHandle } from '../bench/lib/server'
import { scheduledJobs } from '../src/server/jobs/scheduler'

const ROOT = path.resolve(import.meta.dirname, '..')
const JOB_MINUTE_MS = 1000
/** how long the instances run (once all answer) before the job claims are judged: three periods of the 5-minute jobs */
const JOB_WINDOW_MS = 16_000

type Check = { name: string; ok: boolean; detail: string }
const checks: Check[] = []
const say = (line: string) => process.stdout.write(`${line}\n`)

function check(name: string, ok: boolean, detail = ''): boolean {
  checks.push({ name, ok, detail })
  say(`${ok ? '✔' : '✘'} ${name}${detail ? ` — ${detail}` : ''}`)
  return ok
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

// ---- what this script starts, stopped in `finally` (and on SIGINT/SIGTERM) ----

const cleanups: Array<() => Promise<unknown>> = []
async function cleanUp(): Promise<void> {
  for (const undo of cleanups.splice(0).reverse()) {
    try {
      await undo()
    } catch (error) {
      say(`  (clean-up: ${error instanceof Error ? error.message : String(error)})`)
    }
  }
}

let nextPort = Number(process.env.KINWISE_SCALE_PORT_BASE ?? 0)
const port = async () => (nextPort ? nextPort++ : freePort())

function pgbouncerBinary(): string | null {
  const given = process.env.KINWISE_PGBOUNCER
  if (given) return existsSync(given) ? given : null
  for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/bin']) {
    const file = path.join(dir, 'pgbouncer')
    if (dir && existsSync(file)) return file
  }
  return null
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}

/** Its own pgbouncer (transaction mode) in a temp folder, in front of `database`. */
async function startPgbouncer(binary: string, upstream: URL, database: string, dir: string): Promise<{ url: string; child: ChildProcess }> {
  const listen = await port()
  const password = randomUUID()
  const user = decodeURIComponent(upstream.username || 'postgres')
  // pgbouncer will not run as root: it switches to the PostgreSQL server's user, which must read
  // its config and write its log in the folder
  const asUser = userInfo().uid === 0 ? 'postgres' : null
  await writeFile(path.join(dir, 'userlist.txt'), `"${user}" "${password}"\n`)
  await writeFile(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `kinwise = host=${upstream.hostname} port=${upstream.port || '5432'} dbname=${database}`,
      '',
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${String(listen)}`,
      'unix_socket_dir =',
      'auth_type = scram-sha-256',
      `auth_file = ${path.join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      'max_client_conn = 200',
      'default_pool_size = 6',
      'ignore_startup_parameters = extra_float_digits,options',
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      'admin_users =',
      '',
    ].join('\n'),
  )
  if (asUser) {
    const { uid, gid } = userIds(asUser)
    for (const file of ['', 'userlist.txt', 'pgbouncer.ini']) chownSync(path.join(dir, file), uid, gid)
  }
  const child = spawn(binary, [...(asUser ? ['-u', asUser] : []), path.join(dir, 'pgbouncer.ini')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()))
  cleanups.push(async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
    }
  })
  const url = `postgres://${encodeURIComponent(user)}:${password}@127.0.0.1:${String(listen)}/kinwise`
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited: ${stderr}${await readFile(path.join(dir, 'pgbouncer.log'), 'utf8').catch(() => '')}`)
    const client = new pg.Client({ connectionString: url })
    try {
      await client.connect()
      await client.query('select 1')
      await client.end()
      return { url, child }
    } catch {
      await client.end().catch(() => undefined)
      await sleep(100)
    }
  }
  throw new Error(`pgbouncer did not answer on port ${String(listen)}`)
}

function userIds(name: string): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`))
  const [, , uid, gid] = line?.split(':') ?? []
  if (uid === undefined || gid === undefined) throw new Error(`no user ${name} to run pgbouncer as`)
  return { uid: Number(uid), gid: Number(gid) }
}

// ---- HTTP helpers ----

type Instance = { name: string; server: ServerHandle; log: string }

async function call(instance: Instance, method: string, url: string, options: { cookie?: string; body?: unknown } = {}): Promise<Reply> {
  return request(`${instance.server.base}${url}`, {
    method,
    headers: options.cookie ? { cookie: options.cookie } : {},
    ...(options.body === undefined ? {} : { body: options.body }),
    fresh: true,
  })
}

const sessionOf = (reply: Reply) =>
  (reply.headers['set-cookie'] ?? []).map((c) => c.split(';')[0] ?? '').find((c) => c.startsWith('kinwise_session=')) ?? ''

/** Every dashboard call `rounds` times, `parallel` at once; the statuses that were not 200. */
async function dashboardLoad(instance: Instance, cookie: string, rounds: number, parallel: number): Promise<{ calls: number; bad: string[] }> {
  const queue = Array.from({ length: rounds }, () => [...DASHBOARD_CALLS]).flat()
  const bad: string[] = []
  let calls = 0
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        const reply = await request(`${instance.server.base}${next}`, { headers: { cookie } })
        calls += 1
        if (reply.status !== 200 && bad.length < 5) bad.push(`${next} ${String(reply.status)} ${reply.body.slice(0, 120)}`)
        else if (reply.status !== 200) bad.push('…')
      }
    }),
  )
  return { calls, bad }
}

// ---- the checks ----

type Claim = { name: string; at: number; runs: number; by: string }

/** Polls job_runs every 100 ms (far shorter than any period here) and keeps each new claim. */
function watchClaims(url: string): { stop(): Promise<{ claims: Claim[]; last: Claim[] }> } {
  const seen = new Map<string, Claim>()
  const claims: Claim[] = []
  // the rows of the last poll: the counts to compare with the claims seen come from the same read
  let last: Claim[] = []
  let running = true
  const loop = (async () => {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      for (;;) {
        // one more poll after stop was asked: a claim made since the previous poll is seen too
        const stopping = !running
        try {
          const { rows } = await client.query<{ name: string; at: Date; runs: number; by: string | null }>(
            'select name, last_run_at as at, runs, claimed_by as by from job_runs',
          )
          last = rows.map((r) => ({ name: r.name, at: r.at.getTime(), runs: r.runs, by: r.by ?? '' }))
          for (const claim of last) {
            const before = seen.get(claim.name)
            if (!before || before.at !== claim.at) {
              seen.set(claim.name, claim)
              claims.push(claim)
            }
          }
        } catch {
          // job_runs does not exist until the migrations have run
        }
        if (stopping) break
        await sleep(100)
      }
    } finally {
      await client.end()
    }
  })()
  return {
    stop: async () => {
      running = false
      await loop
      return { claims, last }
    },
  }
}

async function main(): Promise<number> {
  const adminUrl = process.env.DATABASE_URL
  if (!adminUrl) {
    check('prerequisites', false, 'DATABASE_URL is not set (a PostgreSQL server the test may create a database on)')
    return 1
  }
  const binary = pgbouncerBinary()
  if (!binary) {
    check('prerequisites', false, 'pgbouncer is not installed (apt-get install -y pgbouncer)')
    return 1
  }
  if (!existsSync(path.join(ROOT, 'dist/server/main.js'))) {
    say('Building (node scripts/build.mjs)…')
    const built = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, stdio: 'inherit' })
    if (built.status !== 0) {
      check('prerequisites', false, 'the build failed')
      return 1
    }
  }

  const started = performance.now()
  const dir = await mkdtemp(path.join(tmpdir(), 'kinwise-scale-'))
  cleanups.push(() => rm(dir, { recursive: true, force: true }))
  const database = `kinwise_scale_${String(process.pid)}`
  const upstream = new URL(adminUrl)
  await adminQuery(adminUrl, `drop database if exists ${database} with (force)`)
  await adminQuery(adminUrl, `create database ${database}`)
  cleanups.push(() => adminQuery(adminUrl, `drop database if exists ${database} with (force)`))
  const direct = new URL(adminUrl)
  direct.pathname = `/${database}`

  const bouncer = await startPgbouncer(binary, upstream, database, dir)
  say(`PostgreSQL database ${database}; pgbouncer ${binary} (transaction mode) at ${bouncer.url.replace(/:[^:@/]+@/, ':…@')}`)

  const claimsWatch = watchClaims(direct.toString())
  let claimsStopped: { claims: Claim[]; last: Claim[] } | null = null
  cleanups.push(async () => {
    if (!claimsStopped) await claimsWatch.stop()
  })

  // three instances at once on the empty database: A straight to PostgreSQL, B and C through
  // the pooler in transaction mode
  const common = { NODE_ENV: 'production', KINWISE_JOB_MINUTE_MS: String(JOB_MINUTE_MS), DB_POOL_SIZE: '4', LOG_LEVEL: 'info' }
  const layout: Array<[string, Record<string, string>]> = [
    ['A (direct)', { DATABASE_URL: direct.toString() }],
    ['B (pgbouncer)', { DATABASE_URL: bouncer.url, DATABASE_POOLER: 'transaction' }],
    ['C (pgbouncer)', { DATABASE_URL: bouncer.url, DATABASE_POOLER: 'transaction' }],
  ]
  const starting = await Promise.allSettled(
    layout.map(async ([name, env], i) => {
      const log = path.join(dir, `instance-${String(i)}.log`)
      const server = await startServer({ ...common, ...env }, log, 60_000, await port())
      cleanups.push(() => server.stop())
      return { name, server, log } satisfies Instance
    }),
  )
  const instances = starting.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []))
  const startErrors = starting.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []))
  if (!check('three instances start together on an empty database', instances.length === 3, startErrors.join('; ').slice(0, 600))) return 1
  const [a, b, c] = instances as [Instance, Instance, Instance]
  // the job window counts from the moment all three answer, however slow their start was
  const instancesStarted = performance.now()

  // migrations: applied once, whoever took the lock first
  const admin = new pg.Client({ connectionString: direct.toString() })
  await admin.connect()
  cleanups.push(() => admin.end())
  const journal = JSON.parse(readFileSync(path.join(ROOT, 'src/server/db/migrations/meta/_journal.json'), 'utf8')) as { entries: unknown[] }
  const applied = await admin.query<{ n: number; hashes: number }>(
    'select count(*)::int as n, count(distinct hash)::int as hashes from drizzle.__drizzle_migrations',
  )
  const appliedRow = applied.rows[0]
  check(
    'migrations started by all three at once applied once',
    appliedRow?.n === journal.entries.length && appliedRow.hashes === journal.entries.length,
    `${String(appliedRow?.n)} rows for ${String(journal.entries.length)} migrations`,
  )

  // the per-minute sign-in limit (AUTH_RATE_LIMIT_PER_MINUTE = 10) across the three: a new
  // e-mail each time, so neither an account's nor the address's failure count (10 and 30) stops it
  const statuses: number[] = []
  for (let i = 0; i < 12; i++) {
    const reply = await call(instances[i % 3] as Instance, 'POST', '/api/auth/login', {
      body: { email: `nobody-${String(i)}-${randomUUID().slice(0, 6)}@example.com`, password: 'not the password' },
    })
    statuses.push(reply.status)
  }
  check(
    'sign-in attempts from one address are limited across instances (10 a minute in all, not 10 each)',
    statuses.slice(0, 10).every((s) => s === 401) && statuses[10] === 429 && statuses[11] === 429,
    `statuses ${statuses.join(' ')}`,
  )

  // a session made on one instance works on the others
  const email = `scale-${randomUUID().slice(0, 8)}@example.com`
  const registered = await call(a, 'POST', '/api/auth/register', {
    body: { firstName: 'Scale', lastName: 'Test', email, password: 'correct horse battery staple', acceptTerms: true },
  })
  const cookie = sessionOf(registered)
  const me = await Promise.all([a, b, c].map((i) => call(i, 'GET', '/api/auth/user', { cookie })))
  check(
    'a session made on A works on B and C',
    registered.status === 201 && Boolean(cookie) && me.every((r) => r.status === 200 && (JSON.parse(r.body) as { email: string }).email === email),
    `register ${String(registered.status)}, /api/auth/user ${me.map((r) => r.status).join('/')}`,
  )
  await call(a, 'POST', '/api/user/onboarding-complete', { cookie })

  // a write on one is read on another at once
  const made = await call(b, 'POST', '/api/accounts', { cookie, body: { name: 'Written on B', type: 'checking', openingBalance: 12.34 } })
  const seenOnC = await call(c, 'GET', '/api/accounts', { cookie })
  const seenOnA = await call(a, 'GET', '/api/accounts', { cookie })
  const has = (reply: Reply) =>
    reply.status === 200 && (JSON.parse(reply.body) as Array<{ name: string }>).some((x) => x.name === 'Written on B')
  check('a write on B is read on C and A at once', made.status === 201 && has(seenOnC) && has(seenOnA), `POST ${String(made.status)}, GET C ${String(seenOnC.status)}, A ${String(seenOnA.status)}`)
  const goal = await call(c, 'POST', '/api/goals', { cookie, body: { name: 'Written on C', targetAmount: 500 } })
  const goalsOnA = await call(a, 'GET', '/api/goals', { cookie })
  check(
    'a write on C (through the pooler) is read on A at once',
    goal.status === 201 && goalsOnA.status === 200 && goalsOnA.body.includes('Written on C'),
    `POST ${String(goal.status)} ${goal.status === 201 ? '' : goal.body.slice(0, 120)}, GET A ${String(goalsOnA.status)}`,
  )

  // the prepared reads of ADR 0018, many at once, through the pooler and straight
  for (const instance of [b, c, a]) {
    const { calls, bad } = await dashboardLoad(instance, cookie, 6, 8)
    check(`the dashboard's prepared reads answer on ${instance.name}`, bad.length === 0, `${String(calls)} calls, 8 at a time${bad.length ? `: ${bad.join('; ')}` : ''}`)
  }

  // the control: the same instance through the pooler without DATABASE_POOLER=transaction sends
  // named statements, which another transaction's server connection does not have
  {
    const log = path.join(dir, 'instance-control.log')
    const control = await startServer({ ...common, DATABASE_URL: bouncer.url, KINWISE_JOB_MINUTE_MS: '60000' }, log, 60_000, await port())
    cleanups.push(() => control.stop())
    const { bad } = await dashboardLoad({ name: 'control', server: control, log }, cookie, 6, 8)
    check(
      'control: without DATABASE_POOLER=transaction the same reads fail through the pooler',
      bad.length > 0,
      bad.length ? `${String(bad.length)} failed, e.g. ${bad[0] ?? ''}` : 'every call answered 200: the test cannot tell',
    )
    await control.stop()
  }

  // a sign-out on one instance ends the session on every instance at once
  const out = await call(b, 'POST', '/api/auth/logout', { cookie })
  const after = await Promise.all([a, b, c].map((i) => call(i, 'GET', '/api/auth/user', { cookie })))
  check('a sign-out on B ends the session on A, B and C at once', out.status === 200 && after.every((r) => r.status === 401), `after: ${after.map((r) => r.status).join('/')}`)

  // the scheduled jobs: let the 5-minute jobs (5 s here) claim a few periods
  const waited = performance.now() - instancesStarted
  if (waited < JOB_WINDOW_MS) await sleep(JOB_WINDOW_MS - waited)
  // the counts come from the watcher's last read, so no claim falls between it and them
  claimsStopped = await claimsWatch.stop()
  const { claims } = claimsStopped
  const final = { rows: claimsStopped.last.map((c) => ({ name: c.name, runs: c.runs, at: new Date(c.at) })) }
  const slack = JOB_MINUTE_MS / 60
  const pids = new Set(instances.map((i) => String(i.server.pid)))
  const by = new Set<string>()
  for (const job of scheduledJobs) {
    const mine = claims.filter((x) => x.name === job.name).sort((x, y) => x.at - y.at)
    const row = final.rows.find((r) => r.name === job.name)
    const period = job.everyMinutes * JOB_MINUTE_MS
    const gaps = mine.slice(1).map((x, i) => x.at - (mine[i]?.at ?? 0))
    const tooSoon = gaps.filter((g) => g < period - slack - 5)
    const span = row && mine[0] ? row.at.getTime() - mine[0].at : 0
    const most = Math.floor(span / (period - slack)) + 1
    for (const x of mine) by.add(x.by.split(':').at(-1) ?? '')
    const expectRepeats = period * 2 <= JOB_WINDOW_MS - 2000
    check(
      `job ${job.name} (every ${String(job.everyMinutes)} min → ${String(period / 1000)} s) claimed once per period across the three`,
      Boolean(row) && row?.runs === mine.length && tooSoon.length === 0 && mine.length <= most && (!expectRepeats || mine.length >= 2),
      `${String(row?.runs ?? 0)} runs counted, ${String(mine.length)} claims seen${gaps.length ? `, gaps ${gaps.map((g) => (g / 1000).toFixed(2)).join('/')} s` : ''}`,
    )
  }
  check(
    'the claims came from the instances under test',
    [...by].every((pid) => pids.has(pid)),
    `claimed by pid ${[...by].join(', ')} of ${[...pids].join(', ')}`,
  )

  // nothing failed inside an instance
  const failures: string[] = []
  for (const instance of instances) {
    const text = await readFile(instance.log, 'utf8').catch(() => '')
    const errors = text.split('\n').filter((l) => l.includes('"level":50') || l.includes('"level":60'))
    if (errors.length) failures.push(`${instance.name}: ${String(errors.length)} errors, e.g. ${errors[0]?.slice(0, 200) ?? ''}`)
  }
  check('no instance logged an error (scheduled jobs and requests alike)', failures.length === 0, failures.join('; '))
  say(`(${((performance.now() - started) / 1000).toFixed(1)} s)`)
  return checks.some((x) => !x.ok) ? 1 : 0
}

let exiting = false
async function finish(code: number): Promise<never> {
  if (!exiting) {
    exiting = true
    await cleanUp()
  }
  const passed = checks.filter((x) => x.ok).length
  const failed = checks.length - passed
  const report = process.env.KINWISE_SCALE_JSON
  if (report) await writeFile(report, JSON.stringify({ passed, failed, checks }, null, 2))
  say(`Scale: ${String(passed)} passed, ${String(failed)} failed`)
  process.exit(code || (failed ? 1 : 0))
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    check(`interrupted (${signal})`, false)
    void finish(1)
  })
}
// the whole test must end within a few minutes, whatever hangs
setTimeout(() => {
  check('finished within 5 minutes', false)
  void finish(1)
}, 5 * 60_000).unref()

main().then(
  (code) => finish(code),
  (error: unknown) => {
    check('the test ran to its end', false, error instanceof Error ? (error.stack ?? error.message).slice(0, 800) : String(error))
    return finish(1)
  },
)
