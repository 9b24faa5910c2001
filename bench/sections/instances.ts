// Section 14: one, two and three instances of the built server on the same PostgreSQL
// data set, the dashboard's calls mixed at 20 connections shared out over them (autocannon,
// 127.0.0.1 only, bounded in time and count): throughput and p99 for each. On a machine whose
// cores the instances, PostgreSQL and the load generator share, more instances add processes, not
// CPU: the figure shows what a second instance costs or gives there; spread over machines, each
// instance brings its own cores.
import path from 'node:path'
import { DASHBOARD_CALLS } from '../lib/dashboard'
import { BENCH_EMAIL, BENCH_PASSWORD, type Dataset } from '../lib/datasets'
import { signIn } from '../lib/http'
import { loadAcross, type LoadResult } from '../lib/load'
import { row, type Row } from '../lib/report'
import { startServer, type ServerHandle } from '../lib/server'

export const INSTANCE_COUNTS = [1, 2, 3] as const
const CONNECTIONS = 20

export async function instancesSection(
  dataset: Dataset,
  /** portBase: the instances listen on portBase, +1, +2 (default: any free ports) */
  options: { loadSeconds: number; workDir: string; portBase?: number },
  say: (line: string) => void,
): Promise<{ rows: Row[]; raw: Record<string, LoadResult> }> {
  const rows: Row[] = []
  const raw: Record<string, LoadResult> = {}
  const servers: ServerHandle[] = []
  try {
    for (const count of INSTANCE_COUNTS) {
      while (servers.length < count) {
        const log = path.join(options.workDir, `instance-${String(servers.length)}.log`)
        const port = options.portBase ? options.portBase + servers.length : undefined
        servers.push(await startServer(dataset.env, log, 120_000, port))
      }
      const bases = servers.map((s) => s.base)
      // one session (they live in the database): every instance takes the same cookie
      const cookie = await signIn(bases[0] ?? '', BENCH_EMAIL, BENCH_PASSWORD)
      // warm-up: a short run of the same load, so each new instance has its statements prepared
      await loadAcross(bases, { paths: [...DASHBOARD_CALLS], connections: CONNECTIONS, durationS: 1, cookie })
      const result = await loadAcross(bases, {
        paths: [...DASHBOARD_CALLS],
        connections: CONNECTIONS,
        durationS: options.loadSeconds,
        cookie,
      })
      raw[String(count)] = result
      say(
        `    ${String(count)} instance${count === 1 ? ' ' : 's'}: ${result.rps.toFixed(0)} req/s, p50 ${result.latency.median.toFixed(1)} ms, p99 ${result.latency.p99.toFixed(1)} ms${result.errors ? `, ${String(result.errors)} errors` : ''}`,
      )
      rows.push(
        row({
          section: '14 instances',
          figure: `dashboard calls mixed, ${String(CONNECTIONS)} conn. over ${String(count)} instance${count === 1 ? '' : 's'}`,
          db: dataset.db,
          rows: dataset.size,
          median: result.latency.median,
          p99: result.latency.p99,
          unit: 'ms',
          extra: `${result.rps.toFixed(0)} req/s${result.errors ? `, ${String(result.errors)} errors` : ''}`,
        }),
      )
    }
  } finally {
    for (const server of servers) await server.stop()
  }
  return { rows, raw }
}
