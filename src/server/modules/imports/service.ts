// Statement imports: one pipeline serves the HTTP upload, its preview and the CLI. The rows come
// from a whole file held in memory (parse-file.ts) or, for a large CSV or OFX/QFX file, from the
// temp file read a chunk at a time (stream-source.ts); either way they are planned (plan.ts)
// and written (write.ts) a chunk at a time in ONE database transaction under a per-household lock,
// so a crash or kill leaves all of it or none of it while memory stays that of a chunk. A preview
// plans the same chunks and writes nothing. A member imports only into accounts they may write
// to. Past imports and undo live in history.ts, the saved CSV mappings in presets.ts.
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { open, readFile } from 'node:fs/promises'
import type { ImportResult } from '#src/contract/imports'
import { formatDay, localDate } from '#src/domain/dates'
import { detectFormat } from '#src/domain/import/parse'
import { STREAMED_FORMATS } from '#src/domain/import/stream'
import type { ParsedAccount, StatementFormat } from '#src/domain/import/types'
import type { Db, DbOrTx } from '#src/server/db/connect'
import { badRequest } from '#src/server/http/errors'
import type { SessionUser } from '#src/server/core/sessions'
import { memberScope, writableAccount } from '#src/server/core/scope'
import { settleBills } from '../bills/settle'
import { BANK_FORMATS, notAStatement, parseFile, type ImportInput, type ImportOptions, type ParsedFile } from './parse-file'
import { accountOf, addAccounts, startPlan, statementBalances, summary, tally, wholeFileRows, type Plan, type PlannedRow } from './plan'
import { decideChunk, startChunk, type StartedChunk } from './plan-chunk'
import * as repo from './repo'
import { STREAM_CHUNK_ROWS, streamStatement, type StreamChunk, type StreamEnd } from './stream-source'
import { finishWrite, startWrite, writeAccounts, writeChunk, type ImportProgress, type Writer } from './write'

/**
 * A file at least this large (CSV, OFX or QFX) is read as a stream, never held whole, in the import
 * worker: ~3,000 CSV rows, ~1,000 OFX ones. Below, it is parsed on the HTTP thread in a few tens of
 * ms. At 2 MB a 45,000-row CSV held every other request up to 411 ms there and peaked at 406 MB;
 * streamed it holds none over 16 ms at 328 MB, ~0.7 s slower (ADR 0040, fifth session).
 */
export const STREAM_MIN_BYTES = 128 * 1024
const HEAD_BYTES = 1 << 20

/** A statement stored in a file (an upload's temp file, the CLI's file): its size and SHA-256. */
export type StatementFile = { path: string; size: number; hash: string }

/** A statement file's size and SHA-256, read as a stream (the CLI's file). */
export async function statementFile(path: string): Promise<StatementFile> {
  const hash = createHash('sha256')
  let size = 0
  for await (const piece of createReadStream(path) as AsyncIterable<Buffer>) {
    hash.update(piece)
    size += piece.length
  }
  return { path, size, hash: hash.digest('hex') }
}

type FileFacts = { fileName: string; fileSize: number; fileHash: string }

/** Where an import's rows come from: the parsed whole file, or the chunks read from its temp file. */
type RowSource = { whole: true } | { whole: false; chunks: AsyncGenerator<StreamChunk, StreamEnd> }

/** Parses a statement held in memory and previews it (writes nothing) or imports it. */
export async function importStatement(
  db: Db,
  user: SessionUser,
  input: ImportInput,
  now: Date,
  onProgress?: ImportProgress,
): Promise<ImportResult> {
  // the chosen account first: its saved CSV mapping is read while parsing
  if (input.accountId !== undefined) writableAccount(await memberScope(db, user), input.accountId)
  const parsed = await parseFile(db, user, input)
  const rows = parsed.result.accounts.reduce((n, a) => n + a.transactions.length + (a.activities?.length ?? 0), 0)
  onProgress?.('parsed', rows)
  const file = { fileName: input.fileName, fileSize: input.bytes.length, fileHash: createHash('sha256').update(input.bytes).digest('hex') }
  return runImport(db, user, input, parsed, { whole: true }, file, now, onProgress)
}

/**
 * Imports (or previews) a statement stored in a file: a large CSV or OFX/QFX bank statement is
 * read as a stream, a chunk at a time; anything else is read whole.
 */
export async function importFile(
  db: Db,
  user: SessionUser,
  options: ImportOptions,
  file: StatementFile,
  now: Date,
  onProgress?: ImportProgress,
): Promise<ImportResult> {
  const head = await readHead(file.path)
  const format = streamedFormat(options, file, head)
  if (!format) return importStatement(db, user, { ...options, bytes: await readFile(file.path) }, now, onProgress)
  if (options.accountId !== undefined) writableAccount(await memberScope(db, user), options.accountId)
  // the head alone says the CSV's columns (given, saved or guessed); the rows come from the worker
  const fromHead = await parseFile(db, user, { ...options, format, bytes: wholeLines(head) })
  const parsed: ParsedFile = { ...fromHead, result: { format, accounts: [], errors: [], warnings: [] } }
  const facts = { fileName: options.fileName, fileSize: file.size, fileHash: file.hash }
  // columns that could not be guessed: the preview shows the mapping editor, an import refuses
  if (parsed.csvProblem) return runImport(db, user, options, fromHead, { whole: true }, facts, now, onProgress)
  const chunks = streamStatement({ path: file.path, format, mapping: parsed.csv?.mapping ?? null, chunkRows: STREAM_CHUNK_ROWS })
  return runImport(db, user, options, parsed, { whole: false, chunks }, facts, now, onProgress)
}

/** The format of a file read as a stream (a large CSV or OFX/QFX bank statement), else null: read whole. */
function streamedFormat(options: ImportOptions, file: StatementFile, head: Uint8Array): StatementFormat | null {
  if (file.size < STREAM_MIN_BYTES) return null
  const format = options.format ?? detectFormat(head, options.fileName)
  if (!format || !STREAMED_FORMATS.includes(format)) return null
  // an investment statement is read whole
  return format === 'csv' || !/<INVSTMTRS>/i.test(new TextDecoder('latin1').decode(head)) ? format : null
}

/** Whether a statement file is read as a stream (and so imported in the import worker). */
export async function streamsFile(options: ImportOptions, file: StatementFile): Promise<boolean> {
  if (file.size < STREAM_MIN_BYTES) return false
  return streamedFormat(options, file, await readHead(file.path)) !== null
}

async function readHead(path: string): Promise<Uint8Array> {
  const handle = await open(path, 'r')
  try {
    const buffer = Buffer.alloc(HEAD_BYTES)
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

/** The head up to its last line break: no half row for the CSV guess to trip on. */
function wholeLines(head: Uint8Array): Uint8Array {
  const last = head.lastIndexOf(10)
  return last > 0 ? head.subarray(0, last + 1) : head
}

async function runImport(
  db: Db,
  user: SessionUser,
  options: ImportOptions,
  parsed: ParsedFile,
  source: RowSource,
  file: FileFacts,
  now: Date,
  onProgress: ImportProgress | undefined,
): Promise<ImportResult> {
  try {
    // a CSV whose columns could not be guessed: a preview shows the mapping editor, an import refuses
    if (parsed.csvProblem && !options.preview) throw notAStatement(parsed.csvProblem, parsed.format)
    if (options.preview) {
      const scope = await memberScope(db, user)
      const plan = await startPlan(db, user, scope, options, parsed, null)
      await planRows(db, plan, source, null, onProgress)
      await statementBalances(db, plan, false)
      const earlier = await repo.findBatchByHash(db, user.householdId, file.fileHash, scope.noTransactions)
      if (earlier) {
        plan.warnings.unshift({ line: 0, message: `This very file was imported on ${formatDay(localDate(earlier.createdAt, user.timeZone), user.locale)}.` })
      }
      return summary(plan, null, true)
    }
    const result = await db.transaction(async (tx) => {
      await repo.lockHouseholdImports(tx, user.householdId)
      const writer = startWrite(tx, user, now)
      const plan = await startPlan(tx, user, await memberScope(tx, user), options, parsed, writer.batchId)
      await writeAccounts(writer, plan.accounts)
      await planRows(tx, plan, source, writer, onProgress)
      refuseEmpty(plan)
      const batchId = await finishWrite(writer, plan, file)
      // once per import, over the dates of the money out it wrote: the bills its payments settle
      if (writer.spending) await settleBills(tx, user.householdId, { today: localDate(now, user.timeZone), now, span: writer.spending })
      return summary(plan, batchId, false)
    })
    onProgress?.('written', result.added)
    return result
  } finally {
    // an import that stopped early closes its file
    if (!source.whole) await source.chunks.return({ accounts: [], errors: [], warnings: [] })
  }
}

/**
 * Plans every chunk of rows (writing each when there is a writer), then takes in the file's end.
 * A file of one account is pipelined: while a chunk is written, the next is read from the file,
 * its stored rows are read (asked before the write, so they come first on the connection) and it
 * is decided. Planning leaves the import's own rows out of the duplicates, and writing re-checks
 * the stored rows it turns into transfers, so the two need not wait for each other; the writes
 * stay in order. A file of several accounts writes each chunk before the next one's reads: a
 * transfer's legs may be chunks apart.
 */
async function planRows(db: DbOrTx, plan: Plan, source: RowSource, writer: Writer | null, onProgress: ImportProgress | undefined): Promise<void> {
  const inFlight: { write: Promise<void> | null; reads: Promise<unknown> | null } = { write: null, reads: null }
  let written = 0
  const settle = async (): Promise<void> => {
    const pending = inFlight.write
    inFlight.write = null
    await pending
  }
  const start = (rows: Parameters<typeof startChunk>[2]): StartedChunk => {
    const started = startChunk(db, plan, rows)
    // awaited when the chunk is decided; until then a failure is kept, not thrown unhandled
    inFlight.reads = started.reads.catch(() => undefined)
    return started
  }
  // a failed write aborts the transaction, and the next chunk's reads with it: its error is the one to tell
  const decide = async (started: StartedChunk): Promise<PlannedRow[]> => {
    const reads = await started.reads.catch(async (error: unknown) => {
      await settle()
      throw error
    })
    return decideChunk(db, plan, started.rows, reads)
  }
  const tail: { end: StreamEnd | null } = { end: null }
  /** The next chunk's rows with their accounts (created when writing), or null at the file's end. */
  const nextRows = async (): Promise<Parameters<typeof startChunk>[2] | null> => {
    if (source.whole) return null
    const next = await source.chunks.next()
    if (next.done) {
      tail.end = next.value
      return null
    }
    const added = await addAccounts(db, plan, next.value.accounts)
    if (writer) await writeAccounts(writer, added)
    return next.value.rows.map((r) => ({ account: accountOf(plan, r.key), t: r.t }))
  }
  try {
    const first = source.whole ? wholeFileRows(plan) : await nextRows()
    let current = first ? start(first) : null
    while (current) {
      const planned = await decide(current)
      if (!writer) {
        tally(plan, planned)
        onProgress?.('writing', plan.rowCount)
        const rows = await nextRows()
        current = rows ? start(rows) : null
        continue
      }
      // one account: the next chunk is read from the file and its reads asked before this chunk's write
      let rows = plan.accounts.length === 1 ? await nextRows() : undefined
      let next = rows && plan.accounts.length === 1 ? start(rows) : null
      await settle()
      let sent = (): void => undefined
      const insertSent = new Promise<void>((resolve) => (sent = resolve))
      const write = writeChunk(writer, plan, planned, sent).then(() => {
        written += planned.length
        onProgress?.('writing', written)
      })
      // awaited by the next step or at the end; until then a failure is kept, not thrown unhandled
      const settled = write.catch(() => undefined)
      inFlight.write = write
      // the write's few statements before its insert each need this thread for a moment: the next
      // chunk's work (deciding, parsing: ~30% of this thread's time) waits until the insert is
      // with the database, and then runs while the database executes it
      await Promise.race([insertSent, settled])
      // several accounts: the next chunk is read from the file while this one is written, and its
      // reads wait for the write
      if (rows === undefined) rows = await nextRows()
      if (rows && !next) {
        await settle()
        next = start(rows)
      }
      current = next
    }
    await settle()
    if (tail.end) await takeEnd(db, plan, tail.end, writer)
  } finally {
    // an import that stops early (a parse error) lets the statements in flight end before the rollback
    await inFlight.write?.catch(() => undefined)
    await inFlight.reads
  }
}

/** A stream's end: each account's name and balances as the whole file states them, and the problems. */
async function takeEnd(db: DbOrTx, plan: Plan, end: StreamEnd, writer: Writer | null): Promise<void> {
  const fresh: ParsedAccount[] = []
  for (const account of end.accounts) {
    const planned = plan.ctx.byKey.get(account.key)
    if (planned) Object.assign(planned.parsed, { ...account, transactions: [] })
    else fresh.push(account)
  }
  const added = await addAccounts(db, plan, fresh)
  if (writer) await writeAccounts(writer, added)
  plan.parsed.result.errors.push(...end.errors)
  plan.parsed.result.warnings.push(...end.warnings)
  plan.warnings.push(...end.warnings)
}

/** An import with nothing in it is refused (a bank statement of accounts without activity still brings them in). */
function refuseEmpty(plan: Plan): void {
  const { format } = plan.parsed
  const activities = plan.accounts.reduce((n, a) => n + (a.parsed.activities?.length ?? 0), 0)
  if (plan.rowCount + activities > 0) return
  const first = plan.parsed.result.errors[0]
  if (first) throw badRequest(`No row of the file could be read. ${first.message}`, 'PARSE_ERRORS', { format })
  if (!BANK_FORMATS.includes(format) || plan.accounts.length === 0) {
    const why = plan.parsed.result.warnings[0]
    throw badRequest(`There is nothing to import: the file has no transactions in it.${why ? ` ${why.message}` : ''}`, 'NO_TRANSACTIONS', { format })
  }
}

// For other modules: they reach this module's data here, never through repo.ts.
export { householdCategories } from './repo'
