// The import worker: a large statement is planned and written here, in a thread of its
// own with a bounded heap, on its own connection to the database, so the HTTP thread keeps
// answering (/api/health, the dashboard on PostgreSQL) while a million rows go in. The file is
// parsed here too, a chunk at a time (stream-source.ts). Started by offthread.ts; the build makes
// it dist/server/import-worker.js.
import { parentPort, workerData } from 'node:worker_threads'
import { connectTarget } from '#src/server/db/connect'
import { AppError } from '#src/server/http/errors'
import type { ImportJob, ImportWorkerMessage } from './offthread'
import { importFile } from './service'
import { backgroundThread } from '#src/server/threads'

// below the HTTP thread: a million-row import takes the CPU it leaves, not the other way round
backgroundThread('kinwise-import')
const job = workerData as ImportJob
const port = parentPort
if (!port) throw new Error('import-worker runs as a worker thread')
const send = (message: ImportWorkerMessage): void => port.postMessage(message)

async function run(): Promise<void> {
  const { db, close } = connectTarget(job.target)
  try {
    const result = await importFile(db, job.user, job.options, job.file, new Date(job.now), (stage, rows) => send({ type: 'progress', stage, rows }))
    send({ type: 'done', result })
  } catch (error) {
    if (error instanceof AppError) send({ type: 'refused', statusCode: error.statusCode, code: error.code, message: error.message, details: error.details })
    else send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) })
  } finally {
    await close()
  }
}

void run()
