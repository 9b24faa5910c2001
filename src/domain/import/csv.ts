// Reads bank CSV exports: a tolerant RFC 4180 record reader (broken quotes, CR CR LF, stray
// delimiters), a guesser that proposes a column mapping (delimiter, header after a preamble,
// decimal comma, date format, column roles from header names in several languages), and the
// parser that turns rows into transactions with that mapping, reporting every bad row.

import { absCents, asCents, negate, parseDecimalToCents, ZERO, type Cents } from '../money'
import type { IsoDate } from '../dates'
import { cleanText, dateFromParts, plainCents, emptyTransaction, IdUniquifier, isCurrencyCode, issue, newAccount, quoted } from './common'
import { lastFour } from '../accounts'
import { decodeStatement } from './decode'
import {
  CSV_DELIMITERS,
  StatementError,
  type CsvColumns,
  type CsvDateFormat,
  type CsvMapping,
  type ParseIssue,
  type ParseResult,
  type ParsedTransaction,
} from './types'

// ---------------------------------------------------------------------------------------
// Records

export type CsvRecord = { cells: string[]; line: number }

const MAX_FIELD_LINES = 20
const MAX_FIELD_CHARS = 100_000
const MAX_CELLS = 2_000

/** `open`: a quoted field was still open at the end of the text (more text may close it) */
type RecordRead = { cells: string[]; next: number; newlines: number; broken: boolean; open?: boolean }

function endOfLine(text: string, pos: number): number {
  const nl = text.indexOf('\n', pos)
  return nl === -1 ? text.length : nl
}

function unquoteNaive(cell: string): string {
  const c = cell.trim()
  if (c.length >= 2 && c.startsWith('"') && c.endsWith('"')) return c.slice(1, -1).replace(/""/g, '"')
  return cell.replace(/^\s*"|"\s*$/g, '')
}

/** A line whose quotes do not balance is split at every delimiter, quotes stripped per cell. */
function readNaive(text: string, pos: number, delimiter: string): RecordRead {
  const eol = endOfLine(text, pos)
  const d = delimiter.charCodeAt(0)
  const cells: string[] = []
  let start = pos
  for (let k = pos; k <= eol && cells.length < MAX_CELLS; k++) {
    if (k === eol || text.charCodeAt(k) === d) {
      cells.push(unquoteNaive(text.slice(start, k)))
      start = k + 1
    }
  }
  return { cells, next: eol + 1, newlines: 0, broken: true }
}

function readRecord(text: string, pos: number, delimiter: string): RecordRead {
  const n = text.length
  const d = delimiter.charCodeAt(0)
  const cells: string[] = []
  let newlines = 0
  let i = pos
  // the next line break ahead, found once and carried forward so long lines stay linear
  let nextNewline = text.indexOf('\n', pos)
  for (;;) {
    // a quoted field may be preceded by spaces ("a, "b"")
    let q = i
    if (d !== 9) while (q < n && text.charCodeAt(q) === 32) q++
    if (q < n && text.charCodeAt(q) === 34 /* " */) {
      let j = q + 1
      let chunk = j
      let value = ''
      let closed = false
      let fieldLines = 0
      let close: number | undefined = 0
      for (;;) {
        close = text.indexOf('"', j)
        const limit = close === -1 ? n : close
        while (nextNewline !== -1 && nextNewline < limit && fieldLines <= MAX_FIELD_LINES) {
          fieldLines++
          nextNewline = text.indexOf('\n', nextNewline + 1)
        }
        if (close === -1 && fieldLines <= MAX_FIELD_LINES && n - q <= MAX_FIELD_CHARS) close = undefined
        if (close === undefined || close === -1 || fieldLines > MAX_FIELD_LINES || close - q > MAX_FIELD_CHARS) break
        if (text.charCodeAt(close + 1) === 34) {
          value += text.slice(chunk, close + 1)
          j = close + 2
          chunk = j
          continue
        }
        // a quote that spans lines must really end its field, else it was a stray quote
        if (fieldLines > 0) {
          let k = close + 1
          while (k < n && text.charCodeAt(k) === 32) k++
          if (k < n && text.charCodeAt(k) !== d && text.charCodeAt(k) !== 10) break
        }
        value += text.slice(chunk, close)
        j = close + 1
        closed = true
        break
      }
      if (!closed) {
        const naive = readNaive(text, pos, delimiter)
        // an unclosed quote within the field limits may yet close further on in a stream
        if (close === undefined) naive.open = true
        return naive
      }
      // anything between the closing quote and the delimiter stays part of the cell
      let k = j
      while (k < n) {
        const c = text.charCodeAt(k)
        if (c === d || c === 10) break
        k++
      }
      if (k > j) value += text.slice(j, k).trimEnd()
      cells.push(value)
      newlines += fieldLines
      i = k
    } else {
      let k = i
      while (k < n) {
        const c = text.charCodeAt(k)
        if (c === d || c === 10) break
        k++
      }
      let value = text.slice(i, k)
      // a field missing its opening quote ends with a stray one: NL77RABO0311467415"
      if (value.endsWith('"') && value.indexOf('"') === value.length - 1) value = value.slice(0, -1)
      cells.push(value)
      i = k
    }
    if (i >= n) return { cells, next: n, newlines, broken: false }
    if (text.charCodeAt(i) === 10) return { cells, next: i + 1, newlines, broken: false }
    i++ // the delimiter
    if (cells.length >= MAX_CELLS) {
      const eol = endOfLine(text, i)
      return { cells, next: eol + 1, newlines, broken: true }
    }
  }
}

/**
 * The record at `pos` of a text that may go on (a stream): null when it reaches the end of what
 * has arrived and more text could change it (unless `final`).
 */
export function readCsvRecordStep(text: string, pos: number, delimiter: string, final: boolean): RecordRead | null {
  const r = readRecord(text, pos, delimiter)
  if (final) return r
  const n = text.length
  if (r.open === true || r.next > n || (r.next === n && text.charCodeAt(n - 1) !== 10)) return null
  return r
}

function offsetOfLine(text: string, lineIndex: number): number {
  let offset = 0
  for (let l = 0; l < lineIndex; l++) {
    const nl = text.indexOf('\n', offset)
    if (nl === -1) return text.length
    offset = nl + 1
  }
  return offset
}

/** Records from the physical line `skipLines` on, each with the 1-based line it starts on. */
export function readCsvRecords(
  text: string,
  delimiter: string,
  skipLines = 0,
  maxRecords = Number.POSITIVE_INFINITY,
): { records: CsvRecord[]; brokenLines: number[] } {
  const records: CsvRecord[] = []
  const brokenLines: number[] = []
  let offset = offsetOfLine(text, skipLines)
  let line = skipLines + 1
  while (offset < text.length && records.length < maxRecords) {
    const r = readRecord(text, offset, delimiter)
    records.push({ cells: r.cells, line })
    if (r.broken) brokenLines.push(line)
    line += 1 + r.newlines
    offset = r.next
  }
  return { records, brokenLines }
}

// ---------------------------------------------------------------------------------------
// Dates and amounts

const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12,
  jän: 1, jaen: 1, mär: 3, mrz: 3, maer: 3, mrt: 3, mai: 5, mei: 5, okt: 10, dez: 12,
  janv: 1, fev: 2, févr: 2, mars: 3, avr: 4, juin: 6, juil: 7, aou: 8, août: 8, déc: 12,
}

function monthNumber(name: string): number | null {
  const n = name.toLowerCase().replace(/\.$/, '')
  return MONTHS[n] ?? MONTHS[n.slice(0, 4)] ?? MONTHS[n.slice(0, 3)] ?? null
}

function twoDigitYear(yy: string): number {
  const y = Number(yy)
  return yy.length === 4 ? y : y < 70 ? 2000 + y : 1900 + y
}

const NUMERIC_DATE = /^(\d{1,4})[/.-](\d{1,2})[/.-](\d{2,4})(?:[\sT,].*)?$/

/** Parses a CSV date cell in a given format (separators are accepted loosely). */
export function parseCsvDate(raw: string, format: CsvDateFormat): IsoDate | null {
  const s = raw.trim()
  if (format === 'YYYYMMDD') {
    const m = /^(\d{4})(\d{2})(\d{2})(?:\D.*)?$/.exec(s)
    return m ? dateFromParts(Number(m[1]), Number(m[2]), Number(m[3])) : null
  }
  if (format === 'DD-MMM-YYYY') {
    const m = /^(\d{1,2})[\s/.-]+([A-Za-zÀ-ÿ]{3,5}\.?)[\s/.,-]+(\d{4}|\d{2})(?:\s.*)?$/.exec(s)
    if (!m) return null
    const month = monthNumber(m[2] ?? '')
    return month === null ? null : dateFromParts(twoDigitYear(m[3] ?? ''), month, Number(m[1]))
  }
  const m = NUMERIC_DATE.exec(s)
  if (!m) return null
  const [, a = '', b = '', c = ''] = m
  if (format === 'YYYY-MM-DD') return a.length === 4 ? dateFromParts(Number(a), Number(b), Number(c)) : null
  if (a.length > 2) return null
  const fourDigits = format.endsWith('YYYY')
  if (fourDigits ? c.length !== 4 : c.length !== 2) return null
  const year = twoDigitYear(c)
  return format.startsWith('MM') ? dateFromParts(year, Number(a), Number(b)) : dateFromParts(year, Number(b), Number(a))
}

const ALL_DATE_FORMATS: CsvDateFormat[] = [
  'YYYY-MM-DD',
  'DD.MM.YYYY',
  'DD/MM/YYYY',
  'MM/DD/YYYY',
  'DD.MM.YY',
  'DD/MM/YY',
  'MM/DD/YY',
  'DD-MMM-YYYY',
  'YYYYMMDD',
]

function looksLikeDate(value: string): boolean {
  const v = value.trim()
  if (v === '' || v.length > 40) return false
  const first = v.charCodeAt(0)
  if (first < 48 || first > 57) return false
  return ALL_DATE_FORMATS.some((f) => parseCsvDate(v, f) !== null)
}

const PENDING = /^(pending|vorgemerkt|in behandeling|en attente|pendiente|in sospeso|pendente|nevyřízeno|oczekuje)$/i

type Flag = 'CR' | 'DR' | null

/** "+ £1,100.00", "-$7,971.39", "12,50 CR", "−3,40": cents with an optional CR/DR flag. */
function parseCsvAmount(raw: string, decimal: '.' | ','): { amount: Cents | null; flag: Flag } {
  const quick = plainCents(raw.trim(), decimal)
  if (quick !== null) return { amount: quick, flag: null }
  let s = raw.trim().replace(/\u2212/g, '-')
  let flag: Flag = null
  const m = /^(CR|DR)\b\s*|\s*\b(CR|DR)\.?$/i.exec(s)
  if (m) {
    flag = (m[1] ?? m[2] ?? '').toUpperCase() === 'CR' ? 'CR' : 'DR'
    s = s.replace(m[0], '')
  }
  return { amount: parseDecimalToCents(s, decimal), flag }
}

// ---------------------------------------------------------------------------------------
// Guessing the mapping

/** 'Zaúčtovaná částka' → 'zauctovana castka', 'Withdrawals (SGD)' → 'withdrawals sgd'. */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}

type RoleWords = { exact: string[]; contains: string[]; never?: string[] }

const ROLE_WORDS: Record<'date' | 'amount' | 'debit' | 'credit' | 'payee' | 'description' | 'category' | 'externalId', RoleWords> = {
  date: {
    exact: [
      'date', 'transaction date', 'booking date', 'posting date', 'posted date', 'date processed', 'trans date',
      'transaction posted date', 'buchungstag', 'buchungsdatum', 'datum', 'datum zauctovani', 'datum provedeni',
      'boekdatum', 'transactiedatum', 'fecha', 'fecha operacion', 'data', 'data operazione', 'date operation',
      'date de l operation', 'data ksiegowania', 'datum transakce', 'started date', 'completed date',
    ],
    contains: ['date', 'datum', 'fecha', 'data', 'buchungstag'],
    never: ['value', 'valuta', 'rente', 'wertstellung', 'valeur', 'update'],
  },
  amount: {
    exact: [
      'amount', 'transaction amount', 'betrag', 'umsatz', 'bedrag', 'zauctovana castka', 'castka', 'montant',
      'importo', 'importe', 'kwota', 'belopp', 'beloeb', 'summe', 'amount eur', 'amount gbp', 'amount usd',
    ],
    contains: ['amount', 'betrag', 'bedrag', 'castka', 'montant', 'importe', 'importo', 'kwota', 'belopp'],
    never: ['original', 'oorspr', 'puvodni', 'saldo', 'balance', 'fee', 'poplatek', 'gebuhr', 'kurs', 'koers', 'rate', 'foreign'],
  },
  debit: {
    exact: ['debit', 'debet', 'withdrawal', 'withdrawals', 'outflow', 'paid out', 'money out', 'ausgang', 'soll', 'debit amount', 'af', 'uitgaven'],
    contains: ['withdrawal', 'debit', 'debet', 'outflow', 'paid out', 'money out', 'ausgang'],
    never: ['card', 'type', 'credit'],
  },
  credit: {
    exact: ['credit', 'deposit', 'deposits', 'inflow', 'paid in', 'money in', 'eingang', 'haben', 'credit amount', 'bij', 'inkomsten'],
    contains: ['deposit', 'credit', 'inflow', 'paid in', 'money in', 'eingang'],
    never: ['card', 'type', 'debit', 'limit'],
  },
  payee: {
    exact: [
      'payee', 'name', 'naam tegenpartij', 'beguenstigter zahlungspflichtiger', 'begunstigter zahlungspflichtiger',
      'zahlungsempfaenger', 'zahlungsempfanger', 'empfaenger', 'empfanger', 'auftraggeber empfaenger',
      'nazev protiuctu', 'counterparty name', 'counterparty', 'merchant', 'merchant name', 'beneficiary', 'tegenpartij',
      'nom', 'beneficiario', 'payee name', 'recipient', 'partner name',
    ],
    contains: ['payee', 'merchant', 'beguenstigter', 'begunstigter', 'empfaenger', 'empfanger', 'tegenpartij', 'counterparty', 'protiuctu'],
    never: ['iban', 'account', 'rekening', 'konto', 'bic', 'adres', 'address', 'cislo', 'bank'],
  },
  description: {
    exact: [
      'description', 'transaction description', 'omschrijving', 'omschrijving 1', 'verwendungszweck', 'buchungstext',
      'details', 'transaction details', 'narrative', 'zprava', 'zprava pro prijemce', 'popis', 'text', 'libelle',
      'descripcion', 'causale', 'particulars', 'booking text', 'purpose', 'mitteilung', 'memo', 'reference', 'concepto',
      'vrije mededeling', 'tytul',
    ],
    contains: ['description', 'omschrijving', 'verwendungszweck', 'buchungstext', 'details', 'narrative', 'libelle', 'memo'],
  },
  category: {
    exact: ['category', 'categorie', 'kategorie', 'categoria', 'category name'],
    contains: [],
  },
  externalId: {
    exact: [
      'id', 'transaction id', 'id transakce', 'volgnr', 'transactiereferentie', 'reference number', 'transaction reference',
      'fitid', 'unique id', 'bank reference', 'referenz', 'transaction number', 'reference id',
    ],
    contains: [],
  },
}

const CURRENCY_HEADERS = new Set(['currency', 'munt', 'waehrung', 'wahrung', 'mena', 'mena uctu', 'devise', 'valuta', 'ccy', 'currency code'])
const ACCOUNT_HEADERS = new Set([
  'iban bban', 'iban', 'rekeningnummer', 'account', 'account number', 'auftragskonto', 'iban auftraggeberkonto', 'cislo uctu', 'konto',
])
const CHECK_HEADERS = new Set(['checknumber', 'check number', 'check', 'check no', 'cheque number', 'cheque no', 'chq no'])
const STATUS_HEADERS = new Set(['status', 'info', 'state', 'stav'])

const wordStarts = new Map<string, RegExp>()

/** True when `word` starts a word of the header ('withdrawals sgd' has 'withdrawal'). */
function hasWord(header: string, word: string): boolean {
  let re = wordStarts.get(word)
  if (!re) {
    re = new RegExp(`(^|\\s)${word}`)
    wordStarts.set(word, re)
  }
  return re.test(header)
}

function findColumn(headers: string[], words: RoleWords, taken: Set<number>): number | undefined {
  for (const word of words.exact) {
    const i = headers.findIndex((h, index) => h === word && !taken.has(index))
    if (i !== -1) return i
  }
  for (const word of words.contains) {
    const i = headers.findIndex(
      (h, index) => !taken.has(index) && hasWord(h, word) && !(words.never ?? []).some((never) => h.includes(never)),
    )
    if (i !== -1) return i
  }
  return undefined
}

function headerMatches(cell: string): number {
  const h = normalizeHeader(cell)
  if (h === '') return 0
  let score = 0
  for (const words of Object.values(ROLE_WORDS)) {
    if (words.exact.includes(h)) score += 2
    else if (words.contains.some((w) => h.includes(w))) score += 1
  }
  return score
}

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

function isBlankRecord(cells: string[]): boolean {
  return cells.every((c) => c.trim() === '')
}

function guessDecimal(values: string[]): '.' | ',' {
  let comma = 0
  let dot = 0
  for (const raw of values) {
    const v = raw.replace(/[^\d.,]/g, '')
    if (/,\d{1,2}$/.test(v) && !/\.\d{1,2}$/.test(v)) comma++
    else if (/\.\d{1,2}$/.test(v)) dot++
    else if (/\d\.\d{3},/.test(v)) comma++
    else if (/\d,\d{3}\./.test(v)) dot++
  }
  return comma > dot ? ',' : '.'
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

type DetailedGuess = CsvGuess & { confident: boolean }

function guessDetailed(bytes: Uint8Array): DetailedGuess {
  const { text, encoding } = decodeStatement(bytes)
  return guessFromText(text, encoding)
}

function guessFromText(text: string, encoding: string): DetailedGuess {
  const delimiter = sniffDelimiter(text)
  const { records } = readCsvRecords(text.slice(0, offsetOfLine(text.slice(0, 400_000), 120)), delimiter, 0, 120)
  const widths = records.map((r) => r.cells.length)
  const modal = mode(widths.filter((w) => w >= 2)) ?? 1

  // the header is the first wide row whose names we know, with dates somewhere below it
  let headerIndex = -1
  let firstDataIndex = -1
  const hasDate = records.map((r) => r.cells.some(looksLikeDate))
  for (let r = 0; r < Math.min(records.length, 40); r++) {
    const rec = records[r]
    if (!rec || rec.cells.length < Math.max(2, modal - 1)) continue
    const datesBelow = hasDate.slice(r + 1, r + 12).some(Boolean)
    const known = rec.cells.reduce((sum, c) => sum + headerMatches(c), 0)
    if (!hasDate[r] && ((known >= 2 && datesBelow) || known >= 4)) {
      headerIndex = r
      break
    }
    if (hasDate[r]) {
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
    if (debit === undefined && credit === undefined) {
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
  return { mapping, headers, sampleRows: dataRows.slice(0, 10), confident }
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

// ---------------------------------------------------------------------------------------
// Parsing with a mapping

function assertValidMapping(mapping: CsvMapping): void {
  const c = mapping.columns
  const indexes = [c.date, c.amount, c.debit, c.credit, c.payee, c.description, c.category, c.externalId]
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
  const mapped = new Set([c.date, c.amount, c.debit, c.credit, c.payee, c.description, c.category, c.externalId].filter((i) => i !== undefined))
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
      const parsed = parseCsvAmount(rawAmount, mapping.decimalSeparator)
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
      const debit = rawDebit === '' ? null : parseCsvAmount(rawDebit, mapping.decimalSeparator)
      const credit = rawCredit === '' ? null : parseCsvAmount(rawCredit, mapping.decimalSeparator)
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
    if (flag === 'CR') amount = absCents(amount)
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
  return parseCsvText(text, guess.mapping, maxRows)
}
