// Calendar dates as ISO strings (YYYY-MM-DD) with no time zone, as transactions and bills
// are dated; and the one place where an instant becomes a user's local date.
import type { DateFormat } from './preferences'

export type IsoDate = string

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

function parts(date: IsoDate): [number, number, number] {
  const m = ISO_DATE.exec(date)
  if (!m) throw new RangeError(`Not an ISO date: ${date}`)
  return [Number(m[1]), Number(m[2]), Number(m[3])]
}

function fromUtc(ms: number): IsoDate {
  const d = new Date(ms)
  const y = d.getUTCFullYear()
  const mo = d.getUTCMonth() + 1
  const da = d.getUTCDate()
  return `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(da).padStart(2, '0')}`
}

// Date.UTC maps years 0–99 to 1900–1999; setUTCFullYear does not.
function utc(year: number, month: number, day: number): number {
  const d = new Date(0)
  d.setUTCFullYear(year, month - 1, day)
  return d.getTime()
}

function toUtc(date: IsoDate): number {
  const [y, m, d] = parts(date)
  return utc(y, m, d)
}

/** True for a real calendar date written YYYY-MM-DD (2024-02-30 is false). */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value)
  if (!m) return false
  return fromUtc(utc(Number(m[1]), Number(m[2]), Number(m[3]))) === value
}

export function makeDate(year: number, month: number, day: number): IsoDate {
  return fromUtc(utc(year, month, day))
}

/** The user's calendar date at an instant, in an IANA time zone ("Europe/Paris"). */
// Building an Intl.DateTimeFormat costs far more than using one, and the server asks for
// "today" in a handful of time zones on nearly every request: keep one per zone.
const dayFormats = new Map<string, Intl.DateTimeFormat>()

function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    })
    // only zones Intl accepted get here (it throws on others), so the map stays small
    if (dayFormats.size < 1000) dayFormats.set(timeZone, format)
  }
  return format
}

export function localDate(now: Date, timeZone: string): IsoDate {
  // Read the parts rather than trusting a locale's date pattern (en-CA's has changed between
  // ICU releases, and it prints year 99 as "99").
  const fields = dayFormat(timeZone).formatToParts(now)
  const field = (type: 'year' | 'month' | 'day'): number =>
    Number(fields.find((p) => p.type === type)?.value)
  return makeDate(field('year'), field('month'), field('day'))
}

// Checking a zone builds an Intl.DateTimeFormat too (the contracts check the user's zone on
// every decode, the web on every render that needs today): remember the answer per zone.
const zoneChecks = new Map<string, boolean>()

export function isValidTimeZone(timeZone: string): boolean {
  let valid = zoneChecks.get(timeZone)
  if (valid === undefined) {
    try {
      dayFormat(timeZone)
      valid = true
    } catch {
      valid = false
    }
    if (zoneChecks.size < 1000) zoneChecks.set(timeZone, valid)
  }
  return valid
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromUtc(toUtc(date) + days * 86_400_000)
}

/**
 * Adds whole months, clamping the day to the end of a shorter month (Jan 31 + 1 month =
 * Feb 28/29). `preferredDay` (1–31) replaces the date's own day, so a schedule anchored on the
 * 31st comes back to the 31st after a short month.
 */
export function addMonths(date: IsoDate, months: number, preferredDay?: number): IsoDate {
  if (!Number.isInteger(months)) throw new RangeError(`Not a whole number of months: ${months}`)
  if (
    preferredDay !== undefined &&
    !(Number.isInteger(preferredDay) && preferredDay >= 1 && preferredDay <= 31)
  ) {
    throw new RangeError(`Not a day of the month: ${preferredDay}`)
  }
  const [y, m, d] = parts(date)
  const index = y * 12 + (m - 1) + months
  const ny = Math.floor(index / 12)
  const nm = (index % 12) + 1
  const day = Math.min(preferredDay ?? d, daysInMonth(makeMonth(ny, nm)))
  return makeDate(ny, nm, day)
}

/** An inclusive range of days. */
export type DateRange = { from: IsoDate; to: IsoDate }

/**
 * The days of `want` that `have` does not cover, as zero, one or two ranges in date order: what
 * a read of `want` still needs when `have` was read already (a statement's chunks follow each
 * other, so the days around one chunk are mostly those around the one before).
 */
export function daysOutside(want: DateRange, have: DateRange | null): DateRange[] {
  if (have === null || want.to < have.from || want.from > have.to) return [want]
  const outside: DateRange[] = []
  if (want.from < have.from) outside.push({ from: want.from, to: addDays(have.from, -1) })
  if (want.to > have.to) outside.push({ from: addDays(have.to, 1), to: want.to })
  return outside
}

/** Whole days from a to b (b - a); negative when b is before a. */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  return Math.round((toUtc(b) - toUtc(a)) / 86_400_000)
}

export function compareDates(a: IsoDate, b: IsoDate): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** First day of the month of a date: 2024-03-17 → 2024-03-01. */
export function startOfMonth(date: IsoDate): IsoDate {
  return `${date.slice(0, 8)}01`
}

export function endOfMonth(date: IsoDate): IsoDate {
  return addDays(addMonths(startOfMonth(date), 1), -1)
}

function makeMonth(year: number, month: number): IsoDate {
  return makeDate(year, month, 1)
}

export function daysInMonth(date: IsoDate): number {
  const [y, m] = parts(date)
  return new Date(utc(y, m + 1, 0)).getUTCDate()
}

/** Days left in the month of `today`, counting today itself (so never 0). */
export function daysLeftInMonth(today: IsoDate): number {
  return daysInMonth(today) - parts(today)[2] + 1
}

export function dayOfMonth(date: IsoDate): number {
  return parts(date)[2]
}

/** 0 = Sunday … 6 = Saturday */
export function dayOfWeek(date: IsoDate): number {
  return new Date(toUtc(date)).getUTCDay()
}

/**
 * Whole months from a to b, counting a partial month toward zero. It agrees with addMonths:
 * when b is not before a it is the largest n with addMonths(a, n) ≤ b (so Jan 31 → Feb 28 is
 * 1, since Jan 31 + 1 month is Feb 28, while Jan 31 → Feb 27 is 0). When b is before a it is
 * the negative of monthsBetween(b, a).
 */
export function monthsBetween(a: IsoDate, b: IsoDate): number {
  const [ay, am, ad] = parts(a)
  const [by, bm, bd] = parts(b)
  let months = (by - ay) * 12 + (bm - am)
  if (months > 0 && bd < ad && bd !== daysInMonth(b)) months -= 1
  if (months < 0 && bd > ad && ad !== daysInMonth(a)) months += 1
  return months
}

/** The months' names in English, January first. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const

/** "March 2026", from a month (2026-03) or any day of it. */
export function monthLabel(monthOrDate: string): string {
  return `${MONTH_NAMES[Number(monthOrDate.slice(5, 7)) - 1] ?? ''} ${monthOrDate.slice(0, 4)}`
}

/** "Mar 20, 2026". */
export function dayLabel(date: IsoDate): string {
  const name = MONTH_NAMES[Number(date.slice(5, 7)) - 1] ?? ''
  return `${name.slice(0, 3)} ${Number(date.slice(8, 10))}, ${date.slice(0, 4)}`
}

export type DateStyle = {
  /** "Tue, Nov 24": for a day people plan around (a due date) */
  weekday?: boolean
  /** the year the reader is in: the year is written only for a date in another year */
  thisYear?: number
  /** the member's date format (Settings): a written-out one ("DD.MM.YYYY") is always numeric
   *  and whole; 'locale' (the default) is the locale's own way above */
  dateFormat?: DateFormat
}

// Building an Intl.DateTimeFormat costs far more than using one: one per locale and pattern.
const dateFormats = new Map<string, Intl.DateTimeFormat>()

function dateFormatOf(locale: string, weekday: boolean, withYear: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${String(weekday)}|${String(withYear)}`
  let format = dateFormats.get(key)
  if (format === undefined) {
    let resolved = 'en-US'
    try {
      resolved = Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0 ? locale : 'en-US'
    } catch {
      // a malformed locale tag: the default
    }
    format = new Intl.DateTimeFormat(resolved, {
      ...(weekday ? { weekday: 'short' } : {}),
      month: 'short',
      day: 'numeric',
      ...(withYear ? { year: 'numeric' } : {}),
      timeZone: 'UTC',
    })
    if (dateFormats.size < 200) dateFormats.set(key, format)
  }
  return format
}

const weekdayFormats = new Map<string, Intl.DateTimeFormat>()

function weekdayFormatOf(locale: string): Intl.DateTimeFormat {
  let format = weekdayFormats.get(locale)
  if (format === undefined) {
    let resolved = 'en-US'
    try {
      resolved = Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0 ? locale : 'en-US'
    } catch {
      // a malformed locale tag: the default
    }
    format = new Intl.DateTimeFormat(resolved, { weekday: 'short', timeZone: 'UTC' })
    if (weekdayFormats.size < 100) weekdayFormats.set(locale, format)
  }
  return format
}

/**
 * A calendar date as people write it in their locale, never ISO: "Nov 24" (this year),
 * "Nov 24, 2027" (another year), "Tue, Nov 24" with the weekday; "24 Nov" in en-GB. The one
 * place dates are formatted for people, on the server (reminder texts) and in the web.
 */
export function formatDay(date: IsoDate, locale: string, style: DateStyle = {}): string {
  if (!isIsoDate(date)) return date
  const [y, m, d] = parts(date)
  if (style.dateFormat !== undefined && style.dateFormat !== 'locale') {
    const yyyy = String(y).padStart(4, '0')
    const mm = String(m).padStart(2, '0')
    const dd = String(d).padStart(2, '0')
    const numeric = style.dateFormat
      .replace('YYYY', yyyy)
      .replace('MM', mm)
      .replace('DD', dd)
    return style.weekday ? `${weekdayFormatOf(locale).format(new Date(toUtc(date)))}, ${numeric}` : numeric
  }
  return dateFormatOf(locale, style.weekday === true, style.thisYear !== y).format(new Date(toUtc(date)))
}
