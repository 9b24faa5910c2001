// Section 5, first-ever start: the built server on an empty data directory (initdb, migrations)
// to its first 200. (Start-up on an existing directory is measured per data set in server.ts.)
import { mkdtemp, rm } from 'node:fs/promises'
import path from 'node:path'
import { row, type Row } from '../lib/report'
import { startServer } from '../lib/server'
import { summarize } from '../lib/stats'

export async function firstStart(workDir: string, runs: number): Promise<Row[]> {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const dir = await mkdtemp(path.join(workDir, 'first-start-'))
    try {
      const server = await startServer(
        { KINWISE_DATA_DIR: dir },
        path.join(workDir, 'first-start.log'),
      )
      times.push(server.startMs)
      await server.stop()
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }
  const s = summarize(times)
  process.stdout.write(`    first-ever start: ${times.map((t) => t.toFixed(0)).join(', ')} ms\n`)
  return [
    row({
      section: '5 start-up',
      figure: 'first-ever start (empty data dir) → first 200',
      db: 'pglite',
      median: s.median,
      p99: s.p99,
      unit: 'ms',
      extra: `${String(s.n)} starts`,
    }),
  ]
}
