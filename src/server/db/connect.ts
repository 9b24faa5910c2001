// Opens the database: PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite in
// a worker thread reached over a Unix socket. Either way the app talks to it with node-postgres
// through one Drizzle instance, and migrations run at start-up (ADR 0002).
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import pg from 'pg'
import type { Pooler } from '../config'
import * as schema from './schema'
import { acquireDataDirLock, type DataDirLock } from './lock'
import { defaultPoolSize } from './pool-size'

/** Drizzle over node-postgres; `$client` is the pool (or the one client) it runs on. */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool | pg.PoolClient }
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
/** Either the database or an open transaction: repos accept both. */
export type DbOrTx = Db | Tx

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  pool: pg.Pool
  /** Flushes the embedded database's buffers to its files (a no-op on PostgreSQL). */
  checkpoint(): Promise<void>
  /** Writes a consistent copy of the embedded database to a file (.tar or .tar.gz). */
  dumpTo(file: string): Promise<void>
  close(): Promise<void>
}

export type OpenOptions =
  /** pooler 'transaction': behind PgBouncer's transaction mode, statements are sent unnamed (ADR 0031) */
  | { kind: 'postgres'; url: string; poolSize?: number; pooler?: Pooler }
  /**
   * dataDir null = in memory; snapshot = a dumped data directory to start from (tests);
   * template = the empty cluster a new data directory is copied from (default: the build's, if any).
   */
  | { kind: 'pglite'; dataDir: string | null; snapshot?: string; template?: string | null }

export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations')
/**
 * The empty cluster the build makes with PGlite's initdb (scripts/pgdata-template.mjs): a new
 * data directory starts as a copy of it, because initdb in the server peaked at ~950 MB against
 * ~300 MB for any later start (ADR 0039). Absent when running the sources (tsx, tests): there the
 * worker runs initdb itself.
 */
export const PGDATA_TEMPLATE = path.join(import.meta.dirname, 'pgdata-template')
const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url)
const MIGRATION_LOCK_ID = 7_340_001
/** the embedded database thread's young generation (V8's default grows to 32 MB and more) */
const ENGINE_YOUNG_MB = 8

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const opening = await beginOpenDatabase(options)
  await opening.ready
  return opening.database
}

/**
 * The database's handle at once and, in `ready`, the moment it answers with its migrations run,
 * so that the HTTP app is built while the embedded engine boots in its thread (start-up,
 * ADR 0016). Nothing may query the handle before `ready`; if `ready` fails the database is closed.
 */
export async function beginOpenDatabase(options: OpenOptions): Promise<{ database: Database; ready: Promise<void> }> {
  const { database, started } =
    options.kind === 'postgres'
      ? {
          database: openPostgres(options.url, options.poolSize ?? defaultPoolSize(), options.pooler ?? 'none'),
          started: Promise.resolve(),
        }
      : await startPglite(options)
  const ready = (async () => {
    try {
      await started
      await runMigrations(database.pool)
    } catch (error) {
      await database.close()
      throw error
    }
  })()
  // a caller that fails before awaiting `ready` must not leave an unhandled rejection behind
  ready.catch(() => undefined)
  return { database, ready }
}

function makeDrizzle(client: pg.Pool | pg.PoolClient): Db {
  return drizzle({ client, schema, casing: 'snake_case' })
}

/**
 * Applies the migrations not yet applied, all in one transaction that first takes a
 * transaction-level advisory lock: several instances starting at once against one PostgreSQL
 * migrate one after the other (the later ones find nothing left to do), and the lock cannot
 * outlive the transaction even behind a pooler in transaction mode, where a session lock could be
 * taken on one server connection and released on another (ADR 0031). Drizzle's own bookkeeping
 * (drizzle.__drizzle_migrations, newest created_at) is kept, so databases migrated before read
 * the same.
 */
async function runMigrations(pool: pg.Pool): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR })
  const client = await pool.connect()
  try {
    await client.query('begin')
    try {
      await client.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID])
      await client.query('create schema if not exists drizzle')
      await client.query(
        'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
      )
      const { rows } = await client.query<{ created_at: string }>(
        'select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
      )
      const last = rows[0] ? Number(rows[0].created_at) : null
      for (const migration of migrations) {
        if (last !== null && last >= migration.folderMillis) continue
        for (const statement of migration.sql) await client.query(statement)
        await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
          migration.hash,
          migration.folderMillis,
        ])
      }
      await client.query('commit')
    } catch (error) {
      await client.query('rollback').catch(() => undefined)
      throw error
    }
  } finally {
    client.release()
  }
}

/**
 * A node-postgres client that sends every statement unnamed. PgBouncer in transaction mode
 * (before 1.21, or without max_prepared_statements) hands each transaction whichever server
 * connection is free, so a statement prepared by name on one is missing on the next ("prepared
 * statement … does not exist"). Unnamed, the prepared reads (ADR 0018) still build their SQL once
 * in the process; PostgreSQL parses and plans them on each run.
 */
class UnnamedStatementClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config)
    const send = this.query.bind(this) as (...args: unknown[]) => unknown
    this.query = ((query: unknown, ...rest: unknown[]) => send(withoutName(query), ...rest)) as pg.Client['query']
  }
}

function withoutName(query: unknown): unknown {
  if (typeof query !== 'object' || query === null || !('name' in query) || 'submit' in query) return query
  return { ...query, name: undefined }
}

function openPostgres(url: string, poolSize: number, pooler: Pooler): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    ...(pooler === 'transaction' ? { Client: UnnamedStatementClient } : {}),
  })
  // an idle client's network error must not crash the process
  pool.on('error', () => undefined)
  return {
    db: makeDrizzle(pool),
    kind: 'postgres',
    pool,
    checkpoint: async () => undefined,
    dumpTo: async () => {
      throw new Error('Backups of a PostgreSQL server are made with pg_dump')
    },
    close: () => pool.end(),
  }
}

type WorkerReply = { id: number; ok: boolean; result?: unknown; error?: string }

async function startPglite(options: {
  dataDir: string | null
  snapshot?: string
  template?: string | null
}): Promise<{ database: Database; started: Promise<void> }> {
  let lock: DataDirLock | null = null
  let pgdata: string | null = null
  if (options.dataDir) {
    lock = await acquireDataDirLock(options.dataDir)
    pgdata = path.join(path.resolve(options.dataDir), 'pgdata')
  }
  // Unix socket paths are limited to ~100 bytes, so the socket lives in a short temp folder
  const socketDir = await mkdtemp(path.join(tmpdir(), 'kw-'))
  const worker = new Worker(WORKER_URL, {
    // the engine's thread makes short-lived buffers only (each query's bytes and answer): a small
    // young generation, collected more often, kept it ~25 MB smaller through a million-row import
    resourceLimits: { maxYoungGenerationSizeMb: ENGINE_YOUNG_MB },
    workerData: {
      dataDir: pgdata,
      socketPath: path.join(socketDir, '.s.PGSQL.5432'),
      snapshot: options.snapshot ?? null,
      template: options.template === undefined ? (existsSync(PGDATA_TEMPLATE) ? PGDATA_TEMPLATE : null) : options.template,
    },
  })
  let nextId = 1
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>()
  const ready = new Promise<void>((resolve, reject) => {
    pending.set(0, { resolve: () => resolve(), reject })
  })
  worker.on('message', (reply: WorkerReply) => {
    const waiter = pending.get(reply.id)
    if (!waiter) return
    pending.delete(reply.id)
    if (reply.ok) waiter.resolve(reply.result)
    else waiter.reject(new Error(`Embedded database: ${reply.error ?? 'unknown error'}`))
  })
  worker.on('error', (error) => {
    for (const waiter of pending.values()) waiter.reject(error)
    pending.clear()
  })
  const call = (type: string, extra: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++
      pending.set(id, { resolve, reject })
      worker.postMessage({ id, type, ...extra })
    })

  let cleaned = false
  const cleanup = async () => {
    if (cleaned) return
    cleaned = true
    await worker.terminate()
    await rm(socketDir, { recursive: true, force: true })
    await lock?.release()
  }
  let failed = false
  const started = ready.catch(async (error: unknown) => {
    failed = true
    await cleanup()
    throw error
  })

  // PGlite is one session: a pool of one keeps every query and transaction in order (a second
  // connection would wait behind the first one's open transaction forever); kept open while idle,
  // so its prepared statements stay prepared (a new connection starts by forgetting them)
  const pool = new pg.Pool({ host: socketDir, user: 'postgres', database: 'postgres', max: 1, idleTimeoutMillis: 0 })
  pool.on('error', () => undefined)
  EMBEDDED_POOLS.add(pool)
  let closed = false
  const database: Database = {
    db: makeDrizzle(pool),
    kind: 'pglite',
    pool,
    checkpoint: async () => {
      await pool.query('CHECKPOINT')
    },
    dumpTo: async (file) => {
      // hold the only connection so no write happens while the files are copied
      const client = await pool.connect()
      try {
        await client.query('CHECKPOINT')
        await call('dump', { path: file })
      } finally {
        client.release()
      }
    },
    close: async () => {
      if (closed) return
      closed = true
      if (failed) {
        await pool.end()
        return
      }
      try {
        await pool.query('CHECKPOINT')
      } catch {
        // already broken: nothing more to flush
      }
      await pool.end()
      try {
        await call('close')
      } finally {
        await cleanup()
      }
    },
  }
  return { database, started }
}

/**
 * How another thread of this process reaches the same database (the import worker):
 * the pool's connection settings, plain data that a worker can be given. The embedded database
 * is reached through its socket like any client; behind a pooler in transaction mode the worker
 * sends unnamed statements too.
 */
/** the application_name by which the embedded database's worker knows a client of unnamed statements */
const UNNAMED_CLIENT = 'kinwise-unnamed-statements'

export type DbTarget = {
  connectionString: string | null
  host: string | null
  user: string | null
  database: string | null
  unnamed: boolean
  /** the embedded database (PGlite, in this process) rather than a PostgreSQL server */
  embedded: boolean
}

/** The pools of the embedded database's socket (startPglite). */
const EMBEDDED_POOLS = new WeakSet<pg.Pool>()

/** By pool of the embedded database: the long transactions open on another connection (an import in its worker), and who waits for the last to end. */
const HOLDS = new WeakMap<pg.Pool, { count: number; waiters: (() => void)[] }>()

/**
 * Marks the embedded database as held by a long transaction on another connection (an import in
 * its worker), until the returned function is called. PGlite is one session: meanwhile a write
 * from the app waits for that transaction to end, holding the app's one connection, while reads
 * answered before are given again (ADR 0042). A write that can wait (a session's last-seen time,
 * the scheduled jobs) is skipped or waits while held. A PostgreSQL server is never held.
 */
export function holdEmbedded(db: Db): () => void {
  const pool = db.$client as pg.Pool
  if (!EMBEDDED_POOLS.has(pool)) return () => undefined
  let hold = HOLDS.get(pool)
  if (!hold) HOLDS.set(pool, (hold = { count: 0, waiters: [] }))
  const held = hold
  held.count++
  let released = false
  return () => {
    if (released) return
    released = true
    held.count--
    if (held.count > 0) return
    for (const wake of held.waiters.splice(0)) wake()
  }
}

/** Resolves once no long transaction holds the embedded database (at once when none does). */
export function embeddedReleased(db: Db): Promise<void> {
  const hold = HOLDS.get(db.$client as pg.Pool)
  if (!hold || hold.count === 0) return Promise.resolve()
  return new Promise((resolve) => hold.waiters.push(resolve))
}

/** Whether a long transaction holds the embedded database (holdEmbedded). */
export function embeddedHeld(db: Db): boolean {
  return (HOLDS.get(db.$client as pg.Pool)?.count ?? 0) > 0
}

export function targetOf(db: Db): DbTarget {
  const options = (db.$client as pg.Pool & { options: pg.PoolConfig & { Client?: unknown } }).options
  const embedded = EMBEDDED_POOLS.has(db.$client as pg.Pool)
  return {
    connectionString: options.connectionString ?? null,
    host: options.host ?? null,
    user: options.user ?? null,
    database: options.database ?? null,
    // PGlite is one session: the app's client prepares statements by name in it, so another
    // client must send its own unnamed (and the worker then leaves the app's alone)
    unnamed: options.Client === UnnamedStatementClient || embedded,
    embedded,
  }
}

/** A pool of one connection to a target (the import worker's): no migrations, no engine of its own. */
export function connectTarget(target: DbTarget): { db: Db; close: () => Promise<void> } {
  const pool = new pg.Pool({
    ...(target.connectionString ? { connectionString: target.connectionString } : {}),
    ...(target.host ? { host: target.host } : {}),
    ...(target.user ? { user: target.user } : {}),
    ...(target.database ? { database: target.database } : {}),
    max: 1,
    ...(target.unnamed ? { Client: UnnamedStatementClient, application_name: UNNAMED_CLIENT } : {}),
  })
  pool.on('error', () => undefined)
  return { db: makeDrizzle(pool), close: () => pool.end() }
}
