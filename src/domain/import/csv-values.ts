// The values of CSV cells: dates in the formats banks write them, amounts with their sign, CR/DR
// flag and decimal separator, and the marks of a pending row.

import { parseDecimalToCents, type Cents } from '../money'
import type { IsoDate } from '../dates'
import { dateFromParts, plainCents } from './common'
import type { CsvDateFormat, CsvDirectionValues } from './types'

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

// '19.04.2019', '2019-04-19 10:00', '2019.04.19.' (Hungary), '19. 4. 2019' (Czechia)
const NUMERIC_DATE = /^(\d{1,4})[/.-] ?(\d{1,2})[/.-] ?(\d{2,4})\.?(?:[\sT,].*)?$/

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
  if (format === 'MMM D, YYYY') {
    const m = /^([A-Za-zÀ-ÿ]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})$/.exec(s)
    const month = m ? monthNumber(m[1] ?? '') : null
    return m && month !== null ? dateFromParts(Number(m[3]), month, Number(m[2])) : null
  }
  if (format === 'YYYY.MM.DD.' && !/^\d{4}\. ?\d{1,2}\. ?\d{1,2}\.?$/.test(s)) return null
  const m = NUMERIC_DATE.exec(s)
  if (!m) return null
  const [, a = '', b = '', c = ''] = m
  if (format === 'YYYY-MM-DD' || format === 'YYYY.MM.DD.') return a.length === 4 ? dateFromParts(Number(a), Number(b), Number(c)) : null
  if (a.length > 2) return null
  const fourDigits = format.endsWith('YYYY')
  if (fourDigits ? c.length !== 4 : c.length !== 2) return null
  const year = twoDigitYear(c)
  return format.startsWith('MM') ? dateFromParts(year, Number(a), Number(b)) : dateFromParts(year, Number(b), Number(a))
}

export const ALL_DATE_FORMATS: CsvDateFormat[] = [
  // before YYYY-MM-DD, which reads the same dates: a dotted file gets its own format
  'YYYY.MM.DD.',
  'YYYY-MM-DD',
  'DD.MM.YYYY',
  'DD/MM/YYYY',
  'MM/DD/YYYY',
  'DD.MM.YY',
  'DD/MM/YY',
  'MM/DD/YY',
  'DD-MMM-YYYY',
  'YYYYMMDD',
  'MMM D, YYYY',
]

export function looksLikeDate(value: string): boolean {
  const v = value.trim()
  if (v === '' || v.length > 40) return false
  const first = v.charCodeAt(0)
  if (first < 48 || first > 57) return /^[A-Za-z]{3,9}\.? \d{1,2}, \d{4}$/.test(v) && parseCsvDate(v, 'MMM D, YYYY') !== null
  return ALL_DATE_FORMATS.some((f) => parseCsvDate(v, f) !== null)
}

export const PENDING = /^(pending|vorgemerkt|in behandeling|en attente|pendiente|in sospeso|pendente|nevyřízeno|oczekuje)$/i

export type Flag = 'CR' | 'DR' | null

/** "+ £1,100.00", "-$7,971.39", "12,50 CR", "−3,40": cents with an optional CR/DR flag. */
export function parseCsvAmount(raw: string, decimal: '.' | ','): { amount: Cents | null; flag: Flag } {
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

export function guessDecimal(values: string[]): '.' | ',' {
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

/** The values of a direction column most banks write, by what they mean. */
export const DIRECTION_VALUES: CsvDirectionValues = {
  debit: ['af', 'debit', 'debet', 'dr', 'd', 'db', 's', 'soll', 'out', 'withdrawal', 'charge', 'sale', 'purchase', 'payment out', '-'],
  credit: ['bij', 'credit', 'cr', 'c', 'h', 'haben', 'in', 'deposit', 'payment in', '+'],
}

/** 'Bij', ' DR ', 'Débit' → 'bij', 'dr', 'debit': how direction values are compared. */
export function directionKey(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .trim()
    .toLowerCase()
    .replace(/\.$/, '')
}

/** -1 money out, 1 money in, null a value the mapping does not name. */
export function directionOf(value: string, values: CsvDirectionValues = DIRECTION_VALUES): -1 | 1 | null {
  const key = directionKey(value)
  if (values.debit.some((v) => directionKey(v) === key)) return -1
  if (values.credit.some((v) => directionKey(v) === key)) return 1
  return null
}

/** A row that states a balance rather than a movement ('Saldo anterior', 'Opening balance'). */
export const BALANCE_ROW =
  /^(?:saldo (?:anterior|inicial|final|actual|atual|iniziale|finale|al|a fecha|precedente)|(?:opening|closing|previous|starting|ending|final|initial|new|old) balance|balance (?:brought|carried) forward|balance b\/?f|balance c\/?f|anfangssaldo|endsaldo|schlusssaldo|alter kontostand|neuer kontostand|kontostand|beginsaldo|eindsaldo|solde (?:initial|final|precedent|précédent|anterieur|antérieur|au)|stan poczatkowy|stan koncowy|pocatecni zustatek|konecny zustatek)\b/i
