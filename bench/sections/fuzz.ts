// Section 9: the contract-driven fuzz (src/server/fuzz, the one `npm test` runs with 2,000
// requests) at bench size: ≥ 20,000 generated requests per database through inject, on a fresh
// in-memory PGlite and a fresh PostgreSQL database. Figures: requests, answers ≥ 500 (target 0),
// other failures (a 4xx that is not the API's error, a refused request that wrote, a write into
// the other household; target 0) and requests per second.
import pg from 'pg'
import { buildApp } from '../../src/server/app'
import { fixedClock } from '../../src/server/clock'
import { parseConfig } from '../../src/server/config'
import { openDatabase, type Database } from '../../src/server/db/connect'
import { formatFailures, fuzzSeed, runFuzz, type FuzzReport } from '../../src/server/fuzz/run'
import type { DbKind } from '../lib/datasets'
import { row, type Row } from '../lib/report'

export const FUZZ_TARGET_REQUESTS = 20_000

async function openFresh(db: DbKind, adminUrl: string | undefined): Promise<{ database: Database; drop(): Promise<void> }> {
  if (db === 'pglite') return { database: await openDatabase({ kind: 'pglite', dataDir: null }), drop: async () => undefined }
  if (!adminUrl) throw new Error('DATABASE_URL is not set')
  const name = `kinwise_fuzz_${String(process.pid)}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`drop database if exists ${name} with (force)`)
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    database: await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 }),
    drop: async () => {
      const again = new pg.Client({ connectionString: adminUrl })
      await again.connect()
      await again.query(`drop database if exists ${name} with (force)`)
      await again.end()
    },
  }
}

/** Runs the fuzz on each database; a failure of the section itself becomes the caller's SKIP row. */
export async function fuzzSection(
  dbs: DbKind[],
  adminUrl: string | undefined,
  runs: number,
  say: (line: string) => void,
): Promise<{ rows: Row[]; raw: Omit<FuzzReport, 'byEndpoint'>[] }> {
  const rows: Row[] = []
  const raw: Omit<FuzzReport, 'byEndpoint'>[] = []
  for (const db of dbs) {
    if (db === 'postgres' && !adminUrl) {
      rows.push(row({ section: '9 fuzz', figure: 'generated requests', db, unit: '', status: 'SKIP', note: 'DATABASE_URL is not set' }))
      continue
    }
    const seed = fuzzSeed()
    say(`  ${db}: ${runs.toLocaleString('en-US')} requests, seed ${String(seed)}`)
    const { database, drop } = await openFresh(db, adminUrl)
    const clock = fixedClock('2026-03-15T12:00:00Z')
    const app = await buildApp({ db: database.db, config: parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), clock, webDir: null, logger: false })
    await app.ready()
    let report: FuzzReport
    try {
      report = await runFuzz({ app, db: database.db, clock, runs, seed, log: say, maxFailures: 200 })
    } finally {
      await app.close()
      await database.close()
      await drop()
    }
    const { byEndpoint: _, ...summary } = report
    raw.push(summary)
    if (report.failures.length > 0) say(formatFailures(report, `npm run bench -- --only fuzz --dbs ${db}`))
    const others = report.failures.filter((f) => f.status < 500).length
    rows.push(
      row({
        section: '9 fuzz',
        figure: 'generated requests (contract-driven, fitting and hostile)',
        db,
        median: report.requests,
        unit: 'requests',
        target: { op: '>=', value: FUZZ_TARGET_REQUESTS },
        extra: `${(report.requests / report.seconds).toFixed(0)} requests/s, seed ${String(seed)}`,
      }),
      row({ section: '9 fuzz', figure: 'answers ≥ 500', db, median: report.serverErrors, unit: '', target: { op: '<=', value: 0 } }),
      row({
        section: '9 fuzz',
        figure: 'other failures (4xx not JSON with message and code, writes by refused requests, writes into the other household)',
        db,
        median: others,
        unit: '',
        target: { op: '<=', value: 0 },
        ...(report.failures.length >= 200 ? { note: 'the first 200 failures were kept' } : {}),
      }),
      row({ section: '9 fuzz', figure: 'requests per second (sequential, through inject)', db, median: report.requests / report.seconds, unit: 'req/s' }),
    )
  }
  return { rows, raw }
}
