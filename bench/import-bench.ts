// Import throughput and memory: generated CSV and OFX statements (10k to 1M rows)
// uploaded to the BUILT server (node dist/server/main.js) over HTTP as a user would, on a fresh
// embedded PGlite data directory and, when DATABASE_URL is set, on a fresh PostgreSQL database.
// For each file: rows/s, the server's peak RSS during the import (VmHWM, reset before each
// upload), /api/health's p99 during the import against its idle p99 (the same calls, the
// dashboard's too, with no import), and the dashboard's calls made meanwhile (answered, failed,
// p99). The file is written to disk a piece at a time and sent
// as a stream, so neither side holds it. Writes bench/results/import.json.
//
//   npm run build && npx tsx bench/import-bench.ts
//   (KINWISE_BENCH_ROWS=100000,1000000 for sizes; KINWISE_BENCH_DBS=postgres for one database;
//   KINWISE_BENCH_FORMATS=csv for one format; KINWISE_BENCH_RUNS=alone,probed for some runs, 'again'
//   only after 'alone'; KINWISE_BENCH_RAW=<prefix> writes each run's health latencies;
//   KINWISE_BENCH_KEEP=1 keeps the temp dir and server log)
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { spawn } from 'node:child_process'
import http from 'node:http'
import { cpus, loadavg, setPriority, tmpdir } from 'node:os'
import path from 'node:path'
import { once } from 'node:events'
import { DASHBOARD_CALLS } from './lib/dashboard'
import { BENCH_EMAIL, BENCH_PASSWORD, pgliteDataset, postgresDataset, type Dataset } from './lib/datasets'
import { request, signIn } from './lib/http'
import { cpuMs, peakRssMb, rssMb } from './lib/proc'
import { startServer, type ServerHandle } from './lib/server'
import { sleep, summarize } from './lib/stats'
import { HEALTH_RATIO_TARGET, IMPORT_RSS_TARGET_MB } from './sections/import'
import { probeUntil } from './lib/load'

const SIZES = (process.env.KINWISE_BENCH_ROWS ?? '10000,100000').split(',').map(Number)
/** KINWISE_BENCH_DBS=pglite or postgres: one of the two (PostgreSQL runs when DATABASE_URL is set) */
const DBS = (process.env.KINWISE_BENCH_DBS ?? 'pglite,postgres').split(',')
/** KINWISE_BENCH_RUNS=alone,probed: some of the three runs of each file (alone, probed, again; again re-imports alone's file) */
const RUNS = (['alone', 'probed', 'again'] as const).filter((r) => (process.env.KINWISE_BENCH_RUNS ?? 'alone,probed,again').split(',').includes(r))
/** KINWISE_BENCH_RAW=<prefix>: each run's health latencies (ms), idle and busy, to <prefix>-<database>-<format>-<run>.json */
const RAW = process.env.KINWISE_BENCH_RAW
/** KINWISE_BENCH_FORMATS=csv or ofx: one of the two */
const FORMATS = (process.env.KINWISE_BENCH_FORMATS ?? 'csv,ofx').split(',').filter((f): f is 'csv' | 'ofx' => f === 'csv' || f === 'ofx')
/** how long the idle values are measured before each import */
const IDLE_MS = 10_000
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

/** Writes a statement to disk a few thousand lines at a time. */
async function writeStatement(file: string, format: 'csv' | 'ofx', rows: number, acct: string): Promise<number> {
  const out = createWriteStream(file)
  const put = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain')
  }
  if (format === 'csv') await put('Date,Description,Amount,Transaction ID\n')
  else {
    await put('OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n')
    await put('<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20250101<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>')
    await put(`<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>123<ACCTID>${acct}<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST><DTSTART>20240101<DTEND>20241231\n`)
  }
  let lines: string[] = []
  for (let i = 0; i < rows; i++) {
    const payee = `${PAYEES[i % PAYEES.length] ?? ''} ${String(i % 977)}`
    lines.push(
      format === 'csv'
        ? `${dateOf(i, rows)},"${payee}",${amountOf(i)},T${String(i)}\n`
        : `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>${dateOf(i, rows).replace(/-/g, '')}120000.000[-5:EST]<TRNAMT>${amountOf(i)}<FITID>F${String(i)}<NAME>${payee}<MEMO>Memo ${String(i)}</STMTTRN>\n`,
    )
    if (lines.length === 5000) {
      await put(lines.join(''))
      lines = []
    }
  }
  await put(lines.join(''))
  if (format === 'ofx') await put('</BANKTRANLIST><LEDGERBAL><BALAMT>0<DTASOF>20241231</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n')
  out.end()
  await once(out, 'finish')
  return (await stat(file)).size
}

/** POSTs a file to /api/imports as multipart/form-data, streamed from disk. */
function uploadFile(base: string, cookie: string, file: string, fileName: string, fields: Record<string, string>): Promise<{ status: number; body: string }> {
  const boundary = `----kinwise${String(Date.now())}`
  const head =
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') + `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`
  const tail = `\r\n--${boundary}--\r\n`
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}/api/imports`, {
      method: 'POST',
      agent: false,
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      timeout: 60 * 60_000,
    })
    req.on('response', (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }))
    })
    req.on('error', reject)
    req.write(head)
    const body = createReadStream(file)
    body.on('error', reject)
    body.on('end', () => req.end(tail))
    body.pipe(req, { end: false })
  })
}

/** Latencies of one call repeated (a pause between) until `done` settles; failures counted. */
async function keepCalling(base: string, paths: readonly string[], cookie: string | null, done: Promise<unknown>, pauseMs: number): Promise<{ ms: number[]; failed: number }> {
  let finished = false
  void done.finally(() => (finished = true))
  const ms: number[] = []
  let failed = 0
  for (let i = 0; !finished; i++) {
    const url = `${base}${paths[i % paths.length] ?? ''}`
    try {
      const reply = await request(url, { headers: cookie ? { cookie } : {}, timeoutMs: 120_000 })
      if (reply.status === 200) ms.push(reply.ms)
      else failed++
    } catch {
      failed++
    }
    await sleep(pauseMs)
  }
  return { ms, failed }
}

/** Resets the process's peak RSS (VmHWM) to its current RSS (Linux clear_refs). */
async function resetPeak(pid: number): Promise<void> {
  await writeFile(`/proc/${String(pid)}/clear_refs`, '5').catch(() => undefined)
}

type Result = {
  database: 'pglite' | 'postgres'
  case: string
  rows: number
  fileMb: number
  added: number
  duplicates: number
  seconds: number
  rowsPerSecond: number
  /** CPU seconds of the server process (every thread: parse worker, embedded database) */
  cpuSeconds: number
  /** the server's RSS before the upload and its peak during it */
  rssBeforeMb: number
  peakRssMb: number
  healthIdleP99Ms: number
  healthP99Ms: number
  healthRatio: number
  dashboardAnswered: number
  dashboardFailed: number
  dashboardP99Ms: number
  /** the slowest of them: with a hundred calls a p99 is the second slowest */
  dashboardMaxMs: number
  dashboardIdleP99Ms: number
}

type Control = { database: Result['database']; loops: number; healthIdleP99Ms: number; healthP99Ms: number; healthRatio: number }

/**
 * The machine's own figure, no import: /api/health's p99 idle, then beside one busy loop per core
 * in processes of their own at the import's niceness (ADR 0041). An import's threads fill the
 * cores as these do; on two cores the kernel keeps a woken HTTP thread waiting up to a tick
 * (4 ms) behind either (ADR 0043), so an import's ratio is to be read against this one.
 */
async function cpuControl(kind: Result['database'], base: string): Promise<Control> {
  const url = `${base}/api/health`
  const idle = await probeUntil(url, sleep(IDLE_MS), 20)
  const loops = cpus().length
  const children = Array.from({ length: loops }, () => {
    const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' })
    if (child.pid !== undefined) setPriority(child.pid, 10)
    return child
  })
  try {
    await sleep(500)
    const busy = await probeUntil(url, sleep(IDLE_MS), 20)
    const idleP99 = summarize(idle).p99
    const busyP99 = summarize(busy).p99
    return { database: kind, loops, healthIdleP99Ms: idleP99, healthP99Ms: busyP99, healthRatio: busyP99 / idleP99 }
  } finally {
    for (const child of children) child.kill('SIGKILL')
  }
}

async function runCases(kind: Result['database'], dataset: Dataset, dir: string, controls: Control[]): Promise<Result[]> {
  const server: ServerHandle = await startServer({ ...dataset.env, MAX_UPLOAD_MB: '1024', LOG_LEVEL: 'warn' }, path.join(dir, `${kind}.log`))
  const results: Result[] = []
  try {
    const cookie = await signIn(server.base, BENCH_EMAIL, BENCH_PASSWORD)
    const control = await cpuControl(kind, server.base)
    controls.push(control)
    process.stdout.write(`  ${kind} control, no import: health p99 ${control.healthIdleP99Ms.toFixed(1)} ms idle, ${control.healthP99Ms.toFixed(1)} ms beside ${String(control.loops)} busy loops (×${control.healthRatio.toFixed(2)})\n`)
    for (const rows of SIZES) {
      for (const format of FORMATS) {
        const accounts = new Map<string, string>()
        const label = `${rows >= 1_000_000 ? `${String(rows / 1_000_000)}M` : `${String(rows / 1000)}k`} ${format.toUpperCase()}`
        const file = path.join(dir, `statement-${String(rows)}.${format}`)
        // 1: the import alone (rows/s, peak RSS); 2: the same rows into another account while
        // /api/health and the dashboard's calls are made (their p99); 3: the first file again
        // (every row a duplicate)
        for (const run of RUNS) {
          const acct = `${String(rows)}${run === 'probed' ? '98' : '99'}`
          const bytes = run === 'again' ? (await stat(file)).size : await writeStatement(file, format, rows, acct)
          const fields: Record<string, string> = {}
          if (format === 'csv') {
            if (run !== 'again') {
              const made = await request(`${server.base}/api/accounts`, { method: 'POST', headers: { cookie }, body: { name: `${label} ${run}`, type: 'checking' } })
              accounts.set(run, (JSON.parse(made.body) as { id: string }).id)
            }
            fields.accountId = accounts.get(run === 'again' ? 'alone' : run) ?? ''
          }
          if (run === 'again') await writeStatement(file, format, rows, `${String(rows)}99`)
          await sleep(1000)
          // the idle value is taken under the same calls as the busy one (the dashboard's too),
          // only without the import, so the ratio is what the import costs
          // /api/health is asked every 20 ms during the first two runs: alone (the import's own
          // cost to it) and beside the dashboard's calls. Each idle value is taken under the same
          // calls with no import going on (after a warm-up of the dashboard's reads), for 10 s
          // (~500 calls: a p99 of fewer swung from 1.1 to 4.1 ms run to run). The health calls
          // come from the load bench's probe, a process of their own ahead of the others, so
          // that this process's upload does not delay them (see lib/load.ts).
          const none = { ms: [Number.NaN], failed: 0 }
          if (run === 'probed') await keepCalling(server.base, DASHBOARD_CALLS, cookie, sleep(3000), 50) // a warm-up, not counted
          const idleFor = sleep(IDLE_MS)
          const [idle, dashboardIdle] = await Promise.all([
            run === 'again' ? none : probeUntil(`${server.base}/api/health`, idleFor, 20).then((ms) => ({ ms, failed: 0 })),
            run === 'probed' ? keepCalling(server.base, DASHBOARD_CALLS, cookie, idleFor, 50) : none,
          ])
          const rssBefore = await rssMb(server.pid)
          await resetPeak(server.pid)
          const cpuBefore = await cpuMs(server.pid)
          const started = performance.now()
          const importing = uploadFile(server.base, cookie, file, `bench.${format}`, fields)
          const quiet = { ms: [] as number[], failed: 0 }
          const [reply, health, dashboard] = await Promise.all([
            importing,
            run === 'again' ? quiet : probeUntil(`${server.base}/api/health`, importing, 20).then((ms) => ({ ms, failed: 0 })),
            run === 'probed' ? keepCalling(server.base, DASHBOARD_CALLS, cookie, importing, 50) : quiet,
          ])
          const seconds = (performance.now() - started) / 1000
          const peak = await peakRssMb(server.pid)
          const cpu = ((await cpuMs(server.pid)) - cpuBefore) / 1000
          if (reply.status !== 200) throw new Error(`${label}: the import answered ${String(reply.status)}: ${reply.body.slice(0, 300)}`)
          const body = JSON.parse(reply.body) as { added: number; duplicates: number }
          const idleP99 = summarize(idle.ms).p99
          if (RAW) await writeFile(`${RAW}-${kind}-${format}-${run}.json`, JSON.stringify({ idleMs: idle.ms, busyMs: health.ms, importSeconds: seconds }))
          const busyP99 = health.ms.length ? summarize(health.ms).p99 : Number.NaN
          const result: Result = {
            database: kind,
            case: run === 'alone' ? label : run === 'probed' ? `${label} while probed` : `${label} again (all duplicates)`,
            rows,
            fileMb: bytes / 1024 / 1024,
            added: body.added,
            duplicates: body.duplicates,
            seconds,
            rowsPerSecond: rows / seconds,
            cpuSeconds: cpu,
            rssBeforeMb: rssBefore,
            peakRssMb: peak,
            healthIdleP99Ms: idleP99,
            healthP99Ms: busyP99,
            healthRatio: busyP99 / idleP99,
            dashboardAnswered: dashboard.ms.length,
            dashboardFailed: dashboard.failed,
            dashboardP99Ms: dashboard.ms.length ? summarize(dashboard.ms).p99 : Number.NaN,
            dashboardMaxMs: dashboard.ms.length ? summarize(dashboard.ms).max : Number.NaN,
            dashboardIdleP99Ms: summarize(dashboardIdle.ms).p99,
          }
          results.push(result)
          const healthText = run === 'again' ? '' : `, health p99 ×${result.healthRatio.toFixed(2)}`
          const probed = run === 'probed' ? `, dashboard ${String(result.dashboardAnswered)} answered (p99 ${result.dashboardP99Ms.toFixed(0)} ms, slowest ${result.dashboardMaxMs.toFixed(0)})` : ''
          process.stdout.write(`  ${kind} ${result.case}: ${seconds.toFixed(1)} s, ${Math.round(result.rowsPerSecond).toLocaleString('en-US')} rows/s, peak ${Math.round(peak)} MB${healthText}${probed}\n`)
        }
        await rm(file, { force: true })
      }
    }
  } finally {
    await server.stop()
  }
  return results
}

function table(results: Result[]): string {
  const head = ['database', 'case', 'rows', 'MB', 'added', 'dups', 'total s', 'rows/s', 'CPU s', 'RSS before', 'peak RSS', 'health p99 idle/busy ms', 'ratio', 'dashboard calls (failed, p99 ms idle/busy, slowest)']
  const body = results.map((r) => [
    r.database,
    r.case,
    r.rows.toLocaleString('en-US'),
    r.fileMb.toFixed(0),
    r.added.toLocaleString('en-US'),
    r.duplicates.toLocaleString('en-US'),
    r.seconds.toFixed(1),
    Math.round(r.rowsPerSecond).toLocaleString('en-US'),
    r.cpuSeconds.toFixed(1),
    Math.round(r.rssBeforeMb).toLocaleString('en-US'),
    Math.round(r.peakRssMb).toLocaleString('en-US'),
    `${r.healthIdleP99Ms.toFixed(1)} / ${r.healthP99Ms.toFixed(1)}`,
    `×${r.healthRatio.toFixed(2)}`,
    `${String(r.dashboardAnswered)} (${String(r.dashboardFailed)}, ${r.dashboardIdleP99Ms.toFixed(0)} / ${r.dashboardP99Ms.toFixed(0)}, ${r.dashboardMaxMs.toFixed(0)})`,
  ])
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => (row[i] ?? '').length)))
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ')
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n')
}

async function main(): Promise<void> {
  const results: Result[] = []
  const controls: Control[] = []
  const dir = await mkdtemp(path.join(tmpdir(), 'kinwise-import-bench-'))
  try {
    if (DBS.includes('pglite')) {
      process.stdout.write('PGlite (built server, fresh data dir)…\n')
      const lite = await pgliteDataset(1000, dir)
      try {
        results.push(...(await runCases('pglite', lite, dir, controls)))
      } finally {
        await lite.cleanup()
      }
    }
    const url = process.env.DATABASE_URL
    if (url && DBS.includes('postgres')) {
      process.stdout.write('PostgreSQL (built server, fresh database)…\n')
      const pgData = await postgresDataset(1000, url)
      try {
        results.push(...(await runCases('postgres', pgData, dir, controls)))
      } finally {
        await pgData.cleanup()
      }
    } else {
      process.stdout.write('(DATABASE_URL is not set: PostgreSQL skipped)\n')
    }
  } finally {
    // KINWISE_BENCH_KEEP=1 keeps the files and the server's log
    if (!process.env.KINWISE_BENCH_KEEP) await rm(dir, { recursive: true, force: true })
  }

  process.stdout.write(`\n${table(results)}\n`)
  for (const c of controls) {
    process.stdout.write(
      `\nControl on ${c.database}, no import: /api/health p99 ${c.healthIdleP99Ms.toFixed(1)} ms idle, ${c.healthP99Ms.toFixed(1)} ms beside ${String(c.loops)} busy loops of another process at niceness 10 (×${c.healthRatio.toFixed(2)}): what filling the cores costs it, whatever fills them.`,
    )
  }
  process.stdout.write(`\n\nTargets: peak RSS ≤ ${String(IMPORT_RSS_TARGET_MB)} MB, health p99 ≤ ×${String(HEALTH_RATIO_TARGET)} its idle value.\n`)
  process.stdout.write(`Load average (1, 5, 15 min) at the end: ${loadavg().map((l) => l.toFixed(1)).join(', ')} on ${String(cpus().length)} CPUs: on a busy machine the wall-clock figures stretch, CPU s less so.\n`)
  const out = path.join(import.meta.dirname, 'results')
  await mkdir(out, { recursive: true })
  await writeFile(
    path.join(out, 'import.json'),
    `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: cpus().length, loadAverage: loadavg(), controls, results }, null, 2)}\n`,
  )
  process.stdout.write(`\nWritten to bench/results/import.json\n`)
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  process.exit(1)
})
