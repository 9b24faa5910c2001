// Bench data sets: one household of N generated transactions, seeded with the project's own
// seeder (`src/server/cli.ts seed`, the generator and the ledger's bulk path) into a fresh PGlite
// data directory or a fresh PostgreSQL database that is dropped afterwards.
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { ROOT, run } from './proc'

export const BENCH_EMAIL = 'bench@example.com'
export const BENCH_PASSWORD = 'bench password 2026'

export type DbKind = 'pglite' | 'postgres'

export type Dataset = {
  db: DbKind
  size: number
  /** environment that points the server (or CLI) at it */
  env: Record<string, string>
  seedSeconds: number
  /** transactions actually in the household */
  transactions: number
  cleanup(): Promise<void>
}

async function seed(
  env: Record<string, string>,
  size: number,
): Promise<{ seconds: number; transactions: number }> {
  const clean = { ...process.env }
  delete clean.DATABASE_URL
  delete clean.KINWISE_DATA_DIR
  const result = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(ROOT, 'src/server/cli.ts'),
      'seed',
      '--transactions',
      String(size),
      '--email',
      BENCH_EMAIL,
      '--password',
      BENCH_PASSWORD,
    ],
    { env: { ...clean, ...env, LOG_LEVEL: 'warn' }, timeoutMs: 20 * 60_000 },
  )
  const match = /Seeded ([\d,]+) transactions/.exec(result.stdout)
  return { seconds: result.seconds, transactions: Number((match?.[1] ?? '0').replace(/,/g, '')) }
}

export async function pgliteDataset(size: number, workDir: string): Promise<Dataset> {
  const dataDir = path.join(workDir, `pglite-${String(size)}`)
  await rm(dataDir, { recursive: true, force: true })
  await mkdir(dataDir, { recursive: true })
  const env = { KINWISE_DATA_DIR: dataDir }
  const seeded = await seed(env, size)
  return {
    db: 'pglite',
    size,
    env,
    seedSeconds: seeded.seconds,
    transactions: seeded.transactions,
    cleanup: () => rm(dataDir, { recursive: true, force: true }),
  }
}

/** A fresh database on the server of `adminUrl`, seeded; cleanup drops it. */
export async function postgresDataset(size: number, adminUrl: string): Promise<Dataset> {
  const name = `kinwise_bench_${String(process.pid)}_${String(size)}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const env = { DATABASE_URL: url.toString() }
  const drop = async () => {
    const client = new pg.Client({ connectionString: adminUrl })
    await client.connect()
    try {
      await client.query(`drop database if exists ${name} with (force)`)
    } finally {
      await client.end()
    }
  }
  try {
    const seeded = await seed(env, size)
    return {
      db: 'postgres',
      size,
      env,
      seedSeconds: seeded.seconds,
      transactions: seeded.transactions,
      cleanup: drop,
    }
  } catch (error) {
    await drop()
    throw error
  }
}
