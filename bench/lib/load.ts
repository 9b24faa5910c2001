// Load generation with autocannon against 127.0.0.1 only, bounded in time and count. Latencies
// come from autocannon's per-response event (fractional ms), not its whole-ms histogram.
import autocannon from 'autocannon'
import { spawn } from 'node:child_process'
import { setPriority } from 'node:os'
import path from 'node:path'
import { summarize, type Summary } from './stats'

export type LoadResult = {
  requests: number
  errors: number
  seconds: number
  rps: number
  latency: Summary
}

export type LoadOptions = {
  base: string
  /** one path, or several that each connection cycles through */
  paths: string[]
  connections: number
  durationS: number
  cookie?: string
  maxRequests?: number
}

export async function load(options: LoadOptions): Promise<LoadResult> {
  return summarizeRuns([await drive(options)])
}

/**
 * The same load spread over several instances of the server at once (the bench's instances
 * section): `connections` in all, shared out as evenly as they go, one cookie for all of them.
 */
export async function loadAcross(
  bases: string[],
  options: Omit<LoadOptions, 'base'>,
): Promise<LoadResult> {
  const runs = await Promise.all(
    bases.map((base, i) =>
      drive({
        ...options,
        base,
        connections: Math.max(
          1,
          Math.floor(options.connections / bases.length) +
            (i < options.connections % bases.length ? 1 : 0),
        ),
        ...(options.maxRequests ? { maxRequests: Math.ceil(options.maxRequests / bases.length) } : {}),
      }),
    ),
  )
  return summarizeRuns(runs)
}

type Run = { latencies: number[]; errors: number; seconds: number }

function summarizeRuns(runs: Run[]): LoadResult {
  const latencies = runs.flatMap((r) => r.latencies)
  const seconds = Math.max(...runs.map((r) => r.seconds))
  return {
    requests: latencies.length,
    errors: runs.reduce((n, r) => n + r.errors, 0),
    seconds,
    rps: latencies.length / seconds,
    latency: summarize(latencies),
  }
}

async function drive(options: LoadOptions): Promise<Run> {
  if (!options.base.startsWith('http://127.0.0.1:'))
    throw new Error('load tests only go to 127.0.0.1')
  const latencies: number[] = []
  let errors = 0
  const headers: Record<string, string> = options.cookie ? { cookie: options.cookie } : {}
  const started = performance.now()
  const instance = autocannon({
    url: options.base,
    connections: options.connections,
    duration: options.durationS,
    timeout: 30,
    headers,
    requests: options.paths.map((p) => ({ method: 'GET', path: p, headers })),
  })
  const cap = options.maxRequests ?? 200_000
  instance.on('response', (_client, status, _bytes, ms) => {
    if (status >= 200 && status < 300) latencies.push(ms)
    else errors += 1
    if (latencies.length + errors >= cap) instance.stop()
  })
  const result = await instance
  errors += result.errors + result.timeouts
  return { latencies, errors, seconds: (performance.now() - started) / 1000 }
}

/**
 * A light probe in its own process (so the load generator's event loop does not delay it): one
 * GET at a time with a short pause between them, for durationS; returns the latencies' summary.
 */
export async function probe(url: string, durationS: number, pauseMs = 5): Promise<Summary> {
  return summarize(await probeProcess(url, String(durationS * 1000), pauseMs, null))
}

/** The same probe, until `done` settles; returns every latency (ms). */
export function probeUntil(url: string, done: Promise<unknown>, pauseMs = 5): Promise<number[]> {
  return probeProcess(url, 'stdin', pauseMs, done)
}

function probeProcess(url: string, duration: string, pauseMs: number, done: Promise<unknown> | null): Promise<number[]> {
  if (!url.startsWith('http://127.0.0.1:')) throw new Error('probes only go to 127.0.0.1')
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(import.meta.dirname, 'probe.mjs'), url, duration, String(pauseMs)], {
      stdio: ['pipe', 'pipe', 'inherit'],
    })
    // the probe measures the server, not how long the scheduler keeps a light process waiting
    // while autocannon and the server hold both cores: it runs ahead of them (root only; idle,
    // loaded and control probes alike)
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, -10)
      } catch {
        // not root: the probe runs at the same priority as everything else
      }
    }
    if (done) void done.finally(() => child.stdin.end())
    else child.stdin.end()
    let out = ''
    child.stdout.on('data', (c: Buffer) => (out += c.toString()))
    child.on('error', reject)
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`probe exited with ${String(code)}`))
      try {
        resolve(JSON.parse(out) as number[])
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)))
      }
    })
  })
}
