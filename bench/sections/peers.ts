// Section 8: Actual Budget, through its published @actual-app/api (installed by the bench into a
// cached temporary folder, never a project dependency), imports the same generated transactions
// as Kinwise, and both read one month's spending; the ratios are printed.
import { existsSync } from 'node:fs'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ROOT, run } from '../lib/proc'
import { row, type Row } from '../lib/report'
import { summarize } from '../lib/stats'
import { writePeerData } from '../peers/data'

export const ACTUAL_VERSION = '26.9.0'
export const RATIO_TARGET = 50

type SideResult = {
  importSeconds: number
  added: number
  queryMs: number[]
  budgetMonthMs?: number[]
  peakRssMb: number
}

function parseResult(stdout: string): SideResult {
  const line = stdout.split('\n').find((l) => l.startsWith('@@RESULT'))
  if (!line) throw new Error('no result printed')
  return JSON.parse(line.slice('@@RESULT'.length)) as SideResult
}

/** Installs @actual-app/api once into a cached folder; returns the folder or why it cannot. */
async function installActual(): Promise<{ dir: string } | { why: string }> {
  const dir = path.join(tmpdir(), `kinwise-bench-actual-${ACTUAL_VERSION}`)
  const pkg = path.join(dir, 'node_modules/@actual-app/api/package.json')
  const native = path.join(dir, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node')
  if (!existsSync(pkg) || !existsSync(native)) {
    await rm(dir, { recursive: true, force: true })
    await mkdir(dir, { recursive: true })
    await writeFile(
      path.join(dir, 'package.json'),
      JSON.stringify({ name: 'kinwise-bench-actual', private: true }),
    )
    process.stdout.write(
      `    installing @actual-app/api@${ACTUAL_VERSION} into ${dir} (builds better-sqlite3: a few minutes the first time)…\n`,
    )
    const result = await run(
      'npm',
      ['install', '--prefix', dir, '--no-audit', '--no-fund', `@actual-app/api@${ACTUAL_VERSION}`],
      { cwd: dir, timeoutMs: 15 * 60_000, allowFailure: true },
    )
    if (result.code !== 0)
      return {
        why: `npm install @actual-app/api failed: ${result.stderr.trim().split('\n').slice(-3).join(' ').slice(0, 200)}`,
      }
    if (!existsSync(native))
      return {
        why: 'better-sqlite3 (its native SQLite binding) was not built: no prebuilt binary could be downloaded and node-gyp could not compile it',
      }
  }
  const engines =
    (JSON.parse(await readFile(pkg, 'utf8')) as { engines?: { node?: string } }).engines?.node ??
    'any'
  const major = Number(process.versions.node.split('.')[0])
  const wanted = /(\d+)/.exec(engines)?.[1]
  if (wanted && major < Number(wanted))
    return {
      why: `@actual-app/api@${ACTUAL_VERSION} wants Node ${engines}; this is ${process.version}`,
    }
  return { dir }
}

export async function peersSection(
  workDir: string,
  rows: number,
  _ourImport100kSeconds: number | null,
): Promise<{ rows: Row[]; raw: unknown }> {
  const out: Row[] = []
  const dataFile = path.join(workDir, 'peer-data.json')
  const data = await writePeerData(rows, dataFile)
  const n = data.rows.length
  const tag = { rows: n }

  // Kinwise
  const ours = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(ROOT, 'bench/peers/kinwise-side.ts'),
      dataFile,
      path.join(workDir, 'peer-kinwise'),
    ],
    {
      timeoutMs: 20 * 60_000,
      allowFailure: true,
    },
  )
  let kinwise: SideResult | null = null
  try {
    kinwise = parseResult(ours.stdout)
  } catch {
    out.push(
      row({
        section: '8 peers',
        figure: 'Kinwise side failed',
        unit: '',
        status: 'SKIP',
        note: ours.stderr.trim().split('\n').slice(-1).join('').slice(0, 160),
      }),
    )
  }

  // Actual
  const installed = await installActual()
  let actual: SideResult | null = null
  if ('why' in installed) {
    process.stdout.write(`    Actual cannot run here: ${installed.why}\n`)
    out.push(
      row({
        section: '8 peers',
        figure: 'Actual Budget',
        unit: '',
        status: 'SKIP',
        note: installed.why,
      }),
    )
  } else {
    const budgetDir = path.join(workDir, 'peer-actual')
    await mkdir(budgetDir, { recursive: true })
    const theirs = await run(
      process.execPath,
      [path.join(ROOT, 'bench/peers/actual-side.mjs'), installed.dir, dataFile, budgetDir],
      {
        timeoutMs: 60 * 60_000,
        allowFailure: true,
      },
    )
    try {
      actual = parseResult(theirs.stdout)
    } catch {
      const why = `its run failed: ${(theirs.stderr.trim().split('\n').filter(Boolean).pop() ?? `exit ${String(theirs.code)}`).slice(0, 160)}`
      process.stdout.write(`    Actual: ${why}\n`)
      out.push(
        row({ section: '8 peers', figure: 'Actual Budget', unit: '', status: 'SKIP', note: why }),
      )
    }
  }

  if (kinwise) {
    const q = summarize(kinwise.queryMs.slice(1))
    process.stdout.write(
      `    Kinwise: import ${kinwise.importSeconds.toFixed(1)} s (${String(kinwise.added)} added), month spending ${q.median.toFixed(1)} ms\n`,
    )
    out.push(
      row({
        section: '8 peers',
        figure: 'Kinwise: import as CSV statements (PGlite)',
        ...tag,
        median: kinwise.importSeconds,
        unit: 's',
        extra: `${Math.round(n / kinwise.importSeconds).toLocaleString('en-US')} rows/s`,
      }),
      row({
        section: '8 peers',
        figure: 'Kinwise: one month’s spending (monthly summary)',
        ...tag,
        median: q.median,
        p99: q.p99,
        unit: 'ms',
      }),
    )
  }
  if (actual) {
    const q = summarize(actual.queryMs.slice(1))
    const b = summarize((actual.budgetMonthMs ?? []).slice(1))
    process.stdout.write(
      `    Actual: import ${actual.importSeconds.toFixed(1)} s (${String(actual.added)} added), month spending ${q.median.toFixed(1)} ms (budget month ${b.median.toFixed(1)} ms)\n`,
    )
    out.push(
      row({
        section: '8 peers',
        figure: `Actual ${ACTUAL_VERSION}: importTransactions`,
        ...tag,
        median: actual.importSeconds,
        unit: 's',
        extra: `${Math.round(n / actual.importSeconds).toLocaleString('en-US')} rows/s`,
      }),
      row({
        section: '8 peers',
        figure: 'Actual: one month’s spending (AQL sum)',
        ...tag,
        median: q.median,
        p99: q.p99,
        unit: 'ms',
      }),
      row({
        section: '8 peers',
        figure: 'Actual: getBudgetMonth',
        ...tag,
        median: b.median,
        p99: b.p99,
        unit: 'ms',
      }),
    )
  }
  if (kinwise && actual) {
    const ratio = actual.importSeconds / kinwise.importSeconds
    const queryRatio =
      summarize(actual.queryMs.slice(1)).median / summarize(kinwise.queryMs.slice(1)).median
    process.stdout.write(
      `    import: Kinwise ${ratio.toFixed(0)}× faster; month query ratio Actual/Kinwise ${queryRatio.toFixed(2)}\n`,
    )
    out.push(
      row({
        section: '8 peers',
        figure: 'import speed-up: Actual time / Kinwise time',
        ...tag,
        median: ratio,
        unit: '×',
        target: { op: '>=', value: RATIO_TARGET },
      }),
      row({
        section: '8 peers',
        figure: 'month query: Actual time / Kinwise time',
        ...tag,
        median: queryRatio,
        unit: '×',
      }),
    )
  }
  return { rows: out, raw: { rows: n, kinwise, actual } }
}
