// Exchange rates and conversion to the household's base currency.
//
// A rate says: on `date`, one `currency` is worth `rate` units of `quote`. A conversion on a day
// uses the latest rate on or before that day. Only pairs with the base are used: the direct pair
// (currency → base), or the inverse pair (base → currency, taken as 1 / rate) when that is what
// is known; on the same day the direct pair wins. No cross rate is made up through a third
// currency (a EUR → GBP rate does not convert EUR to a USD base even with a GBP → USD rate): a
// figure the household did not enter stays missing. A missing rate is null, never 1.
//
// Pure: no clock, no I/O.

import { isIsoDate, type IsoDate } from './dates'
import { asCents, type Cents } from './money'

export type Rate = { currency: string; quote: string; date: IsoDate; rate: number }

/** Where a stored rate came from: typed in, a CSV file, or a rates provider. */
export const RATE_SOURCES = ['manual', 'csv', 'provider'] as const

/**
 * A rate is at least a billionth and less than a billion: both it and its inverse (a pair is
 * read either way round) stay ordinary numbers. A rate such as 2e-323 has no finite inverse.
 */
export const MIN_RATE = 0.000_000_001
export const MAX_RATE = 1_000_000_000

export function isRate(value: number): boolean {
  return Number.isFinite(value) && value >= MIN_RATE && value < MAX_RATE
}
export type RateSource = (typeof RATE_SOURCES)[number]

type Series = { dates: IsoDate[]; rates: number[] }

export type RateBook = {
  base: string
  /** per currency, its value in the base currency by date, dates ascending */
  readonly series: ReadonlyMap<string, Series>
}

const code = (c: string): string => c.trim().toUpperCase()

function usable(rate: number): boolean {
  return Number.isFinite(rate) && rate > 0
}

/** Indexes the rates that pair a currency with `base` (direct or inverse); others are ignored. */
export function rateBook(base: string, rates: readonly Rate[]): RateBook {
  const b = code(base)
  // currency → date → [value in base, direct?]
  const byDay = new Map<string, Map<IsoDate, { value: number; direct: boolean }>>()
  const put = (currency: string, date: IsoDate, value: number, direct: boolean): void => {
    let days = byDay.get(currency)
    if (!days) {
      days = new Map()
      byDay.set(currency, days)
    }
    const had = days.get(date)
    if (!had || (direct && !had.direct)) days.set(date, { value, direct })
  }
  for (const r of rates) {
    if (!usable(r.rate)) continue
    const c = code(r.currency)
    const q = code(r.quote)
    if (c === q) continue
    if (q === b) put(c, r.date, r.rate, true)
    else if (c === b) put(q, r.date, 1 / r.rate, false)
  }
  const series = new Map<string, Series>()
  for (const [currency, days] of byDay) {
    const sorted = [...days.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    series.set(currency, { dates: sorted.map(([d]) => d), rates: sorted.map(([, v]) => v.value) })
  }
  return { base: b, series }
}

/**
 * The value of one `currency` in the base currency on `date`: the latest rate on or before it
 * (the inverse pair when only that is known); 1 for the base itself; null if none.
 */
export function rateOn(book: RateBook, currency: string, date: IsoDate): number | null {
  const c = code(currency)
  if (c === book.base) return 1
  const s = book.series.get(c)
  if (!s) return null
  const i = lastOnOrBefore(s.dates, date)
  return i < 0 ? null : (s.rates[i] ?? null)
}

/** The last index whose date is on or before `date`, or -1. */
function lastOnOrBefore(dates: readonly IsoDate[], date: IsoDate): number {
  let lo = 0
  let hi = dates.length - 1
  let found = -1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if ((dates[mid] ?? '') <= date) {
      found = mid
      lo = mid + 1
    } else {
      hi = mid - 1
    }
  }
  return found
}

/** The date of the rate `rateOn` would use, or null (the base itself has none). */
export function rateDateOn(book: RateBook, currency: string, date: IsoDate): IsoDate | null {
  const s = book.series.get(code(currency))
  if (!s) return null
  const i = lastOnOrBefore(s.dates, date)
  return i < 0 ? null : (s.dates[i] ?? null)
}

/**
 * Rounds to a whole number, half away from zero; a product that is a half but for binary
 * floating-point noise (1.1 × 5 = 5.500000000000001, 0.285 × 100 = 28.499999999999996) counts
 * as a half.
 */
export function roundHalfAwayFromZero(x: number): number {
  const a = Math.abs(x)
  const floor = Math.floor(a)
  // the noise of one multiplication is a few units in the last place of the product
  const eps = 1e-12 + a * 1e-14
  const r = a - floor >= 0.5 - eps ? floor + 1 : floor
  const signed = x < 0 ? -r : r
  return signed === 0 ? 0 : signed
}

/**
 * `amount` (cents, in `currency`) in the base currency on `date`, rounded to the cent half away
 * from zero; exact for the base itself; null when there is no rate.
 */
export function toBase(book: RateBook, amount: Cents, currency: string, date: IsoDate): Cents | null {
  if (code(currency) === book.base) return amount
  const rate = rateOn(book, currency, date)
  if (rate === null) return null
  return asCents(roundHalfAwayFromZero(amount * rate))
}

export type CsvRate = { line: number; currency: string; quote: string | undefined; date: IsoDate; rate: number }
export type ParsedRates = { ok: true; rates: CsvRate[] } | { ok: false; line: number; message: string }

const COLUMNS = ['date', 'currency', 'rate', 'quote'] as const
type Column = (typeof COLUMNS)[number]
const CODE = /^[A-Z]{3}$/
const DECIMAL = /^\d+(\.\d+)?$/

/**
 * Lines of `date,currency,rate[,quote]` (commas, semicolons or tabs; cells may be quoted). A
 * first line naming the columns is a header, and may put them in any order. Blank lines are
 * skipped. The first bad line fails the whole file, named by its number (counting from 1).
 * `quote` left out means the base currency, which the caller fills in.
 */
export function parseRatesCsv(text: string, maxLines = Number.POSITIVE_INFINITY): ParsedRates {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n|\r/)
  const firstIndex = lines.findIndex((l) => l.trim() !== '')
  if (firstIndex < 0) return { ok: false, line: 1, message: 'the file has no lines' }
  const first = lines[firstIndex] ?? ''
  const separator = first.includes(',') ? ',' : first.includes(';') ? ';' : first.includes('\t') ? '\t' : ','
  const cells = (line: string) => line.split(separator).map((c) => c.trim().replace(/^"(.*)"$/, '$1').trim())
  let order: Column[] = [...COLUMNS]
  let start = firstIndex
  const head = cells(first).map((c) => c.toLowerCase())
  if (head.includes('date') || head.includes('currency') || head.includes('rate')) {
    const named: Column[] = []
    for (const name of head) {
      const column = COLUMNS.find((c) => c === name)
      if (!column || named.includes(column)) {
        return { ok: false, line: firstIndex + 1, message: `unknown or repeated column "${name}" (use date, currency, rate and quote)` }
      }
      named.push(column)
    }
    for (const needed of ['date', 'currency', 'rate'] as const) {
      if (!named.includes(needed)) return { ok: false, line: firstIndex + 1, message: `the header has no ${needed} column` }
    }
    order = named
    start = firstIndex + 1
  }
  const rates: CsvRate[] = []
  for (let i = start; i < lines.length; i++) {
    const raw = lines[i] ?? ''
    if (raw.trim() === '') continue
    const line = i + 1
    if (rates.length >= maxLines) return { ok: false, line, message: `at most ${maxLines} rates in one import` }
    const values = cells(raw)
    if (values.length < 3 || values.length > order.length) {
      return { ok: false, line, message: `expected ${order.length === 4 ? '3 or 4' : order.length} values (date,currency,rate[,quote]), found ${values.length}` }
    }
    const get = (column: Column): string | undefined => {
      const at = order.indexOf(column)
      return at < 0 ? undefined : values[at]
    }
    const date = get('date') ?? ''
    const year = Number(date.slice(0, 4))
    if (!isIsoDate(date) || year < 1900 || year > 2200) {
      return { ok: false, line, message: `"${date}" is not a date written YYYY-MM-DD` }
    }
    const currency = (get('currency') ?? '').toUpperCase()
    if (!CODE.test(currency)) return { ok: false, line, message: `"${currency}" is not a 3-letter currency code` }
    const quoteText = (get('quote') ?? '').toUpperCase()
    if (quoteText !== '' && !CODE.test(quoteText)) return { ok: false, line, message: `"${quoteText}" is not a 3-letter currency code` }
    const quote = quoteText === '' ? undefined : quoteText
    if (quote === currency) return { ok: false, line, message: 'the currency and the quote are the same' }
    const rateText = get('rate') ?? ''
    const rate = Number(rateText)
    if (!DECIMAL.test(rateText) || !isRate(rate)) {
      return { ok: false, line, message: `"${rateText}" is not a rate (a number from 0.000000001 to below 1,000,000,000, with a point for decimals)` }
    }
    rates.push({ line, currency, quote, date, rate })
  }
  if (rates.length === 0) return { ok: false, line: lines.length, message: 'the file has no rates' }
  return { ok: true, rates }
}
