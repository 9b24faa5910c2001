// Runs a large statement's import in the import worker (import-worker.ts) instead of on the HTTP
// thread: the same pipeline (service.importFile), its answer or its clear 4xx handed back as if it
// had run here. A small file is imported on the HTTP thread, where it takes milliseconds.
import type { ImportResult } from '#src/contract/imports'
import { holdEmbedded, targetOf, type Db, type DbTarget } from '#src/server/db/connect'
import { AppError } from '#src/server/http/errors'
import type { SessionUser } from '#src/server/core/sessions'
import type { ImportOptions } from './parse-file'
import { importFile, streamsFile, type StatementFile } from './service'
import { yieldBackgroundThreads } from '#src/server/threads'
import { startScript } from './worker-script'
import type { ImportProgress, ImportStage } from './write'

export type ImportJob = { target: DbTarget; user: SessionUser; options: ImportOptions; file: StatementFile; now: string }
export type ImportWorkerMessage =
  | { type: 'progress'; stage: ImportStage; rows: number }
  | { type: 'done'; result: ImportResult }
  | { type: 'refused'; statusCode: number; code: string; message: string; details: AppError['details'] }
  | { type: 'failed'; message: string }

/**
 * The import worker's heap, which V8 collects before growing past: its code, a chunk's rows as
 * they are read and the plan of the one before live in ~30 MB; the file's bank ids are kept
 * outside it (domain/import/string-set). 64 MB on the embedded database, whose engine shares the
 * server's 400 MB; 128 MB on PostgreSQL, where the server peaks ~120 MB lower and a million-row
 * import ran 5–19% faster at 128 (V8 collected less often) for 10–25 MB more. A young generation
 * of 16 MB: at 32 a million-row import ran ~30% slower on PostgreSQL (2026-11-29); at 8 ~15%
 * slower for ~30 MB less.
 */
const WORKER_HEAP_MB = { embedded: 64, server: 128 }
const WORKER_YOUNG_MB = 16

/** Imports a statement file: a large CSV or OFX in the import worker, anything else here. */
export async function importFileOffThread(
  db: Db,
  user: SessionUser,
  options: ImportOptions,
  file: StatementFile,
  now: Date,
  onProgress?: ImportProgress,
): Promise<ImportResult> {
  if (!(await streamsFile(options, file))) return importFile(db, user, options, file, now, onProgress)
  const job: ImportJob = { target: targetOf(db), user, options, file, now: now.toISOString() }
  // V8's helpers will collect the worker's garbage: below the HTTP thread, as the worker is
  yieldBackgroundThreads()
  // its transaction holds the embedded database until it ends: writes that can wait, do
  const release = holdEmbedded(db)
  try {
    return await runWorker(job, onProgress)
  } finally {
    release()
  }
}

/** Runs the job in the import worker and hands back its answer. */
async function runWorker(job: ImportJob, onProgress: ImportProgress | undefined): Promise<ImportResult> {
  const worker = startScript('import-worker', job, {
    maxOldGenerationSizeMb: job.target.embedded ? WORKER_HEAP_MB.embedded : WORKER_HEAP_MB.server,
    maxYoungGenerationSizeMb: WORKER_YOUNG_MB,
  })
  try {
    return await new Promise<ImportResult>((resolve, reject) => {
      worker.on('message', (m: ImportWorkerMessage) => {
        if (m.type === 'progress') onProgress?.(m.stage, m.rows)
        else if (m.type === 'done') resolve(m.result)
        else if (m.type === 'refused') reject(new AppError(m.statusCode, m.code, m.message, m.details))
        else reject(new Error(`import worker: ${m.message}`))
      })
      worker.on('error', reject)
      worker.on('exit', (code) => reject(new Error(`the import worker stopped (exit ${String(code)})`)))
    })
  } finally {
    worker.removeAllListeners('exit')
    await worker.terminate()
  }
}
