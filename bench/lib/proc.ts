// Child processes for the bench: run a command to completion (bounded in time), and read a
// process's resident memory from /proc (VmRSS counts every thread, the database worker included).
import { spawn, type SpawnOptions } from 'node:child_process'
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

/** The machine's load average over the last minute, to tell a quiet run from a busy one. */
export async function loadAverage(): Promise<number> {
  const text = await readFile('/proc/loadavg', 'utf8').catch(() => '')
  return Number(text.split(' ')[0] ?? Number.NaN)
}
