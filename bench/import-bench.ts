// Import throughput: generated 10k- and 100k-row statements (CSV and OFX) through the same
// service the API and the CLI use — parse → duplicate check → transfers → rules → insert, in one
// transaction — on a fresh embedded PGlite (worker thread, temp data dir) and, when DATABASE_URL
// is set, on a fresh PostgreSQL database it creates and drops. Prints rows/s, seconds (split
// into parse / check / write) and peak RSS (sampled every 50 ms); writes bench/results/import.json.
//
//   npx tsx bench/import-bench.ts            (KINWISE_BENCH_ROWS=10000,100000 to choose sizes)
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { StatementFormat } from '../src/domain/import/types'
import type { RuleCondition } from '../src/domain/rules'
import { openDatabase, type Database } from '../src/server/db/connect'
import { accounts, rules } from '../src/server/db/schema'
import { createUser } from '../src/server/modules/auth/service'
import type { SessionUser } from '../src/server/modules/auth/sessions'
import { importStatement } from '../src/server/modules/imports/service'

const SIZES = (process.env.KINWISE_BENCH_ROWS ?? '10000,100000').split(',').map(Number)
const encoder = new TextEncoder()
const PAYEES = ['Corner Market', 'Blue Bottle Coffee', 'City Power', 'Shell Oil', 'Amazon Marketplace', 'Netflix', 'Uber Trip', 'Pharmacy', 'Bakery', 'Hardware Store']

function dateOf(i: number, rows: number): string {
  // the rows spread over one year, in order
  const day = Math.floor((i / rows) * 365)
  return new Date(Date.UTC(2024, 0, 1 + day)).toISOString().slice(0, 10)
}

function amountOf(i: number): string {
  const cents = ((i * 7919) % 20_000) + 1
  const sign = i % 10 === 0 ? '' : '-'
  return `${sign}${String(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, '0')}`
}

function csvFile(rows: number): Uint8Array {
  const lines = ['Date,Description,Amount,Transaction ID']
  for (let i = 0; i < rows; i++) lines.push(`${dateOf(i, rows)},"${PAYEES[i % PAYEES.length] ?? ''} ${String(i % 977)}",${amountOf(i)},T${String(i)}`)
  return encoder.encode(`${lines.join('\n')}\n`)
}

function ofxFile(rows: number, acct: string): Uint8Array {
  const parts = [
    'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n',
    '<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20250101<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>',
    `<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>123<ACCTID>${acct}<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST><DTSTART>20240101<DTEND>20241231\n`,
  ]
  for (let i = 0; i < rows; i++) {
    parts.push(
      `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>${dateOf(i, rows).replace(/-/g, '')}120000.000[-5:EST]<TRNAMT>${amountOf(i)}<FITID>F${String(i)}<NAME>${PAYEES[i % PAYEES.length] ?? ''} ${String(i % 977)}<MEMO>Memo ${String(i)}</STMTTRN>\n`,
    )
  }
  parts.push('</BANKTRANLIST><LEDGERBAL><BALAMT>0<DTASOF>20241231</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n')
  return encoder.encode(parts.join(''))
}

type Result = {
  database: 'pglite' | 'postgres'
  case: string
  rows: number
  added: number
  duplicates: number
  seconds: number
  parseSeconds: number
  checkSeconds: number
  writeSeconds: number
  rowsPerSecond: number
  /** CPU seconds of the whole process (both threads: the embedded database runs in a worker) */
  cpuSeconds: number
  peakRssMb: number
}

/** Samples RSS every 50 ms while `work` runs; returns its result and the peak in MB. */
async function withPeakRss<T>(work: () => Promise<T>): Promise<{ value: T; peakMb: number }> {
  let peak = process.memoryUsage().rss
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 50)
  try {
    const value = await work()
    peak = Math.max(peak, process.memoryUsage().rss)
    return { value, peakMb: peak / 1024 / 1024 }
  } finally {
    clearInterval(timer)
  }
}

async function addRules(database: Database, householdId: string): Promise<void> {
  const conditions: RuleCondition[][] = [
    [{ field: 'payee', operator: 'contains', value: 'coffee' }],
    [{ field: 'payee', operator: 'regex', value: '^shell\\s+oil' }],
    [{ field: 'payee', operator: 'equals', value: 'Netflix' }],
    [{ field: 'amount', operator: 'between', value: '-1000', value2: '-500' }, { field: 'payee', operator: 'contains', value: 'bakery' }],
    [{ field: 'description', operator: 'contains', value: 'memo 1234' }],
  ]
  const values = Array.from({ length: 20 }, (_, i) => ({
    householdId,
    name: `Rule ${String(i)}`,
    position: i,
    conditions: conditions[i % conditions.length] ?? [],
    actions: { addNote: `rule ${String(i)}` },
  }))
  await database.db.insert(rules).values(values)
}

async function runCases(kind: Result['database'], database: Database): Promise<Result[]> {
  const user: SessionUser = await createUser(database.db, { email: `bench-${String(Date.now())}@example.com`, firstName: 'Bench', lastName: 'User' })
  await addRules(database, user.householdId)
  const results: Result[] = []
  const now = new Date('2025-01-15T12:00:00Z')
  for (const rows of SIZES) {
    for (const format of ['csv', 'ofx'] as const satisfies readonly StatementFormat[]) {
      const label = `${String(rows / 1000)}k ${format.toUpperCase()}`
      const bytes = format === 'csv' ? csvFile(rows) : ofxFile(rows, `${String(rows)}99`)
      let accountId: string | undefined
      if (format === 'csv') {
        const [row] = await database.db
          .insert(accounts)
          .values({ householdId: user.householdId, userId: user.id, name: label, type: 'checking' })
          .returning({ id: accounts.id })
        accountId = row?.id
      }
      // the first run imports every row; the second is the same file again (all duplicates)
      for (const again of [false, true]) {
        if (global.gc) global.gc()
        const marks: Partial<Record<'parsed' | 'writing' | 'written', number>> = {}
        const cpu = process.cpuUsage()
        const started = performance.now()
        const { value, peakMb } = await withPeakRss(() =>
          importStatement(
            database.db,
            user,
            { bytes, fileName: `bench.${format}`, preview: false, ...(accountId ? { accountId } : {}) },
            now,
            (stage) => {
              marks[stage] = performance.now()
            },
          ),
        )
        const ended = performance.now()
        const used = process.cpuUsage(cpu)
        const parsed = marks.parsed ?? started
        const writing = marks.writing ?? ended
        const seconds = (ended - started) / 1000
        results.push({
          database: kind,
          case: again ? `${label} again (all duplicates)` : label,
          rows,
          added: value.added,
          duplicates: value.duplicates,
          seconds,
          parseSeconds: (parsed - started) / 1000,
          checkSeconds: (writing - parsed) / 1000,
          writeSeconds: (ended - writing) / 1000,
          rowsPerSecond: rows / seconds,
          cpuSeconds: (used.user + used.system) / 1e6,
          peakRssMb: peakMb,
        })
        const r = results[results.length - 1]
        if (r) process.stdout.write(`  ${kind} ${r.case}: ${r.seconds.toFixed(2)} s\n`)
      }
    }
  }
  return results
}

function table(results: Result[]): string {
  const head = ['database', 'case', 'rows', 'added', 'dups', 'total s', 'parse s', 'check s', 'write s', 'rows/s', 'CPU s', 'peak RSS MB']
  const body = results.map((r) => [
    r.database,
    r.case,
    r.rows.toLocaleString('en-US'),
    r.added.toLocaleString('en-US'),
    r.duplicates.toLocaleString('en-US'),
    r.seconds.toFixed(2),
    r.parseSeconds.toFixed(2),
    r.checkSeconds.toFixed(2),
    r.writeSeconds.toFixed(2),
    Math.round(r.rowsPerSecond).toLocaleString('en-US'),
    r.cpuSeconds.toFixed(2),
    Math.round(r.peakRssMb).toLocaleString('en-US'),
  ])
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => (row[i] ?? '').length)))
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ')
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n')
}

async function main(): Promise<void> {
  const results: Result[] = []

  const dir = await mkdtemp(path.join(tmpdir(), 'kinwise-bench-'))
  try {
    process.stdout.write('PGlite (worker thread, fresh data dir)…\n')
    const database = await openDatabase({ kind: 'pglite', dataDir: dir })
    try {
      results.push(...(await runCases('pglite', database)))
    } finally {
      await database.close()
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }

  const url = process.env.DATABASE_URL
  if (url) {
    const name = `kinwise_bench_${String(process.pid)}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`drop database if exists ${name}`)
    await admin.query(`create database ${name}`)
    try {
      process.stdout.write('PostgreSQL (fresh database)…\n')
      const target = new URL(url)
      target.pathname = `/${name}`
      const database = await openDatabase({ kind: 'postgres', url: target.toString(), poolSize: 4 })
      try {
        results.push(...(await runCases('postgres', database)))
      } finally {
        await database.close()
      }
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    }
  } else {
    process.stdout.write('(DATABASE_URL is not set: PostgreSQL skipped)\n')
  }

  process.stdout.write(`\n${table(results)}\n`)
  process.stdout.write(`\nLoad average (1, 5, 15 min) at the end: ${loadavg().map((l) => l.toFixed(1)).join(', ')} on ${String(cpus().length)} CPUs: on a busy machine the wall-clock figures stretch, CPU s less so.\n`)
  const out = path.join(import.meta.dirname, 'results')
  await mkdir(out, { recursive: true })
  await writeFile(
    path.join(out, 'import.json'),
    `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: cpus().length, loadAverage: loadavg(), results }, null, 2)}\n`,
  )
  process.stdout.write(`\nWritten to bench/results/import.json\n`)
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  process.exit(1)
})
