// Guesses the mapping of a bank CSV export: the delimiter, the header after a preamble, the
// decimal comma, the date format and each column's role; and previews rows with a mapping.

import { cleanText } from './common'
import { decodeStatement } from './decode'
import { DIRECTION_HEADERS, findColumn, headerMatches, normalizeHeader, ROLE_WORDS } from './csv-headers'
import { isBlankRecord, offsetOfLine, readCsvRecords } from './csv-records'
import { ALL_DATE_FORMATS, directionOf, guessDecimal, looksLikeDate, parseCsvAmount, parseCsvDate, PENDING } from './csv-values'
import { CSV_DELIMITERS, type CsvColumns, type CsvDateFormat, type CsvMapping } from './types'

function sniffDelimiter(text: string): CsvMapping['delimiter'] {
  const sample = text.slice(0, offsetOfLine(text.slice(0, 200_000), 60))
  let best: CsvMapping['delimiter'] = ','
  let bestScore = -1
  for (const delimiter of CSV_DELIMITERS) {
    const { records } = readCsvRecords(sample, delimiter, 0, 60)
    const counts = new Map<number, number>()
    for (const r of records) {
      const c = r.cells.length
      if (c < 2) continue
      counts.set(c, (counts.get(c) ?? 0) + 1)
    }
    let score = 0
    for (const [cells, freq] of counts) {
      // rows with one column more or less (a trailing delimiter) count for half
      const near = (counts.get(cells - 1) ?? 0) + (counts.get(cells + 1) ?? 0)
      score = Math.max(score, (freq * 2 + near) * 1000 + cells)
    }
    if (score > bestScore) {
      best = delimiter
      bestScore = score
    }
  }
  return best
}

function guessDateFormat(values: string[], decimal: '.' | ','): CsvDateFormat | null {
  const samples = values.map((v) => v.trim()).filter((v) => v !== '' && !PENDING.test(v))
  if (samples.length === 0) return null
  let best: CsvDateFormat[] = []
  let bestCount = 0
  for (const f of ALL_DATE_FORMATS) {
    const count = samples.filter((v) => parseCsvDate(v, f) !== null).length
    if (count > bestCount) {
      best = [f]
      bestCount = count
    } else if (count === bestCount && count > 0) {
      best.push(f)
    }
  }
  if (best.length === 0) return null
  const first = samples.find((v) => looksLikeDate(v)) ?? ''
  const separator = /^\d{1,2}([/.-])/.exec(first)?.[1]
  const bySeparator = best.filter((f) => (separator === '.' ? f.includes('.') : separator === '/' ? f.includes('/') : true))
  const candidates = bySeparator.length > 0 ? bySeparator : best
  // day-first and month-first both fit: Europe writes decimal commas, the US does not
  const dayFirst = candidates.find((f) => f.startsWith('DD'))
  const monthFirst = candidates.find((f) => f.startsWith('MM'))
  if (dayFirst && monthFirst) return decimal === ',' ? dayFirst : monthFirst
  return candidates[0] ?? null
}

function columnValues(rows: string[][], index: number | undefined): string[] {
  if (index === undefined) return []
  return rows.map((r) => r[index] ?? '').filter((v) => v.trim() !== '')
}

function mostlyDates(values: string[]): boolean {
  const real = values.filter((v) => !PENDING.test(v.trim()))
  return real.length > 0 && real.filter(looksLikeDate).length >= real.length * 0.6
}

function mostlyAmounts(values: string[]): boolean {
  if (values.length === 0) return false
  const ok = values.filter((v) => {
    const r = parseCsvAmount(v, guessDecimal([v]))
    return r.amount !== null && /\d/.test(v)
  })
  return ok.length >= values.length * 0.8
}

export type CsvGuess = { mapping: CsvMapping; headers: string[]; sampleRows: string[][] }

/** `notes`: what was guessed where the file could mean more than one thing, for the preview */
type DetailedGuess = CsvGuess & { confident: boolean; notes: string[] }

function guessDetailed(bytes: Uint8Array): DetailedGuess {
  const { text, encoding } = decodeStatement(bytes)
  return guessFromText(text, encoding)
}

export function guessFromText(text: string, encoding: string): DetailedGuess {
  const delimiter = sniffDelimiter(text)
  const { records } = readCsvRecords(text.slice(0, offsetOfLine(text.slice(0, 400_000), 120)), delimiter, 0, 120)
  const widths = records.map((r) => r.cells.length)
  const modal = mode(widths.filter((w) => w >= 2)) ?? 1

  // the header is the first wide row whose names we know, with dates somewhere below it
  let headerIndex = -1
  let firstDataIndex = -1
  const hasDate = records.map((r) => r.cells.some(looksLikeDate))
  // a data row has a date and an amount; an account line above the header may show a date alone
  const isData = (cells: string[]): boolean =>
    cells.some(looksLikeDate) && cells.some((c) => /\d[.,]\d{1,2}\b|^\s*[-+]?\d+\s*$/.test(c) && !looksLikeDate(c) && parseCsvAmount(c, guessDecimal([c])).amount !== null)
  for (let r = 0; r < Math.min(records.length, 40); r++) {
    const rec = records[r]
    if (!rec || rec.cells.length < Math.max(2, modal - 1)) continue
    const datesBelow = hasDate.slice(r + 1, r + 12).some(Boolean)
    const known = rec.cells.reduce((sum, c) => sum + headerMatches(c), 0)
    if (!isData(rec.cells) && ((known >= 2 && datesBelow) || known >= 4)) {
      headerIndex = r
      break
    }
    if (hasDate[r] && isData(rec.cells)) {
      firstDataIndex = r
      break
    }
  }
  if (headerIndex === -1 && firstDataIndex > 0) {
    const prev = records[firstDataIndex - 1]
    if (prev && prev.cells.length >= Math.max(2, modal - 1) && !prev.cells.some((c) => /\d/.test(c) && looksLikeDate(c))) {
      headerIndex = firstDataIndex - 1
    }
  }
  const hasHeader = headerIndex !== -1
  const dataStart = hasHeader ? headerIndex + 1 : Math.max(firstDataIndex, 0)
  const headerRecord = hasHeader ? records[headerIndex] : undefined
  const skipRows = hasHeader ? (headerRecord?.line ?? 1) - 1 : (records[dataStart]?.line ?? 1) - 1
  const dataRows = records
    .slice(dataStart)
    .filter((r) => !isBlankRecord(r.cells))
    .map((r) => r.cells)
  const width = Math.max(modal, headerRecord?.cells.length ?? 0)
  const headers = hasHeader
    ? (headerRecord?.cells ?? []).map((h, i) => cleanText(h) || `Column ${String(i + 1)}`)
    : Array.from({ length: width }, (_, i) => `Column ${String(i + 1)}`)
  const normalized = hasHeader ? (headerRecord?.cells ?? []).map(normalizeHeader) : []

  const sample = dataRows.slice(0, 50)
  const taken = new Set<number>()
  const pick = (role: keyof typeof ROLE_WORDS): number | undefined => {
    const i = findColumn(normalized, ROLE_WORDS[role], taken)
    if (i !== undefined) taken.add(i)
    return i
  }
  const columns: CsvColumns = { date: -1 }
  const notes: string[] = []
  let date = pick('date')
  if (date === undefined || !mostlyDates(columnValues(sample, date))) {
    if (date !== undefined) taken.delete(date)
    date = undefined
    for (let i = 0; i < width; i++) {
      if (!taken.has(i) && mostlyDates(columnValues(sample, i))) {
        date = i
        taken.add(i)
        break
      }
    }
  }
  columns.date = date ?? 0
  const amount = pick('amount')
  if (amount !== undefined && mostlyAmounts(columnValues(sample, amount))) {
    columns.amount = amount
  } else {
    if (amount !== undefined) taken.delete(amount)
    const debit = pick('debit')
    const credit = pick('credit')
    if (debit !== undefined) columns.debit = debit
    if (credit !== undefined) columns.credit = credit
    const pair = debit === undefined && credit === undefined ? complementaryPair(sample, width, taken) : null
    if (pair) {
      columns.debit = pair[0]
      columns.credit = pair[1]
      taken.add(pair[0])
      taken.add(pair[1])
      notes.push(
        `${headers[pair[0]] ?? ''} and ${headers[pair[1]] ?? ''} are filled in turn: the first was taken for money out, the second for money in (most banks write withdrawals first)`,
      )
    } else if (debit === undefined && credit === undefined) {
      for (let i = 0; i < width; i++) {
        const values = columnValues(sample, i)
        if (!taken.has(i) && values.some((v) => /[.,]\d{1,2}\b/.test(v)) && mostlyAmounts(values) && !mostlyDates(values)) {
          columns.amount = i
          taken.add(i)
          break
        }
      }
    }
  }
  const payee = pick('payee')
  if (payee !== undefined) columns.payee = payee
  const description = pick('description')
  if (description !== undefined) columns.description = description
  if (payee === undefined && description === undefined) {
    // the widest text column describes the transaction
    let bestColumn = -1
    let bestLength = 0
    for (let i = 0; i < width; i++) {
      if (taken.has(i)) continue
      const values = columnValues(sample, i)
      if (values.length === 0 || mostlyAmounts(values) || mostlyDates(values)) continue
      const avg = values.reduce((s, v) => s + v.trim().length, 0) / values.length
      if (avg > bestLength) {
        bestLength = avg
        bestColumn = i
      }
    }
    if (bestColumn !== -1) {
      columns.description = bestColumn
      taken.add(bestColumn)
    }
  }
  const category = pick('category')
  if (category !== undefined) columns.category = category
  const externalId = pick('externalId')
  if (externalId !== undefined && columnValues(sample, externalId).length >= sample.length * 0.5) columns.externalId = externalId

  const amountValues = [...columnValues(sample, columns.amount), ...columnValues(sample, columns.debit), ...columnValues(sample, columns.credit)]
  const decimalSeparator = guessDecimal(amountValues)
  const dateFormat = guessDateFormat(columnValues(sample, columns.date), decimalSeparator) ?? 'YYYY-MM-DD'

  // a card export writes charges as plain numbers and marks payments with '+' or 'CR'
  let signConvention: CsvMapping['signConvention'] = 'as-is'
  if (columns.amount !== undefined) {
    const values = columnValues(sample, columns.amount)
    const anyNegative = values.some((v) => /^\s*\(|-|\u2212/.test(v) || /\bDR\b/i.test(v))
    const marked = values.some((v) => /^\s*\+/.test(v) || /\bCR\b/i.test(v)) || sample.some((r) => r.some((c) => /^\s*CR\s*$/i.test(c)))
    if (!anyNegative && marked) signConvention = 'inverted'
  }

  if (columns.amount !== undefined) {
    const direction = directionColumn(sample, width, taken, normalized, columnValues(sample, columns.amount))
    if (direction !== undefined) {
      columns.direction = direction
      taken.add(direction)
      const seen = [...new Set(columnValues(sample, direction).map((v) => v.trim()))]
      const out = seen.filter((v) => directionOf(v) === -1)
      const into = seen.filter((v) => directionOf(v) === 1)
      notes.push(
        `the column ${headers[direction] ?? ''} says the direction: ${out.join(', ') || 'debit'} was taken for money out, ${into.join(', ') || 'credit'} for money in`,
      )
    }
  }

  const mapping: CsvMapping = {
    delimiter,
    decimalSeparator,
    dateFormat,
    skipRows,
    hasHeader,
    columns,
    signConvention,
    encoding,
  }
  const confident = date !== undefined && (columns.amount !== undefined || columns.debit !== undefined || columns.credit !== undefined)
  return { mapping, headers, sampleRows: dataRows.slice(0, 10), confident, notes }
}

/**
 * Two amount columns where each row fills one and leaves the other empty (withdrawals and
 * deposits without a header that names them), or null.
 */
function complementaryPair(sample: string[][], width: number, taken: Set<number>): [number, number] | null {
  const money: number[] = []
  for (let i = 0; i < width; i++) {
    const values = columnValues(sample, i)
    if (!taken.has(i) && values.length > 0 && values.some((v) => /[.,]\d{1,2}\b/.test(v)) && mostlyAmounts(values) && !mostlyDates(values)) money.push(i)
  }
  for (let a = 0; a < money.length; a++) {
    for (let b = a + 1; b < money.length; b++) {
      const i = money[a] ?? 0
      const j = money[b] ?? 0
      const filled = (row: string[], k: number) => (row[k] ?? '').trim() !== '' && !/^0+(?:[.,]0+)?$/.test((row[k] ?? '').trim())
      const rows = sample.filter((r) => filled(r, i) || filled(r, j))
      const oneOfTwo = rows.filter((r) => filled(r, i) !== filled(r, j)).length
      const both = rows.some((r) => filled(r, i)) && rows.some((r) => filled(r, j))
      if (rows.length >= 2 && both && oneOfTwo >= rows.length * 0.9) return [i, j]
    }
  }
  return null
}

/**
 * A column that says whether an unsigned amount is money out or in: named like one ('Af Bij',
 * 'Debit/Credit') or holding only such values of both kinds ('DR'/'CR', 'D'/'C').
 */
function directionColumn(sample: string[][], width: number, taken: Set<number>, headers: string[], amounts: string[]): number | undefined {
  if (amounts.some((v) => /^\s*[-(\u2212]|-\s*$/.test(v))) return undefined
  for (let i = 0; i < width; i++) {
    if (taken.has(i)) continue
    const values = columnValues(sample, i)
    if (values.length === 0 || values.length < sample.length * 0.8) continue
    const kinds = values.map((v) => directionOf(v))
    if (kinds.some((k) => k === null)) continue
    const named = DIRECTION_HEADERS.has(headers[i] ?? '')
    if (named || (kinds.includes(-1) && kinds.includes(1) && values.every((v) => v.trim().length <= 6))) return i
  }
  return undefined
}

function mode(values: number[]): number | null {
  const counts = new Map<number, number>()
  let best: number | null = null
  let bestCount = 0
  for (const v of values) {
    const c = (counts.get(v) ?? 0) + 1
    counts.set(v, c)
    if (c > bestCount) {
      best = v
      bestCount = c
    }
  }
  return best
}

/** A best-guess mapping for a CSV export, with its headers and first rows for the user to check. */
export function guessCsvMapping(bytes: Uint8Array): CsvGuess {
  const { mapping, headers, sampleRows } = guessDetailed(bytes)
  return { mapping, headers, sampleRows }
}

/**
 * The cells of the first `rows` records after the skipped lines, as the mapping splits them
 * (the header row first when the mapping has one), for the mapping editor's preview.
 */
export function previewCsv(bytes: Uint8Array, mapping: CsvMapping, rows: number): string[][] {
  const { text } = decodeStatement(bytes, mapping.encoding)
  const { records } = readCsvRecords(text, mapping.delimiter, mapping.skipRows, Math.max(0, rows) + 200)
  return records
    .filter((r) => !isBlankRecord(r.cells))
    .slice(0, Math.max(0, rows))
    .map((r) => r.cells)
}
