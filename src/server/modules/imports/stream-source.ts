// A large statement's rows, read by the parse worker (parse-worker.ts) from the upload's temp file
// and handed over a chunk at a time. The worker parses one chunk ahead of the import, never more,
// so the server holds two chunks of rows whatever the file's size (issue 21).
import { StatementError, type CsvMapping, type ParseIssue, type ParsedAccount, type ParsedTransaction, type StatementFormat } from '../../../domain/import/types'
import { unreadable } from './parse-file'
import { startScript } from './worker-script'

/** The parse worker's heap: two chunks of rows and the file's bank ids (to keep each unique). */
const PARSE_HEAP_MB = 96

/**
 * Rows per chunk: each is planned (one read of the stored rows around it) and written at once.
 * With one chunk planned while the one before is written, 5,000 keeps a million-row import on
 * PostgreSQL under 400 MB at about the speed 10,000 had without the overlap (ADR 0040).
 */
export const STREAM_CHUNK_ROWS = 5_000

export type ParseJob = { path: string; format: StatementFormat; mapping: CsvMapping | null; chunkRows: number }

export type StreamChunk = {
  /** the accounts first named in this chunk (without rows; their balances come at the end) */
  accounts: ParsedAccount[]
  rows: { key: string; t: ParsedTransaction }[]
}
export type StreamEnd = { accounts: ParsedAccount[]; errors: ParseIssue[]; warnings: ParseIssue[] }
export type WorkerMessage =
  | ({ type: 'chunk' } & StreamChunk)
  | ({ type: 'end' } & StreamEnd)
  | { type: 'fail'; message: string | null; line: number | null }

/**
 * The rows of a statement file in chunks, then (as the generator's return value) its accounts
 * with their balances and its problems. Stopping early (an error in the import) ends the worker.
 */
export async function* streamStatement(job: ParseJob): AsyncGenerator<StreamChunk, StreamEnd> {
  const worker = startScript('parse-worker', job, { maxOldGenerationSizeMb: PARSE_HEAP_MB, maxYoungGenerationSizeMb: 16 })
  const inbox: (WorkerMessage | { type: 'crash'; error: Error })[] = []
  let wake: (() => void) | null = null
  const arrive = (m: WorkerMessage | { type: 'crash'; error: Error }): void => {
    inbox.push(m)
    wake?.()
  }
  worker.on('message', (m: WorkerMessage) => arrive(m))
  worker.on('error', (error) => arrive({ type: 'crash', error }))
  worker.on('exit', (code) => arrive({ type: 'crash', error: new Error(`the parse worker stopped (exit ${String(code)})`) }))
  try {
    for (;;) {
      while (inbox.length === 0) await new Promise<void>((resolve) => (wake = resolve))
      const m = inbox.shift()
      if (!m) continue
      if (m.type === 'chunk') {
        // the worker reads the next chunk while this one is planned and written
        worker.postMessage('next')
        yield { accounts: m.accounts, rows: m.rows }
      } else if (m.type === 'end') {
        return { accounts: m.accounts, errors: m.errors, warnings: m.warnings }
      } else if (m.type === 'fail') {
        throw unreadable(m.message === null ? new Error('unreadable') : new StatementError(m.message, m.line), job.format)
      } else {
        throw m.error
      }
    }
  } finally {
    worker.removeAllListeners('exit')
    await worker.terminate()
  }
}
