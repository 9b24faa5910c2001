// A large statement's rows, read from the upload's temp file a piece at a time and handed to the
// import a chunk at a time (domain/import/stream). It runs in the thread that imports (the import
// worker, offthread.ts) and parses a chunk only when the import asks for it, while the chunk before
// is written: the server holds two chunks of rows whatever the file's size. It was a
// worker of its own; in the import's thread it saves that thread's heap (~45 MB) and the copy of
// every chunk between the two (ADR 0040).
import { createReadStream } from 'node:fs'
import { EncodingProbe, statementStream, streamEncoding, TextStream } from '#src/domain/import/stream'
import type { CsvMapping, ParseIssue, ParsedAccount, ParsedTransaction, StatementFormat } from '#src/domain/import/types'
import { unreadable } from './parse-file'

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

const HEAD_BYTES = 1 << 20
/** problems kept (each further one is only counted) */
const MAX_ISSUES = 1000

/** Keeps the first MAX_ISSUES problems of a list, counting the others. */
function trim(list: ParseIssue[], dropped: { n: number }): void {
  if (list.length <= MAX_ISSUES) return
  dropped.n += list.length - MAX_ISSUES
  list.length = MAX_ISSUES
}

/**
 * The rows of a statement file in chunks, then (as the generator's return value) its accounts
 * with their balances and its problems. A file that cannot be read is a clear 4xx (parse-file.ts).
 */
export async function* streamStatement(job: ParseJob): AsyncGenerator<StreamChunk, StreamEnd> {
  try {
    return yield* parseChunks(job)
  } catch (error) {
    throw unreadable(error, job.format)
  }
}

async function* parseChunks(job: ParseJob): AsyncGenerator<StreamChunk, StreamEnd> {
  // one pass to choose the encoding as the whole-file parser would (is every byte valid UTF-8?)
  const probe = new EncodingProbe()
  const headParts: Buffer[] = []
  let headSize = 0
  for await (const piece of createReadStream(job.path, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    if (headSize < HEAD_BYTES) {
      headParts.push(piece)
      headSize += piece.length
    }
    probe.push(piece)
  }
  probe.end()
  const head = Buffer.concat(headParts).subarray(0, HEAD_BYTES)
  const text = new TextStream(streamEncoding(head, probe, job.format === 'csv' ? (job.mapping?.encoding ?? null) : null))
  const stream = statementStream(job.format, job.mapping)
  const errorsDropped = { n: 0 }
  const warningsDropped = { n: 0 }
  const seen = new Set<string>()
  const rows: StreamChunk['rows'] = []
  let accounts: ParsedAccount[] = []
  const take = (list: ReturnType<typeof stream.push>): void => {
    for (const { account, t } of list) {
      if (!seen.has(account.key)) {
        seen.add(account.key)
        accounts.push({ ...account, transactions: [] })
      }
      rows.push({ key: account.key, t })
    }
  }
  const cut = (size: number): StreamChunk => {
    const chunk = { accounts, rows: rows.splice(0, size) }
    accounts = []
    return chunk
  }
  for await (const piece of createReadStream(job.path, { highWaterMark: 256 * 1024 }) as AsyncIterable<Buffer>) {
    take(stream.push(text.push(piece)))
    trim(stream.errors, errorsDropped)
    trim(stream.warnings, warningsDropped)
    while (rows.length >= job.chunkRows) yield cut(job.chunkRows)
  }
  take(stream.push(text.end()))
  const end = stream.end()
  take(end.rows)
  if (rows.length > 0 || accounts.length > 0) yield cut(rows.length)
  const more = (n: number, what: string): ParseIssue[] => (n > 0 ? [{ line: 0, message: `…and ${n.toLocaleString('en-US')} more ${what}.` }] : [])
  return {
    accounts: end.accounts.map((a) => ({ ...a, transactions: [] })),
    errors: [...stream.errors.slice(0, MAX_ISSUES), ...more(errorsDropped.n + Math.max(0, stream.errors.length - MAX_ISSUES), 'rows that could not be read')],
    warnings: [...stream.warnings.slice(0, MAX_ISSUES), ...more(warningsDropped.n + Math.max(0, stream.warnings.length - MAX_ISSUES), 'warnings')],
  }
}
