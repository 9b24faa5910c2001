// Section 11, reports: on the seeded household (the same data set as the dashboard's,
// 100k or 1M transactions), every report of /reports under 5 concurrent connections for the
// last 12 months and for the longest range a report allows (120 months, which covers all the
// seeded history; 24 for top merchants, which reads the range's rows): p99 target ≤ 150 ms
// each. The other reports read the monthly rollups, so they should not grow with the ledger.
import path from 'node:path'
import { BENCH_EMAIL, BENCH_PASSWORD, type Dataset } from '../lib/datasets'
import { request, signIn } from '../lib/http'
import { load, type LoadResult } from '../lib/load'
import { cpuMs } from '../lib/proc'
import { row, type Row } from '../lib/report'
import { startServer } from '../lib/server'

export const REPORT_TARGETS = { p99Ms: 150, connections: 5 }

export const REPORT_CALLS = [
  '/api/reports/cash-flow',
  '/api/reports/net-worth',
  '/api/reports/spending-by-category',
  '/api/reports/sankey',
  '/api/reports/top-merchants',
] as const

export type ReportOptions = {
  /** seconds of load per report and range */
  loadSeconds: number
  workDir: string
}

const say = (line: string) => process.stdout.write(`${line}\n`)

/** YYYY-MM of the month `back` months before this one (UTC). */
function monthBack(back: number): string {
  const now = new Date()
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1))
  return d.toISOString().slice(0, 7)
}

export async function reportsSection(
  dataset: Dataset,
  options: ReportOptions,
): Promise<{ rows: Row[]; raw: Record<string, unknown> }> {
  const { db, size } = dataset
  const tag = { db, rows: size }
  const rows: Row[] = []
  const raw: Record<string, LoadResult & { serverCpuMsPerRequest: number }> = {}
  const server = await startServer(
    dataset.env,
    path.join(options.workDir, `server-reports-${db}-${String(size)}.log`),
  )
  try {
    const cookie = await signIn(server.base, BENCH_EMAIL, BENCH_PASSWORD)
    const to = monthBack(0)
    for (const call of REPORT_CALLS) {
      // the longest range each report takes (top merchants reads rows: at most 24 months)
      const longest = call === '/api/reports/top-merchants' ? 24 : 120
      const ranges = [
        { label: '12 months', query: `from=${monthBack(11)}&to=${to}` },
        { label: `${String(longest)} months`, query: `from=${monthBack(longest - 1)}&to=${to}` },
      ]
      // a report this build does not have yet is a SKIP row, not a failed section
      const first = await request(`${server.base}${call}?${ranges[0]?.query ?? ''}`, {
        headers: { cookie },
      })
      if (first.status !== 200) {
        say(`    ${call}: ${String(first.status)} ${first.body.slice(0, 120)}`)
        rows.push(
          row({
            section: '11 reports',
            figure: `GET ${call.replace('/api/reports/', '')}`,
            ...tag,
            unit: 'ms',
            status: 'SKIP',
            note: `answers ${String(first.status)}${first.status === 404 ? ' (not in this build)' : ''}`,
          }),
        )
        continue
      }
      for (const range of ranges) {
        const url = `${call}?${range.query}`
        for (let i = 0; i < 3; i++) {
          const reply = await request(`${server.base}${url}`, { headers: { cookie } })
          if (reply.status !== 200)
            throw new Error(`GET ${url}: ${String(reply.status)} ${reply.body.slice(0, 200)}`)
        }
        const cpuBefore = await cpuMs(server.pid)
        const result = await load({
          base: server.base,
          paths: [url],
          connections: REPORT_TARGETS.connections,
          durationS: options.loadSeconds,
          cookie,
        })
        // the server's CPU time per answer (every thread): hardly moved by the machine's load
        const cpu = ((await cpuMs(server.pid)) - cpuBefore) / Math.max(1, result.requests)
        raw[`${call} ${range.label}`] = { ...result, serverCpuMsPerRequest: cpu }
        say(
          `    ${call.padEnd(34)} ${range.label.padEnd(10)} c${String(REPORT_TARGETS.connections)} ${result.latency.median.toFixed(1)}/${result.latency.p99.toFixed(1)} ms, ${result.rps.toFixed(0)} req/s, server CPU ${cpu.toFixed(1)} ms a request${result.errors ? `, ${String(result.errors)} errors` : ''}`,
        )
        rows.push(
          row({
            section: '11 reports',
            figure: `GET ${call.replace('/api/reports/', '')}, ${range.label}, ${String(REPORT_TARGETS.connections)} conn.`,
            ...tag,
            median: result.latency.median,
            p99: result.latency.p99,
            unit: 'ms',
            extra: `${result.rps.toFixed(0)} req/s, server CPU ${cpu.toFixed(1)} ms/req${result.errors ? `, ${String(result.errors)} errors` : ''}`,
            target: { op: '<=', value: REPORT_TARGETS.p99Ms },
            ...(result.errors
              ? { status: 'MISS' as const, note: `${String(result.errors)} errors` }
              : {}),
          }),
        )
      }
    }
    return { rows, raw }
  } finally {
    await server.stop()
  }
}
