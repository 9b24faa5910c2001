// Child processes for the bench: run a command to completion (bounded in time), and read a
// process's resident memory from /proc (VmRSS counts every thread, the database worker included).
import { spawn, type SpawnOptions } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'

export const ROOT = new URL('../..', import.meta.url).pathname.replace(/\/$/, '')

export type RunResult = { code: number | null; stdout: string; stderr: string; seconds: number }

/** Runs a command; rejects when it exits non-zero (unless allowFailure) or outlives timeoutMs. */
export function run(
  command: string,
  args: string[],
  options: SpawnOptions & { timeoutMs?: number; allowFailure?: boolean; echo?: boolean } = {},
): Promise<RunResult> {
  const { timeoutMs = 30 * 60_000, allowFailure = false, echo = false, ...spawnOptions } = options
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...spawnOptions,
    })
    let stdout = ''
    let stderr = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      if (echo) process.stdout.write(chunk)
    })
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
      if (echo) process.stderr.write(chunk)
    })
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(
        new Error(`${command} ${args.join(' ')} took longer than ${String(timeoutMs / 1000)} s`),
      )
    }, timeoutMs)
    child.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.on('close', (code) => {
      clearTimeout(timer)
      const result = { code, stdout, stderr, seconds: (performance.now() - started) / 1000 }
      if (code !== 0 && !allowFailure) {
        reject(
          new Error(
            `${command} ${args.join(' ')} exited with ${String(code)}:\n${stderr.slice(-2000) || stdout.slice(-2000)}`,
          ),
        )
      } else resolve(result)
    })
  })
}

/** Resident memory of a process in MB (VmRSS), or NaN when it is gone. */
export async function rssMb(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${String(pid)}/status`, 'utf8')
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)
    return match ? Number(match[1]) / 1024 : Number.NaN
  } catch {
    return Number.NaN
  }
}

/** A process's peak RSS so far (VmHWM), in MB; NaN when it is gone. */
export async function peakRssMb(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${String(pid)}/status`, 'utf8')
    const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(status)
    return match ? Number(match[1]) / 1024 : Number.NaN
  } catch {
    return Number.NaN
  }
}

/**
 * CPU time a process (every thread: the embedded database's worker too) has used so far, in ms,
 * from /proc (utime + stime at 100 ticks a second); NaN when it is gone. The CPU a call costs
 * the server hardly changes with the machine's load, where its wall time does.
 */
export async function cpuMs(pid: number): Promise<number> {
  try {
    const stat = await readFile(`/proc/${String(pid)}/stat`, 'utf8')
    // the fields after the command's name, which is in parentheses and may hold spaces
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return Number.NaN
  }
}

/** The machine's load average over the last minute, to tell a quiet run from a busy one. */
export async function loadAverage(): Promise<number> {
  const text = await readFile('/proc/loadavg', 'utf8').catch(() => '')
  return Number(text.split(' ')[0] ?? Number.NaN)
}

/** where the reference loop's result goes, so it is not optimised away */
export let cpuReferenceSink = 0

/**
 * A fixed single-thread workload (SHA-256 of 16 MB, JSON round trips, an integer loop), timed
 * seven times: its median tells a slow hour of the machine from a slow change of the code. On
 * this project's 2-core VM it has read 150–256 ms on the same day; every other figure of a run
 * stretches with it.
 */
export function cpuReferenceMs(): number {
  const bytes = Buffer.alloc(16 * 1024 * 1024, 7)
  const rows = Array.from({ length: 2000 }, (_, i) => ({
    id: i,
    name: `row ${String(i)}`,
    amount: i * 1.5,
    tags: ['a', 'b'],
  }))
  const times: number[] = []
  for (let k = 0; k < 7; k++) {
    const started = performance.now()
    createHash('sha256').update(bytes).digest('hex')
    for (let i = 0; i < 50; i++) JSON.parse(JSON.stringify(rows))
    let x = 0
    for (let i = 0; i < 2e7; i++) x = (x * 31 + i) | 0
    cpuReferenceSink ^= x
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)] ?? Number.NaN
}
