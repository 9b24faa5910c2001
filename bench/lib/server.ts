// Starts the BUILT server (node dist/server/main.js) as its own process on a free port, times
// process start to the first 200 of /api/health, samples its RSS, and stops it with SIGTERM.
import { spawn } from 'node:child_process'
import { closeSync, openSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import path from 'node:path'
import { request } from './http'
import { ROOT, rssMb } from './proc'
import { sleep } from './stats'

export type ServerHandle = {
  pid: number
  base: string
  /** ms from spawn to the first 200 of /api/health */
  startMs: number
  stop(): Promise<void>
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        address && typeof address === 'object'
          ? resolve(address.port)
          : reject(new Error('no port')),
      )
    })
    server.on('error', reject)
  })
}

/**
 * env: KINWISE_DATA_DIR or DATABASE_URL (and anything else to set); logFile gets its output;
 * port: a given one (the scale test's range) instead of any free one.
 */
export async function startServer(
  env: Record<string, string>,
  logFile: string,
  timeoutMs = 120_000,
  port?: number,
): Promise<ServerHandle> {
  port ??= await freePort()
  const base = `http://127.0.0.1:${String(port)}`
  // the server writes its log straight into the file (as it would to a file or journald): piped
  // through this busy process, a full pipe would block the server's synchronous log writes
  const logFd = openSync(logFile, 'a')
  const cleanEnv = { ...process.env }
  delete cleanEnv.DATABASE_URL
  delete cleanEnv.KINWISE_DATA_DIR
  const started = performance.now()
  // KINWISE_BENCH_NODE_ARGS: flags for the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
  // (a profile per thread: HTTP, embedded database, import worker), which NODE_OPTIONS refuses
  const nodeArgs = (process.env.KINWISE_BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)
  const child = spawn(process.execPath, [...nodeArgs, path.join(ROOT, 'dist/server/main.js')], {
    cwd: ROOT,
    // glibc's malloc settings as `npm start` sets them for the embedded database (package.json):
    // the server measured is the one users run
    env: {
      ...(env.DATABASE_URL ? {} : { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' }),
      ...cleanEnv,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', logFd, logFd],
  })
  closeSync(logFd)
  let exited: string | undefined
  const exit = new Promise<void>((resolve) =>
    child.on('exit', (code, signal) => {
      exited = signal ? `signal ${signal}` : `code ${String(code)}`
      resolve()
    }),
  )
  const tail = async () => {
    const text = await readFile(logFile, 'utf8').catch(() => '')
    return text.trim().split('\n').slice(-5).join('\n')
  }
  let startMs = Number.NaN
  while (performance.now() - started < timeoutMs) {
    if (exited !== undefined)
      throw new Error(
        `the server exited (${exited}) before answering; its last lines:\n${await tail()}`,
      )
    try {
      const reply = await request(`${base}/api/health`, { timeoutMs: 2000, fresh: true })
      if (reply.status === 200) {
        startMs = performance.now() - started
        break
      }
    } catch {
      // not listening yet
    }
    await sleep(10)
  }
  if (Number.isNaN(startMs)) {
    child.kill('SIGKILL')
    throw new Error(
      `the server did not answer within ${String(timeoutMs / 1000)} s; its last lines:\n${await tail()}`,
    )
  }
  const pid = child.pid ?? 0
  return {
    pid,
    base,
    startMs,
    stop: async () => {
      if (exited === undefined) {
        child.kill('SIGTERM')
        const force = setTimeout(() => child.kill('SIGKILL'), 30_000)
        await exit
        clearTimeout(force)
      }
    },
  }
}

/** Samples a process's RSS every `everyMs` until stopped; returns the peak and the last value. */
export function sampleRss(
  pid: number,
  everyMs = 100,
): { stop(): Promise<{ peakMb: number; lastMb: number }> } {
  let peak = 0
  let last = Number.NaN
  let running = true
  const loop = (async () => {
    while (running) {
      last = await rssMb(pid)
      if (last > peak) peak = last
      await sleep(everyMs)
    }
  })()
  return {
    stop: async () => {
      running = false
      await loop
      return { peakMb: peak, lastMb: last }
    },
  }
}
