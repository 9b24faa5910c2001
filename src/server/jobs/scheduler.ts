// Scheduled work. Embedded database: CHECKPOINT every few minutes and rotating backups of the
// data directory. Shared jobs (session purge, reminders, insights, bank syncs…) first claim their
// period in job_runs with one atomic statement, so with several app instances each runs once per
// period (ADR 0011).
import { chmod, mkdir, readdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../clock'
import type { Config } from '../config'
import { embeddedHeld, embeddedReleased, type Database } from '../db/connect'
import { purgeSessions } from '../core/sessions'
import { INSTANCE_ID } from '../instance'
import { ENCRYPTED_EXTENSION, encryptFile } from './backup-crypto'
import { sharedJobs, type SharedJob } from './jobs'

const builtInJobs: SharedJob[] = [
  {
    name: 'purge-sessions',
    everyMinutes: 60,
    run: ({ db, config, now }) => purgeSessions(db, now, config.session.idleDays),
  },
]

/** Every job that claims its period in job_runs, in the order a tick runs them. */
export const scheduledJobs: readonly SharedJob[] = [...builtInJobs, ...sharedJobs]

/**
 * Runs a shared job if its period has passed, claiming the period first with one atomic
 * statement on job_runs: of several instances asking at once, exactly one gets the row back
 * (it counts the claim in `runs` and signs it in `claimed_by`, which the scale test reads).
 * (No connection is held while the job runs: the embedded database has a pool of one.) A job's
 * minute is config.jobMinuteMs long (a minute, except in the scale test); a claim may come a
 * sixtieth of one early, so a tick that lands just before the period ends does not wait a whole
 * tick more.
 */
export async function runSharedJob(
  database: Database,
  job: SharedJob,
  deps: { config: Config; now: Date; log: FastifyBaseLogger },
): Promise<boolean> {
  const minuteMs = deps.config.jobMinuteMs
  const dueBefore = new Date(deps.now.getTime() - job.everyMinutes * minuteMs + minuteMs / 60)
  const claimed = await database.pool.query(
    `insert into job_runs (name, last_run_at, runs, claimed_by) values ($1, $2, 1, $4)
     on conflict (name) do update set last_run_at = excluded.last_run_at, runs = job_runs.runs + 1,
       claimed_by = excluded.claimed_by
     where job_runs.last_run_at <= $3
     returning name`,
    [job.name, deps.now, dueBefore, INSTANCE_ID],
  )
  if (claimed.rowCount === 0) return false
  await job.run({ db: database.db, ...deps })
  return true
}

/**
 * Writes a backup of the embedded database to <dataDir>/backups and keeps the newest `keep`.
 * The folder is private to the server's user (0700) and each file too (0600); with
 * KINWISE_SECRET_KEY the file is encrypted (kinwise-….tar.gz.enc, backup-crypto.ts) and the
 * clear copy never stays on disk.
 */
export async function backupDataDir(database: Database, dataDir: string, now: Date, keep: number, secretKey: string | null = null): Promise<string> {
  const dir = path.join(path.resolve(dataDir), 'backups')
  await mkdir(dir, { recursive: true, mode: 0o700 })
  await chmod(dir, 0o700)
  const stamp = now.toISOString().replace(/[:.]/g, '-')
  const plain = path.join(dir, `kinwise-${stamp}.tar.gz`)
  const partial = `${plain}.partial`
  let file = plain
  try {
    await database.dumpTo(partial)
    await chmod(partial, 0o600)
    if (secretKey) {
      file = `${plain}${ENCRYPTED_EXTENSION}`
      await encryptFile(partial, `${file}.partial`, secretKey)
      await rename(`${file}.partial`, file)
    } else {
      await rename(partial, plain)
    }
  } finally {
    await rm(partial, { force: true })
    await rm(`${plain}${ENCRYPTED_EXTENSION}.partial`, { force: true })
  }
  const files = (await readdir(dir)).filter((f) => /^kinwise-.*\.tar\.gz(\.enc)?$/.test(f)).sort()
  for (const old of files.slice(0, Math.max(0, files.length - keep))) {
    await rm(path.join(dir, old), { force: true })
  }
  return file
}

/**
 * The embedded database has no autovacuum, so nothing ever gathers planner statistics: without
 * them every table looks empty and the planner picks full scans. ANALYZE the tables that never
 * had it or have grown by a fifth since (their size on disk against the pages the last ANALYZE
 * saw). PostgreSQL servers do this themselves.
 */
export async function analyzeGrownTables(database: Pick<Database, 'pool'>): Promise<string[]> {
  const { rows } = await database.pool.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r'
       and (c.reltuples < 0 or pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * 1.2 + 8)`,
  )
  for (const { name } of rows) await database.pool.query(`analyze "${name.replace(/"/g, '""')}"`)
  return rows.map((r) => r.name)
}

export function startJobs(deps: {
  database: Database
  config: Config
  clock: Clock
  log: FastifyBaseLogger
}): { stop(): Promise<void> } {
  const { database, config, clock, log } = deps
  const unknown = config.jobsOff.filter((name) => !scheduledJobs.some((job) => job.name === name))
  if (unknown.length) {
    throw new Error(`KINWISE_JOBS_OFF names no such job: ${unknown.join(', ')} (jobs: ${scheduledJobs.map((j) => j.name).join(', ')})`)
  }
  const timers: NodeJS.Timeout[] = []
  let running: Promise<unknown> = Promise.resolve()
  const serially = (name: string, work: () => Promise<unknown>) => {
    running = running.then(work).catch((error: unknown) => log.error({ err: error, job: name }, 'scheduled job failed'))
    return running
  }

  // While an import's transaction holds the embedded database (one session), a job's statement
  // would wait for it to end and hold the app's one connection meanwhile, and every request with
  // it: the checkpoint and the minute's tick are skipped (the next one runs), a backup waits
  const held = () => embeddedHeld(database.db)
  if (database.kind === 'pglite' && config.database.kind === 'pglite') {
    const dataDir = config.database.dataDir
    timers.push(setInterval(() => void serially('checkpoint', () => (held() ? Promise.resolve() : database.checkpoint())), config.checkpointMinutes * 60_000))
    if (config.backup.intervalHours > 0) {
      timers.push(
        setInterval(
          () =>
            void serially('backup', async () => {
              await embeddedReleased(database.db)
              const file = await backupDataDir(database, dataDir, clock.now(), config.backup.keep, config.secretKey)
              log.info({ file }, 'backup written')
            }),
          config.backup.intervalHours * 3_600_000,
        ),
      )
    }
  }

  const jobs = scheduledJobs.filter((job) => !config.jobsOff.includes(job.name))
  const tick = () =>
    serially('shared-jobs', async () => {
      if (held()) return
      if (database.kind === 'pglite') {
        const analyzed = await analyzeGrownTables(database)
        if (analyzed.length) log.info({ tables: analyzed }, 'planner statistics gathered')
      }
      for (const job of jobs) await runSharedJob(database, job, { config, now: clock.now(), log })
    })
  timers.push(setInterval(() => void tick(), config.jobMinuteMs))
  // first pass shortly after start (5 s), off the start-up path
  timers.push(setTimeout(() => void tick(), config.jobMinuteMs / 12))
  for (const t of timers) t.unref()

  return {
    stop: async () => {
      for (const t of timers) clearInterval(t)
      await running
    },
  }
}

