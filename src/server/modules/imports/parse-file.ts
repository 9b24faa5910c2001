// Reads an uploaded statement, before and outside any database transaction: the format (given
// or detected), the QIF date order (given or guessed) and the CSV mapping (given, saved for the
// account, or guessed). Whatever a parser throws becomes a clear 400 that names the format
// when it is known (the `format` field of the JSON error), never a 500.
import type { ImportResult } from '#src/contract/imports'
import { detectFormat, guessCsvMapping, guessQifDateOrder, parseStatement, previewCsv, StatementError } from '#src/domain/import/parse'
import type { CsvMapping, ParseResult, QifDateOrder, StatementFormat } from '#src/domain/import/types'
import type { DbOrTx } from '#src/server/db/connect'
import { badRequest, type AppError } from '#src/server/http/errors'
import type { SessionUser } from '#src/server/core/sessions'
import { savedMapping } from './presets'

export type ImportOverride = { line: number; row?: number | undefined; status: 'new' | 'skip' }
export type CategoryChoiceInput = { row: number; categoryId: string | null }

export type ImportInput = {
  bytes: Uint8Array
  fileName: string
  accountId?: string
  format?: StatementFormat
  mapping?: CsvMapping
  qifDateOrder?: QifDateOrder
  overrides?: readonly ImportOverride[]
  /** categories the user chose in the review, by row */
  categories?: readonly CategoryChoiceInput[]
  preview: boolean
}

/** What an import was asked to do, apart from the file's bytes (a streamed file is not held). */
export type ImportOptions = Omit<ImportInput, 'bytes'>

export const BANK_FORMATS: readonly StatementFormat[] = ['ofx', 'qfx', 'camt']

export function notAStatement(message: string, format?: StatementFormat): AppError {
  return badRequest(message, 'NOT_A_STATEMENT', format ? { format } : {})
}

export type CsvInfo = NonNullable<ImportResult['csv']>

export type ParsedFile = {
  result: ParseResult
  format: StatementFormat
  csv: CsvInfo | null
  /** a CSV whose columns could not be guessed: a preview shows the mapping editor, a commit refuses */
  csvProblem: string | null
  qifDateOrder: QifDateOrder | null
}

function statementMessage(error: StatementError): string {
  return error.line !== null && !/^Line \d+/.test(error.message) ? `Line ${error.line}: ${error.message}` : error.message
}

/** What a parser threw, as a clear 400 (never a 500). */
export function unreadable(error: unknown, format?: StatementFormat): AppError {
  if (error instanceof StatementError) return notAStatement(statementMessage(error), format)
  return notAStatement('Kinwise could not read this file: it is damaged or in an unexpected layout.', format)
}

/** Runs a parser step; whatever it throws becomes a clear 400, never a 500. */
function parsing<T>(work: () => T, format?: StatementFormat): T {
  try {
    return work()
  } catch (error) {
    throw unreadable(error, format)
  }
}

function columnNames(cells: string[] | undefined, width: number): string[] {
  return Array.from({ length: Math.max(width, cells?.length ?? 0) }, (_, i) => cells?.[i]?.trim() || `Column ${String(i + 1)}`)
}

export async function parseFile(db: DbOrTx, user: SessionUser, input: ImportInput): Promise<ParsedFile> {
  const { bytes } = input
  if (bytes.length === 0) throw notAStatement('The file is empty.')
  const format = input.format ?? parsing(() => detectFormat(bytes, input.fileName))
  if (!format) throw notAStatement('Kinwise cannot read this file: it is not an OFX, QFX, QIF, CSV or CAMT bank statement.')
  if (format === 'qif') {
    const order = input.qifDateOrder ?? parsing(() => guessQifDateOrder(bytes), format)
    return { result: parsing(() => parseStatement(bytes, { format, qifDateOrder: order }), format), format, csv: null, csvProblem: null, qifDateOrder: order }
  }
  if (format !== 'csv') return { result: parsing(() => parseStatement(bytes, { format }), format), format, csv: null, csvProblem: null, qifDateOrder: null }

  const requested = input.mapping ?? null
  const mapping = requested ?? (await savedMapping(db, user.householdId, input.accountId))
  const result = mapping ? parsing(() => parseStatement(bytes, { format, csv: mapping }), format) : null
  // a saved mapping that reads no row of this file was made for another layout: guess instead
  const fits = result !== null && (requested !== null || result.errors.length === 0 || result.accounts.some((a) => a.transactions.length > 0))
  if (mapping && result && fits) {
    const first = parsing(() => previewCsv(bytes, mapping, 11), format)
    const width = Math.max(0, ...first.map((r) => r.length))
    const headers = mapping.hasHeader ? columnNames(first[0], width) : columnNames(undefined, width)
    const sampleRows = first.slice(mapping.hasHeader ? 1 : 0, (mapping.hasHeader ? 1 : 0) + 10)
    return { result, format, csv: { mapping, source: requested ? 'request' : 'preset', headers, sampleRows }, csvProblem: null, qifDateOrder: null }
  }
  const guess = parsing(() => guessCsvMapping(bytes), format)
  const csv: CsvInfo = { mapping: guess.mapping, source: 'guess', headers: guess.headers, sampleRows: guess.sampleRows }
  try {
    return { result: parseStatement(bytes, { format }), format, csv, csvProblem: null, qifDateOrder: null }
  } catch (error) {
    if (!(error instanceof StatementError)) throw error
    const message = statementMessage(error)
    const result: ParseResult = { format, accounts: [], errors: [{ line: 1, message }], warnings: [] }
    return { result, format, csv, csvProblem: message, qifDateOrder: null }
  }
}

