// Section 5, first-ever start: the built server on an empty data directory (the empty cluster,
// migrations) to its first 200, then a second start on the same directory; and section 6's peak
// RSS of each until that first 200 (the first start peaked at 931–978 MB while a
// later one took 291 MB, ADR 0039). Start-up on a seeded directory is measured per data set in
// server.ts.
import { mkdtemp, rm } from 'node:fs/promises'
import path from 'node:path'
import { peakRssMb } from '../lib/proc'
import { row, type Row } from '../lib/report'
import { startServer } from '../lib/server'
import { summarize } from '../lib/stats'
import { TARGETS } from './server'

type Start = { ms: number; peakMb: number }

/** Starts the built server on `dir`, reads its peak RSS once it answers, and stops it. */
async function startOnce(dir: string, logFile: string): Promise<Start> {
  const server = await startServer({ KINWISE_DATA_DIR: dir }, logFile)
  try {
    return { ms: server.startMs, peakMb: await peakRssMb(server.pid) }
  } finally {
    await server.stop()
  }
}

export async function firstStart(workDir: string, runs: number): Promise<Row[]> {
  const first: Start[] = []
  const later: Start[] = []
  for (let i = 0; i < runs; i++) {
    const dir = await mkdtemp(path.join(workDir, 'first-start-'))
    try {
      first.push(await startOnce(dir, path.join(workDir, 'first-start.log')))
      later.push(await startOnce(dir, path.join(workDir, 'first-start.log')))
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }
  const list = (starts: Start[], pick: (s: Start) => number) => starts.map((s) => pick(s).toFixed(0)).join(', ')
  process.stdout.write(
    `    first-ever start: ${list(first, (s) => s.ms)} ms, peak RSS ${list(first, (s) => s.peakMb)} MB\n` +
      `    later start (same directory): ${list(later, (s) => s.ms)} ms, peak RSS ${list(later, (s) => s.peakMb)} MB\n`,
  )
  const time = (starts: Start[]) => summarize(starts.map((s) => s.ms))
  const peak = (starts: Start[]) => summarize(starts.map((s) => s.peakMb))
  const rssRow = (figure: string, starts: Start[]) => {
    const s = peak(starts)
    return row({
      section: '6 memory',
      figure,
      db: 'pglite',
      median: s.median,
      p99: s.p99,
      unit: 'MB',
      extra: `${String(s.n)} starts`,
      target: { op: '<=', value: TARGETS.rssMb },
      targetOn: 'p99',
    })
  }
  const timeRow = (figure: string, starts: Start[]) => {
    const s = time(starts)
    return row({ section: '5 start-up', figure, db: 'pglite', median: s.median, p99: s.p99, unit: 'ms', extra: `${String(starts.length)} starts` })
  }
  return [
    timeRow('first-ever start (empty data dir) → first 200', first),
    timeRow('second start (same, migrated data dir) → first 200', later),
    rssRow('server peak RSS, first-ever start → first 200', first),
    rssRow('server peak RSS, second start → first 200', later),
  ]
}
