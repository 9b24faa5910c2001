// Reads bank CSV exports. This file is the CSV reader's public entry and its parser: it turns
// rows into transactions with a column mapping, reporting every bad row. Beside it: the tolerant
// RFC 4180 record reader (csv-records.ts), the values of cells (csv-values.ts), header names in
// several languages (csv-headers.ts) and the guesser that proposes a mapping (csv-guess.ts).

import { absCents, asCents, negate, ZERO, type Cents } from '../money'
import type { IsoDate } from '../dates'
import { cleanText, emptyTransaction, IdUniquifier, isCurrencyCode, issue, newAccount, quoted, roundedToCents, roundedWarning } from './common'
import { lastFour } from '../accounts'
import { decodeStatement } from './decode'
import { ACCOUNT_HEADERS, CHECK_HEADERS, CURRENCY_HEADERS, normalizeHeader, STATUS_HEADERS } from './csv-headers'
import { guessFromText } from './csv-guess'
import { isBlankRecord, MAX_CELLS, offsetOfLine, readCsvRecords, readRecord, type CsvRecord } from './csv-records'
import { BALANCE_ROW, directionOf, guessDecimal, parseCsvAmount, parseCsvDate, PENDING, type Flag } from './csv-values'
import { StatementError, type CsvMapping, type ParseIssue, type ParseResult, type ParsedTransaction } from './types'

export { readCsvRecords, readCsvRecordStep, type CsvRecord } from './csv-records'
export { parseCsvDate } from './csv-values'
export { normalizeHeader } from './csv-headers'
export { guessCsvMapping, previewCsv, type CsvGuess } from './csv-guess'

function assertValidMapping(mapping: CsvMapping): void {
  const c = mapping.columns
  const indexes = [c.date, c.amount, c.debit, c.credit, c.payee, c.description, c.category, c.externalId, c.direction]
  if (indexes.some((i) => i !== undefined && (!Number.isInteger(i) || i < 0 || i > MAX_CELLS))) {
    throw new StatementError('The column mapping points at a column that cannot exist.')
  }
  if (c.amount === undefined && c.debit === undefined && c.credit === undefined) {
    throw new StatementError('Choose the amount column (or the debit and credit columns) before importing.')
  }
  if (!Number.isInteger(mapping.skipRows) || mapping.skipRows < 0) {
    throw new StatementError('The number of lines to skip must be a whole number, 0 or more.')
  }
}

/** Tracks whether a column holds one value on every row (the account number, the currency). */
class Uniform {
  private value: string | null | undefined = undefined

  add(raw: string | undefined): void {
    const v = cleanText(raw)
    if (v === '' || this.value === null) return
    if (this.value === undefined) this.value = v
    else if (v !== this.value) this.value = null
  }

  get(): string | null {
    return this.value ?? null
  }
}

/** "Ledger Balance","6,666.66" lines in the preamble above the header (OCBC and others). */
function preambleBalances(text: string, mapping: CsvMapping): { ledger: Cents | null; available: Cents | null } {
  const found: { ledger: Cents | null; available: Cents | null } = { ledger: null, available: null }
  if (mapping.skipRows === 0 || mapping.skipRows > 50) return found
  const { records } = readCsvRecords(text, mapping.delimiter)
  for (const r of records) {
    const label = normalizeHeader(r.cells[0] ?? '')
    const raw = (r.cells[1] ?? '').trim()
    if (raw === '' || !/balance|saldo|kontostand/.test(label)) continue
    const amount = parseCsvAmount(raw, guessDecimal([raw])).amount
    if (amount === null) continue
    if (/available|verfugbar|beschikbaar/.test(label)) found.available = amount
    else if (/ledger|current|closing|book|saldo|kontostand|^balance$/.test(label)) found.ledger = amount
  }
  return found
}

/** Parses CSV bytes with a mapping (from guessCsvMapping, edited by the user). */
export function parseCsv(bytes: Uint8Array, mapping: CsvMapping, maxRows?: number): ParseResult {
  assertValidMapping(mapping)
  return parseCsvText(decodeStatement(bytes, mapping.encoding).text, mapping, maxRows)
}

function parseCsvText(text: string, mapping: CsvMapping, maxRows?: number): ParseResult {
  const rows = csvRows(mapping, maxRows)
  let offset = offsetOfLine(text, mapping.skipRows)
  let lineNo = mapping.skipRows + 1
  while (offset < text.length) {
    const r = readRecord(text, offset, mapping.delimiter)
    const more = rows.record({ cells: r.cells, line: lineNo }, r.broken)
    lineNo += 1 + r.newlines
    offset = r.next
    if (!more) break
  }
  return rows.finish(text.slice(0, offsetOfLine(text, mapping.skipRows)))
}

/** The rows of a CSV file read one record at a time: the whole-file parser and the stream share it. */
export type CsvRows = {
  /** the next record after the skipped lines; false once `maxRows` transactions are read */
  record(record: CsvRecord, broken: boolean): boolean
  /** the transactions read so far, in file order; the last may still grow by a continuation row */
  transactions: ParsedTransaction[]
  errors: ParseIssue[]
  warnings: ParseIssue[]
  /** a stream gives each row its unique bank id as it takes it; finish() does the rows left */
  ids: IdUniquifier
  /** the account and its balances, once every record is read; `preamble` = the skipped lines */
  finish(preamble: string): ParseResult
}

export function csvRows(mapping: CsvMapping, maxRows?: number): CsvRows {
  assertValidMapping(mapping)
  const errors: ParseIssue[] = []
  const warnings: ParseIssue[] = []
  let header: string[] = []
  let headerRead = !mapping.hasHeader
  const c = mapping.columns
  const mapped = new Set([c.date, c.amount, c.debit, c.credit, c.payee, c.description, c.category, c.externalId, c.direction].filter((i) => i !== undefined))
  let statusColumn: number | undefined
  let checkColumn: number | undefined
  let currencyColumns: { index: number; values: Uniform }[] = []
  let accountColumns: { index: number; values: Uniform }[] = []
  const columns = (): void => {
    const extra = (names: Set<string>): number | undefined => {
      const i = header.findIndex((h, index) => names.has(h) && !mapped.has(index))
      return i === -1 ? undefined : i
    }
    statusColumn = extra(STATUS_HEADERS)
    checkColumn = extra(CHECK_HEADERS)
    // several columns may be called like the currency or the account ('Valuta' is also a value
    // date): watch them all and keep the first that holds one value throughout
    const watch = (names: Set<string>): { index: number; values: Uniform }[] =>
      header.flatMap((h, index) => (names.has(h) && !mapped.has(index) ? [{ index, values: new Uniform() }] : []))
    currencyColumns = watch(CURRENCY_HEADERS)
    accountColumns = watch(ACCOUNT_HEADERS)
  }
  columns()

  let transactions: ParsedTransaction[] = []
  let count = 0
  let newest: IsoDate | null = null
  const ids = new IdUniquifier()
  let last: { t: ParsedTransaction; payeeFromDescription: boolean } | null = null
  let stoppedAt: number | null = null
  const cell = (cells: string[], index: number | undefined): string => (index === undefined ? '' : (cells[index] ?? ''))

  const csvAmount = (raw: string, line: number): { amount: Cents | null; flag: Flag } => {
    let flag: Flag = null
    const read = roundedToCents(raw, (text) => {
      const parsed = parseCsvAmount(text, mapping.decimalSeparator)
      flag = parsed.flag
      return parsed.amount
    })
    if (read?.rounded) warnings.push(roundedWarning(line, raw, read.amount))
    return { amount: read?.amount ?? null, flag }
  }

  const record = (rec: CsvRecord, broken: boolean): boolean => {
    if (broken) warnings.push(issue(rec.line, 'the quotes on this line do not balance; it was split at every delimiter'))
    if (!headerRead) {
      if (isBlankRecord(rec.cells)) return true
      header = rec.cells.map(normalizeHeader)
      headerRead = true
      columns()
      return true
    }
    const cells = rec.cells
    if (isBlankRecord(cells)) return true
    const line = rec.line
    if (maxRows !== undefined && count >= maxRows) {
      stoppedAt = line
      return false
    }
    for (const w of currencyColumns) w.values.add(cells[w.index])
    for (const w of accountColumns) w.values.add(cells[w.index])
    const rawDate = cell(cells, c.date).trim()
    const rawAmount = cell(cells, c.amount).trim()
    const rawDebit = cell(cells, c.debit).trim()
    const rawCredit = cell(cells, c.credit).trim()
    const payeeText = cleanText(cell(cells, c.payee))
    const descriptionText = cleanText(cell(cells, c.description))

    if (rawDate === '') {
      if (rawAmount === '' && rawDebit === '' && rawCredit === '') {
        // a continuation row carries the rest of the previous row's description
        const more = cleanText([payeeText, descriptionText].filter((v) => v !== '').join(' '))
        if (more !== '' && last) {
          if (last.payeeFromDescription) last.t.payee = cleanText(`${last.t.payee} ${more}`)
          else last.t.memo = cleanText(`${last.t.memo} ${more}`)
        } else if (more !== '') {
          warnings.push(issue(line, 'a row without a date or amount was skipped'))
        }
        return true
      }
      errors.push(issue(line, 'the row has no date'))
      return true
    }
    if (BALANCE_ROW.test(payeeText) || BALANCE_ROW.test(descriptionText) || (BALANCE_ROW.test(rawDate) && !/\d/.test(rawDate))) {
      warnings.push(issue(line, `${quoted(payeeText || descriptionText || rawDate)} states a balance, not a transaction; it was skipped`))
      return true
    }
    const status = statusColumn === undefined ? '' : cleanText(cells[statusColumn]).toLowerCase()
    if (PENDING.test(rawDate) || status === 'pending' || status.includes('vorgemerkt')) {
      warnings.push(issue(line, 'a pending transaction was skipped; import it again once the bank has booked it'))
      return true
    }
    const date = parseCsvDate(rawDate, mapping.dateFormat)
    if (!date) {
      errors.push(issue(line, `${quoted(rawDate)} is not a valid date`))
      return true
    }

    let amount: Cents
    let flag: Flag = null
    if (c.amount !== undefined) {
      if (rawAmount === '') {
        errors.push(issue(line, 'the row has no amount'))
        return true
      }
      const parsed = csvAmount(rawAmount, line)
      if (parsed.amount === null) {
        errors.push(issue(line, `${quoted(rawAmount)} is not an amount`))
        return true
      }
      amount = mapping.signConvention === 'inverted' ? negate(parsed.amount) : parsed.amount
      flag = parsed.flag
    } else {
      if (rawDebit === '' && rawCredit === '') {
        errors.push(issue(line, 'the row has no amount in the debit or credit column'))
        return true
      }
      const debit = rawDebit === '' ? null : csvAmount(rawDebit, line)
      const credit = rawCredit === '' ? null : csvAmount(rawCredit, line)
      if (debit && debit.amount === null) {
        errors.push(issue(line, `${quoted(rawDebit)} is not an amount`))
        return true
      }
      if (credit && credit.amount === null) {
        errors.push(issue(line, `${quoted(rawCredit)} is not an amount`))
        return true
      }
      // a debit column holds spending whether it is written 12.00 or -12.00
      amount = asCents(absCents(credit?.amount ?? ZERO) - absCents(debit?.amount ?? ZERO))
    }
    for (let i = 0; i < cells.length && flag === null; i++) {
      if (mapped.has(i)) continue
      const v = (cells[i] ?? '').trim()
      if (v.length === 2) {
        const u = v.toUpperCase()
        if (u === 'CR' || u === 'DR') flag = u
      }
    }
    if (c.direction !== undefined) {
      const rawDirection = cell(cells, c.direction).trim()
      const direction = directionOf(rawDirection, mapping.directionValues)
      if (direction === null) {
        const names = mapping.directionValues ?? { debit: ['Af', 'DR', 'D', 'debit'], credit: ['Bij', 'CR', 'C', 'credit'] }
        errors.push(issue(line, `${quoted(rawDirection)} in the direction column is neither money out (${names.debit.join(', ')}) nor money in (${names.credit.join(', ')})`))
        return true
      }
      amount = direction < 0 ? negate(absCents(amount)) : absCents(amount)
    } else if (flag === 'CR') amount = absCents(amount)
    else if (flag === 'DR') amount = negate(absCents(amount))

    const t = emptyTransaction(line, date, amount)
    const payeeFromDescription = payeeText === ''
    t.payee = payeeFromDescription ? descriptionText : payeeText
    t.memo = payeeFromDescription ? '' : descriptionText
    const id = cleanText(cell(cells, c.externalId))
    t.externalId = id === '' ? null : id
    const category = cleanText(cell(cells, c.category))
    t.category = category === '' ? null : category
    const check = checkColumn === undefined ? '' : cleanText(cells[checkColumn])
    t.checkNumber = check === '' ? null : check
    transactions.push(t)
    count++
    if (newest === null || t.date > newest) newest = t.date
    last = { t, payeeFromDescription }
    return true
  }

  const rows: CsvRows = {
    record,
    get transactions() {
      return transactions
    },
    set transactions(list: ParsedTransaction[]) {
      transactions = list
    },
    errors,
    warnings,
    ids,
    finish(preamble: string): ParseResult {
      if (stoppedAt !== null) {
        warnings.push(issue(stoppedAt, `only the first ${String(maxRows)} transactions were read`))
      }
      const accountId = accountColumns.map((w) => w.values.get()).find((v) => v !== null) ?? null
      const currency = currencyColumns.map((w) => w.values.get()?.toUpperCase()).find(isCurrencyCode) ?? null
      const last4 = lastFour(accountId)
      const type = mapping.signConvention === 'inverted' ? 'credit_card' : 'checking'
      const account = newAccount(accountId ?? 'csv', last4 ? `Account ••${last4}` : 'Imported account', type, last4, currency)
      account.transactions = transactions
      const found = preambleBalances(preamble, mapping)
      if (count > 0 && newest !== null && (found.ledger !== null || found.available !== null)) {
        // the preamble says no date: the balances stand as of the newest transaction
        if (found.ledger !== null) account.ledgerBalance = { amount: found.ledger, date: newest }
        if (found.available !== null) account.availableBalance = { amount: found.available, date: newest }
      }
      for (const t of transactions) ids.apply(t, warnings)
      if (count === 0 && errors.length === 0) {
        warnings.push({ line: mapping.skipRows + 1, message: 'The file has no transactions in it.' })
      }
      return { format: 'csv', accounts: [account], errors, warnings }
    },
  }
  return rows
}

/** Parses with a guessed mapping; refuses a file where no date and amount columns show up. */
export function parseCsvGuessing(bytes: Uint8Array, maxRows?: number): ParseResult {
  const { text, encoding } = decodeStatement(bytes)
  const guess = guessFromText(text, encoding)
  if (!guess.confident) {
    throw new StatementError(
      'Kinwise could not find the date and amount columns in this file. If it is a bank CSV export, choose its columns by hand.',
    )
  }
  const result = parseCsvText(text, guess.mapping, maxRows)
  const line = guess.mapping.skipRows + 1
  for (const note of guess.notes) result.warnings.push(issue(line, `guessed: ${note}; change the column mapping if this is wrong`))
  return result
}
