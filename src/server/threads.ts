// The server's threads and the CPU: the HTTP thread is answered first. On a machine of
// two cores a million-row import keeps both busy: the import worker, the database and V8's own
// helper threads, which collect the import worker's garbage (~20 s of CPU in such an import,
// measured per thread in /proc) and which the operating system gave the HTTP thread's priority.
// Those helpers, the import worker and libuv's pool run at a lower priority (a higher niceness),
// so /api/health and the dashboard's work take a core first. The embedded database's thread keeps
// the process's priority: it answers the dashboard's queries (as PostgreSQL's own processes
// would). Linux only (a thread is a task of its own in /proc); elsewhere these do nothing.
import { readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs'
import { getPriority, setPriority } from 'node:os'

/** Niceness of the server's background threads: the HTTP thread wins a core whenever it has work. */
export const BACKGROUND_NICE = 10
/** The embedded database's thread names itself so (db/pglite-worker.mjs): it keeps the process's priority. */
export const DATABASE_THREAD = 'kinwise-db'

/** This thread's task id (Linux), or null. */
function ownTask(): number | null {
  try {
    const task = Number(readlinkSync('/proc/thread-self').split('/').pop())
    return Number.isInteger(task) && task > 0 ? task : null
  } catch {
    return null
  }
}

/** Lowers a task's priority to the background's; one already lower (a `nice` start) is left as it is. */
function yieldTask(task: number): boolean {
  try {
    if (getPriority(task) >= BACKGROUND_NICE) return false
    setPriority(task, BACKGROUND_NICE)
    return true
  } catch {
    // gone meanwhile, or not allowed: it keeps its priority
    return false
  }
}

/** Names this thread (what `top -H` and `ps -L` show) and runs it at the background's priority. */
export function backgroundThread(name: string): void {
  const task = ownTask()
  if (task === null) return
  nameThisThread(name)
  yieldTask(task)
}

/** Names this thread (at most 15 characters are kept). */
function nameThisThread(name: string): void {
  try {
    writeFileSync('/proc/thread-self/comm', name.slice(0, 15))
  } catch {
    // not Linux: unnamed
  }
}

/**
 * Runs every thread of the process at the background's priority but the main (HTTP) thread and
 * the embedded database's. Called when the server listens and when an import starts (threads
 * made since: libuv's pool starts with its first task). Answers how many it lowered.
 */
export function yieldBackgroundThreads(): number {
  let tasks: string[]
  try {
    tasks = readdirSync('/proc/self/task')
  } catch {
    return 0
  }
  let lowered = 0
  for (const entry of tasks) {
    const task = Number(entry)
    if (task === process.pid || threadName(task) === DATABASE_THREAD) continue
    if (yieldTask(task)) lowered++
  }
  return lowered
}

function threadName(task: number): string | null {
  try {
    return readFileSync(`/proc/self/task/${String(task)}/comm`, 'utf8').trim()
  } catch {
    return null
  }
}
