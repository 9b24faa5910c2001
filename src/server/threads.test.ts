import { existsSync, readFileSync } from 'node:fs'
import { getPriority } from 'node:os'
import { Worker } from 'node:worker_threads'
import { afterEach, describe, expect, it } from 'vitest'
import { BACKGROUND_NICE, DATABASE_THREAD, yieldBackgroundThreads } from './threads'

const THREADS = new URL('./threads.ts', import.meta.url).href

/** A worker thread that runs `setup` (given its parentPort), tells its task id, then waits until terminated. */
function thread(setup: string): Promise<{ worker: Worker; task: number }> {
  const worker = new Worker(
    `const { parentPort } = require('node:worker_threads');
     const { readlinkSync } = require('node:fs');
     Promise.resolve().then(async () => { ${setup} })
       .then(() => parentPort.postMessage(Number(readlinkSync('/proc/thread-self').split('/').pop())));
     setInterval(() => {}, 1000);`,
    { eval: true },
  )
  return new Promise((resolve, reject) => {
    worker.once('message', (task: number) => resolve({ worker, task }))
    worker.once('error', reject)
  })
}

const nameOf = (task: number) => readFileSync(`/proc/self/task/${String(task)}/comm`, 'utf8').trim()

const workers: Worker[] = []
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.terminate()))
})

describe.runIf(existsSync('/proc/thread-self'))('the server threads’ priorities (Linux)', () => {
  it('lowers every thread but the main one and the embedded database’s below the HTTP thread', async () => {
    const own = getPriority(process.pid)
    const database = await thread(`require('node:fs').writeFileSync('/proc/thread-self/comm', '${DATABASE_THREAD}')`)
    const helper = await thread('')
    workers.push(database.worker, helper.worker)

    expect(yieldBackgroundThreads()).toBeGreaterThan(0)

    expect(getPriority(helper.task)).toBe(Math.max(own, BACKGROUND_NICE))
    expect(getPriority(database.task)).toBe(own)
    expect(nameOf(database.task)).toBe(DATABASE_THREAD)
    expect(getPriority(process.pid)).toBe(own)
  })

  it('names a background thread and lowers it (the import worker)', async () => {
    const own = getPriority(process.pid)
    const importer = await thread(
      `const m = await import('tsx/esm/api'); m.register(); const t = await import(${JSON.stringify(THREADS)}); t.backgroundThread('kinwise-import')`,
    )
    workers.push(importer.worker)
    expect(nameOf(importer.task)).toBe('kinwise-import')
    expect(getPriority(importer.task)).toBe(Math.max(own, BACKGROUND_NICE))
    expect(getPriority(process.pid)).toBe(own)
  })
})
