// The statement-import entry point that the server's import service and the web preview call:
// detects the format, runs the right parser and guarantees that any file, however broken or
// hostile, ends as a ParseResult or a StatementError (never a TypeError or a hang).

import { byLine, issue } from './common'
import { parseCamt } from './camt'
import { parseCsv, parseCsvGuessing } from './csv'
import { assertNotBinary, trailingJunk } from './decode'
import { detectFormat } from './detect'
import { parseOfx } from './ofx'
import { investmentsWithinBounds } from './invest'
import { parseQif } from './qif'
import { StatementError, type ParseIssue, type ParseOptions, type ParseResult } from './types'

// The rest of the public API lives beside its parser; callers import all of it from here.
export { detectFormat } from './detect'
export { guessCsvMapping, previewCsv } from './csv'
export { guessQifDateOrder } from './qif'
export { StatementError } from './types'

function run(whole: Uint8Array, options: ParseOptions): ParseResult {
  assertNotBinary(whole)
  const junk = trailingJunk(whole)
  const bytes = junk > 0 ? whole.subarray(0, whole.length - junk) : whole
  const result = read(bytes, options)
  if (junk > 0) {
    let lines = 1
    for (const b of bytes) if (b === 0x0a) lines++
    result.warnings.push(issue(lines, 'the file ends with padding (NUL or other control bytes) after its last tag; it was ignored'))
  }
  return result
}

function read(bytes: Uint8Array, options: ParseOptions): ParseResult {
  const format = options.format ?? detectFormat(bytes)
  switch (format) {
    case 'ofx':
    case 'qfx':
      return parseOfx(bytes, format)
    case 'qif':
      return parseQif(bytes, options.qifDateOrder)
    case 'camt':
      return parseCamt(bytes)
    case 'csv':
      return options.csv ? parseCsv(bytes, options.csv, options.maxRows) : parseCsvGuessing(bytes, options.maxRows)
    default:
      throw new StatementError('Kinwise cannot read this file: it is not an OFX, QFX, QIF, CSV or CAMT bank statement.')
  }
}

function limitRows(result: ParseResult, maxRows: number | undefined): ParseResult {
  if (maxRows === undefined) return result
  let left = Math.max(0, Math.floor(maxRows))
  let cutAt: number | null = null
  for (const account of result.accounts) {
    if (account.transactions.length > left) {
      cutAt ??= account.transactions[left]?.line ?? null
      account.transactions = account.transactions.slice(0, left)
    }
    left -= account.transactions.length
  }
  if (cutAt !== null) result.warnings.push(issue(cutAt, `only the first ${String(maxRows)} transactions were read`))
  return result
}

/**
 * Parses a bank statement file. Rows that cannot be read become `errors` (each naming its line)
 * while the good rows are still returned; a file that is not a statement at all throws
 * StatementError.
 */
export function parseStatement(bytes: Uint8Array, options: ParseOptions = {}): ParseResult {
  let result: ParseResult
  try {
    result = withinBounds(limitRows(run(bytes, options), options.maxRows))
  } catch (error) {
    if (error instanceof StatementError) throw error
    // a bug must not reach the user as a crash: say the file could not be read
    const reason = error instanceof RangeError ? 'it is too large or too deeply nested' : 'it is damaged or in an unexpected layout'
    throw new StatementError(`Kinwise could not read this file: ${reason}.`)
  }
  result.errors = capIssues(result.errors.sort(byLine), 'rows could not be read')
  result.warnings = capIssues(result.warnings.sort(byLine), 'warnings')
  return result
}

/** The API's bounds (contract/common.ts): amounts below ten billion, years 1900 to 2200. */
export const MAX_IMPORT_CENTS = 1_000_000_000_000
const inYears = (date: string): boolean => date >= '1900-01-01' && date <= '2200-12-31'

/** OFX caps a FITID at 255 characters; a longer id is no id (and would not fit an index). */
export const MAX_EXTERNAL_ID = 255

/** A row whose amount or date no one could have meant becomes an error, like an unreadable one. */
function withinBounds(result: ParseResult): ParseResult {
  const longId = (line: number) =>
    result.warnings.push(issue(line, `its id is longer than ${MAX_EXTERNAL_ID} characters: a re-import matches it by date, amount and payee instead`))
  for (const account of result.accounts) {
    for (const t of account.transactions)
      if (t.externalId !== null && t.externalId.length > MAX_EXTERNAL_ID) {
        longId(t.line)
        t.externalId = null
      }
    for (const a of account.activities ?? [])
      if (a.externalId.length > MAX_EXTERNAL_ID) {
        longId(a.line)
        a.externalId = ''
      }
    investmentsWithinBounds(account, result.errors)
    account.transactions = account.transactions.filter((t) => {
      if (Math.abs(t.amount) >= MAX_IMPORT_CENTS) result.errors.push(issue(t.line, 'the amount is too large (10,000,000,000 or more)'))
      else if (!inYears(t.date)) result.errors.push(issue(t.line, `the date ${t.date} is not between 1900 and 2200`))
      else return true
      return false
    })
    for (const key of ['ledgerBalance', 'availableBalance'] as const) {
      const balance = account[key]
      if (balance && (Math.abs(balance.amount) >= MAX_IMPORT_CENTS || !inYears(balance.date))) account[key] = null
    }
  }
  return result
}

const MAX_ISSUES = 1000

/** Nobody reads a million errors: keep the first thousand and say how many more there were. */
function capIssues(issues: ParseIssue[], what: string): ParseIssue[] {
  if (issues.length <= MAX_ISSUES) return issues
  const last = issues[issues.length - 1]
  const kept = issues.slice(0, MAX_ISSUES)
  kept.push({ line: last?.line ?? 0, message: `…and ${String(issues.length - MAX_ISSUES)} more ${what} like these` })
  return kept
}
