// Starts the import's worker script (import-worker): the built one beside
// the server's bundle in dist, else the TypeScript source through tsx (dev, tests).
import { existsSync, readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'
import { fileURLToPath } from 'node:url'
import { Worker, type ResourceLimits } from 'node:worker_threads'

export function startScript(name: 'import-worker', workerData: unknown, resourceLimits: ResourceLimits): Worker {
  const options = { workerData, resourceLimits }
  const built = new URL(`./${name}.js`, import.meta.url)
  if (existsSync(fileURLToPath(built))) return new Worker(built, options)
  const source = new URL(`./${name}.ts`, import.meta.url).href
  return new Worker(`import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(source)}) })`, { ...options, eval: true })
}

/** Niceness of the import's threads: the HTTP thread wins the CPU whenever it has a request. */
const WORKER_NICE = 10

/**
 * Run in a worker thread: lowers this thread's own scheduling priority (Linux: a thread is its
 * own task in /proc/thread-self, and niceness is per task), so a million-row import takes the CPU
 * the HTTP thread leaves, not the other way round. Elsewhere, or refused, it does nothing.
 */
export function yieldToHttpThread(): void {
  try {
    const task = Number(readlinkSync('/proc/thread-self').split('/').pop())
    if (Number.isInteger(task) && task > 0) setPriority(task, WORKER_NICE)
  } catch {
    // not Linux, or not allowed: the thread keeps the process's priority
  }
}
