// Small helpers shared by the statement parsers: text cleaning, amounts in text to exact cents,
// calendar dates from parts, account naming, and the issues (errors/warnings) they report.

import { asCents, parseDecimalToCents, type Cents } from '../money'
import type { IsoDate } from '../dates'
import { CompactStringSet } from './string-set'
import type { AccountType, ParseIssue, ParsedAccount, ParsedTransaction } from './types'

/** Trims and collapses every run of whitespace (including no-break spaces) to one space. */
export function cleanText(value: string | null | undefined): string {
  if (!value) return ''
  if (!MESSY_SPACE.test(value)) return value
  return value.replace(/[\s\u00a0\u202f]+/g, ' ').trim()
}

const MESSY_SPACE = /^[\s\u00a0\u202f]|[\s\u00a0\u202f]$|[\s\u00a0\u202f]{2}|[^\S ]|[\u00a0\u202f]/

/** A value quoted for a message, cut short so a hostile 10 MB cell cannot flood the UI. */
export function quoted(value: string): string {
  const v = value.length > 40 ? `${value.slice(0, 40)}…` : value
  return `"${v}"`
}

/** 1234 → '12.34', -5 → '-0.05': exact, for messages. */
export function centsText(cents: number): string {
  const abs = Math.abs(cents)
  return `${cents < 0 ? '-' : ''}${String(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`
}

export function issue(line: number, message: string): ParseIssue {
  return { line, message: `Line ${line}: ${message}` }
}

/** 'Checking ••5678', or just 'Checking' when the number is unknown. */
export function accountName(label: string, last4: string | null): string {
  return last4 ? `${label} ••${last4}` : label
}

export function isCurrencyCode(value: string | null | undefined): value is string {
  return !!value && /^[A-Z]{3}$/.test(value)
}

/** A real calendar date from numbers, or null (2021-02-30 is null). */
export function dateFromParts(year: number, month: number, day: number): IsoDate | null {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return null
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  const days = month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31
  if (day > days) return null
  return `${String(year)}-${month < 10 ? '0' : ''}${String(month)}-${day < 10 ? '0' : ''}${String(day)}`
}

/**
 * The fast path for the plain amounts most files use ("-12.34", "5", "+0.5", "-200,00"):
 * digits with an optional sign and at most two decimals after one '.' or ',' (or only after
 * `decimal` when given). Exact integer
 * arithmetic; null for anything else, which then goes through parseDecimalToCents.
 */
export function plainCents(s: string, decimal?: '.' | ','): Cents | null {
  const n = s.length
  if (n === 0 || n > 15) return null
  let i = 0
  let negative = false
  const first = s.charCodeAt(0)
  if (first === 45 || first === 43) {
    negative = first === 45
    i = 1
  }
  let whole = 0
  let digits = 0
  while (i < n) {
    const c = s.charCodeAt(i)
    if (c < 48 || c > 57) break
    whole = whole * 10 + (c - 48)
    digits++
    i++
  }
  let frac = 0
  if (i < n) {
    const c = s.charCodeAt(i)
    if (decimal === undefined ? c !== 46 && c !== 44 : c !== decimal.charCodeAt(0)) return null
    const decimals = n - i - 1
    if (decimals < 1 || decimals > 2) return null
    for (let k = i + 1; k < n; k++) {
      const d = s.charCodeAt(k)
      if (d < 48 || d > 57) return null
      frac = frac * 10 + (d - 48)
    }
    if (decimals === 1) frac *= 10
  } else if (digits === 0) {
    return null
  }
  if (digits === 0 && frac === 0 && i >= n) return null
  const value = whole * 100 + frac
  if (!Number.isSafeInteger(value)) return null
  return asCents(negative && value !== 0 ? -value : value)
}

/**
 * An amount written by a bank with an unknown decimal mark: "-200,00", "1,183.23", "12.5".
 * The last of '.' or ',' is the decimal mark, except a single ',' or '.' followed by exactly
 * three digits with another one of the same before it ("1.234.567").
 */
export function parseAmountGuessingSeparator(text: string): Cents | null {
  const s = text.trim()
  const quick = plainCents(s)
  if (quick !== null) return quick
  const lastDot = s.lastIndexOf('.')
  const lastComma = s.lastIndexOf(',')
  if (lastComma === -1) return parseDecimalToCents(s, '.')
  if (lastDot === -1) {
    // "1,234" is a thousand, "12,34" and "-200,00" are decimals
    const decimals = s.length - lastComma - 1
    const commas = s.split(',').length - 1
    if (decimals === 3 && (commas > 1 || /^\D*\d{1,3},\d{3}\D*$/.test(s))) return parseDecimalToCents(s, '.')
    return parseDecimalToCents(s, ',')
  }
  return parseDecimalToCents(s, lastComma > lastDot ? ',' : '.')
}

/**
 * Like parseDecimalToCents with '.', but rounds sub-cent values half away from zero, for
 * investment totals written with more decimals ("1344.2745"). Exact: no floating point.
 */
export function parseAmountRounded(text: string): Cents | null {
  const exact = parseAmountGuessingSeparator(text)
  if (exact !== null) return exact
  const m = /^\s*([+-]?)(\d*)[.,](\d+)\s*$/.exec(text)
  if (!m) return null
  const [, sign = '', whole = '', frac = ''] = m
  if (whole === '' && frac === '') return null
  let cents = Number(`${whole === '' ? '0' : whole}${frac.slice(0, 2).padEnd(2, '0')}`)
  if ((frac.charCodeAt(2) || 48) >= 53) cents += 1
  if (!Number.isSafeInteger(cents)) return null
  return asCents(sign === '-' && cents !== 0 ? -cents : cents)
}

/**
 * An amount the bank wrote with more decimals than cents ("+00000000000115.8331"), rounded half
 * away from zero to whole cents, with the warning that says so; `parse` reads the amount cut to
 * two decimals. Null when the text is no amount even then. Exact: no floating point.
 */
export function roundedToCents(
  raw: string,
  parse: (text: string) => Cents | null,
): { amount: Cents; rounded: boolean } | null {
  const exact = parse(raw)
  if (exact !== null) return { amount: exact, rounded: false }
  const m = /^(.*\d[.,]\d{2})(\d+)(\D*)$/.exec(raw.trim())
  if (!m) return null
  const [, head = '', dropped = '', tail = ''] = m
  const cut = parse(head + tail)
  if (cut === null) return null
  if (/^0*$/.test(dropped)) return { amount: cut, rounded: false }
  const up = dropped.charCodeAt(0) >= 53
  const negative = cut < 0 || (cut === 0 && /-|\(/.test(raw))
  const amount = up ? (negative ? cut - 1 : cut + 1) : cut
  return { amount: asCents(amount === 0 ? 0 : amount), rounded: true }
}

/** The warning for an amount roundedToCents rounded. */
export function roundedWarning(line: number, raw: string, amount: Cents): ParseIssue {
  return issue(line, `${quoted(raw.trim())} has more decimals than cents; it was rounded to ${centsText(amount)}`)
}

export function newAccount(
  key: string,
  name: string,
  type: AccountType,
  numberLast4: string | null = null,
  currency: string | null = null,
): ParsedAccount {
  return { key, name, numberLast4, type, currency, ledgerBalance: null, availableBalance: null, transactions: [] }
}

/**
 * Two rows of one account that share a bank id would be taken for one duplicate by the
 * importer; the later ones get '#2', '#3'… so re-importing the same file still matches them.
 */
export function makeExternalIdsUnique(account: ParsedAccount, warnings: ParseIssue[]): void {
  const ids = new IdUniquifier()
  for (const t of account.transactions) ids.apply(t, warnings)
}

const encoder = new TextEncoder()
const decoder = new TextDecoder()

/**
 * A copy of a string that holds nothing else alive: a substring of 13 characters or more is a
 * view of the text it was cut from, so keeping ids of a streamed file would keep every piece of
 * the file they came from.
 */
function ownCopy(text: string): string {
  return text.length < 13 ? text : decoder.decode(encoder.encode(text))
}

/**
 * makeExternalIdsUnique one row at a time, in file order (a stream sees each row once). The ids
 * seen are kept outside the heap (a streamed file has a million of them).
 */
export class IdUniquifier {
  private readonly seen = new CompactStringSet()
  private readonly counts = new Map<string, number>()

  apply(t: ParsedTransaction, warnings: ParseIssue[]): void {
    if (t.externalId === null) return
    if (this.seen.add(t.externalId)) return
    const count = (this.counts.get(t.externalId) ?? 1) + 1
    this.counts.set(count === 2 ? ownCopy(t.externalId) : t.externalId, count)
    warnings.push(issue(t.line, `the bank id ${quoted(t.externalId)} is used by more than one transaction; both are kept`))
    t.externalId = `${t.externalId}#${String(count)}`
    this.seen.add(t.externalId)
  }
}

export function emptyTransaction(line: number, date: IsoDate, amount: Cents): ParsedTransaction {
  return {
    line,
    date,
    amount,
    payee: '',
    memo: '',
    externalId: null,
    checkNumber: null,
    category: null,
    transferAccount: null,
    splits: [],
  }
}

export function byLine(a: ParseIssue, b: ParseIssue): number {
  return a.line - b.line
}

/** The calendar date as written in an OFX date (20090401122017.000[-5:EST] → 2009-04-01). */
export function parseOfxDate(value: string | null | undefined): IsoDate | null {
  if (!value) return null
  const s = value.trim()
  if (s.length < 8) return null
  let n = 0
  for (let i = 0; i < 8; i++) {
    const c = s.charCodeAt(i) - 48
    if (c < 0 || c > 9) return null
    n = n * 10 + c
  }
  return dateFromParts(Math.floor(n / 10_000), Math.floor(n / 100) % 100, n % 100)
}
