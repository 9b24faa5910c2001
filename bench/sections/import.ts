// Section 4: the statement-import benchmark (bench/import-bench.ts, written with the import
// feature) run as it is; its figures are read back from bench/results/import.json.
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { ROOT, run } from '../lib/proc'
import { row, type Row } from '../lib/report'

export const IMPORT_TARGET_S = 5

export const IMPORT_RSS_TARGET_MB = 400
export const HEALTH_RATIO_TARGET = 2

type ImportResult = {
  database: string
  case: string
  rows: number
  added: number
  seconds: number
  rowsPerSecond: number
  peakRssMb: number
  healthRatio: number
  healthIdleP99Ms: number
  healthP99Ms: number
  dashboardIdleP99Ms: number
  dashboardAnswered: number
  dashboardP99Ms: number
  dashboardMaxMs?: number
}

/** The import bench's control: /api/health beside busy loops of another process, no import. */
type ImportControl = { database: string; loops: number; healthIdleP99Ms: number; healthP99Ms: number; healthRatio: number }

/** Runs the import bench; returns its rows and the 100k PGlite seconds (for the Actual ratio). */
export async function importSection(
  adminUrl: string | undefined,
  sizes: number[],
): Promise<{ rows: Row[]; pglite100kSeconds: number | null; results: ImportResult[] }> {
  const script = path.join(ROOT, 'bench/import-bench.ts')
  if (!existsSync(script)) {
    return {
      rows: [
        row({
          section: '4 import',
          figure: 'bench/import-bench.ts is not there yet: no import figures',
          unit: 's',
          status: 'SKIP',
          note: 'written with the statement-import feature',
        }),
      ],
      pglite100kSeconds: null,
      results: [],
    }
  }
  const env: NodeJS.ProcessEnv = { ...process.env, KINWISE_BENCH_ROWS: sizes.join(',') }
  if (adminUrl) env.DATABASE_URL = adminUrl
  else delete env.DATABASE_URL
  const started = performance.now()
  const result = await run(process.execPath, ['--import', 'tsx', script], {
    env,
    timeoutMs: 30 * 60_000,
    allowFailure: true,
  })
  if (result.code !== 0) {
    return {
      rows: [
        row({
          section: '4 import',
          figure: 'bench/import-bench.ts failed',
          unit: 's',
          status: 'SKIP',
          note: (result.stderr.trim().split('\n').pop() ?? '').slice(0, 160),
        }),
      ],
      pglite100kSeconds: null,
      results: [],
    }
  }
  process.stdout.write(
    `    import bench took ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
  )
  const parsed = JSON.parse(
    await readFile(path.join(ROOT, 'bench/results/import.json'), 'utf8'),
  ) as { results: ImportResult[]; controls?: ImportControl[] }
  const rows: Row[] = []
  // the machine's own figure (ADR 0043): what filling the cores costs /api/health, no import
  for (const c of parsed.controls ?? []) {
    rows.push(
      row({
        section: '4 import',
        figure: `control, no import: /api/health p99 beside ${String(c.loops)} busy loops (niceness 10) against idle`,
        db: c.database,
        median: c.healthRatio,
        unit: '×',
        extra: `p99 ${c.healthIdleP99Ms.toFixed(1)} ms idle, ${c.healthP99Ms.toFixed(1)} ms beside the loops`,
      }),
    )
  }
  let pglite100k: number | null = null
  for (const r of parsed.results) {
    const probed = /while probed/.test(r.case)
    const again = /again/.test(r.case)
    // a million-row statement in bounded memory, with the HTTP thread answering
    if (r.rows >= 1_000_000 && !again) {
      rows.push(
        row({
          section: '4 import',
          figure: `${r.case}: the server's peak RSS`,
          db: r.database,
          rows: r.rows,
          median: r.peakRssMb,
          unit: 'MB',
          target: { op: '<=', value: IMPORT_RSS_TARGET_MB },
        }),
      )
    }
    if (!again && Number.isFinite(r.healthRatio)) {
      rows.push(
        row({
          section: '4 import',
          figure: `${r.case}: /api/health p99 against idle${probed ? ' (both beside the dashboard calls)' : ''}`,
          db: r.database,
          rows: r.rows,
          median: r.healthRatio,
          unit: '×',
          extra: probed
            ? `dashboard: ${String(r.dashboardAnswered)} calls answered meanwhile, p99 ${Math.round(r.dashboardP99Ms).toLocaleString('en-US')} ms${r.dashboardMaxMs === undefined ? '' : `, slowest ${Math.round(r.dashboardMaxMs).toLocaleString('en-US')}`} (idle ${Math.round(r.dashboardIdleP99Ms).toLocaleString('en-US')} ms)`
            : `p99 ${r.healthIdleP99Ms.toFixed(1)} ms idle, ${r.healthP99Ms.toFixed(1)} ms during the import`,
          target: { op: '<=', value: HEALTH_RATIO_TARGET },
        }),
      )
    }
    if (probed) continue
    const isTarget = r.database === 'pglite' && r.rows === 100_000 && !again
    if (isTarget) pglite100k = Math.max(pglite100k ?? 0, r.seconds)
    rows.push(
      row({
        section: '4 import',
        figure: r.case,
        db: r.database,
        rows: r.rows,
        median: r.seconds,
        unit: 's',
        extra: `${Math.round(r.rowsPerSecond).toLocaleString('en-US')} rows/s, peak ${Math.round(r.peakRssMb)} MB`,
        ...(isTarget ? { target: { op: '<=' as const, value: IMPORT_TARGET_S } } : {}),
      }),
    )
  }
  return { rows, pglite100kSeconds: pglite100k, results: parsed.results }
}
