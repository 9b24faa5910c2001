// The parse worker: reads a large statement from its temp file a piece at a time, off the HTTP
// thread, and hands the rows to the import in chunks (domain/import/stream). It parses at most
// one chunk ahead of the import: each chunk waits for 'next', so memory stays that of two chunks
// whatever the file's size. Started by stream-source.ts; the build makes it dist/server/parse-worker.js.
import { createReadStream } from 'node:fs'
import { parentPort, workerData } from 'node:worker_threads'
import { EncodingProbe, statementStream, streamEncoding, TextStream } from '../../../domain/import/stream'
import { StatementError, type ParseIssue, type ParsedAccount } from '../../../domain/import/types'
import type { ParseJob, WorkerMessage } from './stream-source'
import { yieldToHttpThread } from './worker-script'

const HEAD_BYTES = 1 << 20
/** problems kept and sent (each further one is only counted) */
const MAX_ISSUES = 1000

yieldToHttpThread()
const job = workerData as ParseJob
const port = parentPort
if (!port) throw new Error('parse-worker runs as a worker thread')

let allowed = 1
let wake: (() => void) | null = null
port.on('message', (message: unknown) => {
  if (message === 'next') {
    allowed++
    wake?.()
  }
})

function send(message: WorkerMessage): void {
  port?.postMessage(message)
}

/** Keeps the first MAX_ISSUES problems of a list, counting the others. */
function trim(list: ParseIssue[], dropped: { n: number }): void {
  if (list.length <= MAX_ISSUES) return
  dropped.n += list.length - MAX_ISSUES
  list.length = MAX_ISSUES
}

async function run(): Promise<void> {
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
  let rows: { key: string; t: ParsedAccount['transactions'][number] }[] = []
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
  const flush = async (): Promise<void> => {
    while (allowed <= 0) await new Promise<void>((resolve) => (wake = resolve))
    allowed--
    send({ type: 'chunk', accounts, rows })
    rows = []
    accounts = []
  }
  for await (const piece of createReadStream(job.path, { highWaterMark: 256 * 1024 }) as AsyncIterable<Buffer>) {
    take(stream.push(text.push(piece)))
    trim(stream.errors, errorsDropped)
    trim(stream.warnings, warningsDropped)
    while (rows.length >= job.chunkRows) {
      const rest = rows.splice(job.chunkRows)
      await flush()
      rows = rest
    }
  }
  take(stream.push(text.end()))
  const end = stream.end()
  take(end.rows)
  if (rows.length > 0 || accounts.length > 0) await flush()
  const more = (n: number, what: string): ParseIssue[] => (n > 0 ? [{ line: 0, message: `…and ${n.toLocaleString('en-US')} more ${what}.` }] : [])
  send({
    type: 'end',
    accounts: end.accounts.map((a) => ({ ...a, transactions: [] })),
    errors: [...stream.errors.slice(0, MAX_ISSUES), ...more(errorsDropped.n + Math.max(0, stream.errors.length - MAX_ISSUES), 'rows that could not be read')],
    warnings: [...stream.warnings.slice(0, MAX_ISSUES), ...more(warningsDropped.n + Math.max(0, stream.warnings.length - MAX_ISSUES), 'warnings')],
  })
}

run().catch((error: unknown) => {
  if (error instanceof StatementError) send({ type: 'fail', message: error.message, line: error.line })
  else send({ type: 'fail', message: null, line: null })
})
