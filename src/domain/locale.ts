// Numbers, percentages, months and relative days as a member's locale writes them, and the
// checks of a locale tag and a currency code. Money is formatMoney (money.ts), calendar dates
// formatDay (dates.ts): together they are the one way the server and the web write figures for
// people. Machine-readable output (CSV, JSON) never goes through here.
//
// Pure: no clock, no I/O. Intl formatters are costly to build and cheap to use: one per key.

export const DEFAULT_LOCALE = 'en-US'

/**
 * The languages and regions Settings offers first (any other valid tag is accepted too): a short
 * list people recognise, each shown with an example of its numbers and dates.
 */
export const COMMON_LOCALES = [
  'en-US',
  'en-GB',
  'en-CA',
  'en-AU',
  'en-IN',
  'fr-FR',
  'fr-CA',
  'de-DE',
  'de-CH',
  'es-ES',
  'es-MX',
  'it-IT',
  'nl-NL',
  'pt-BR',
  'pt-PT',
  'sv-SE',
  'nb-NO',
  'da-DK',
  'pl-PL',
  'ja-JP',
] as const

const localeChecks = new Map<string, string | null>()

/**
 * The canonical form of a locale tag Intl can format with ("de-de" → "de-DE"), or null for a
 * malformed tag or one no formatter supports.
 */
export function canonicalLocale(tag: string): string | null {
  let known = localeChecks.get(tag)
  if (known === undefined) {
    try {
      const [canonical] = Intl.getCanonicalLocales(tag)
      known =
        canonical !== undefined &&
        Intl.NumberFormat.supportedLocalesOf([canonical]).length === 1 &&
        Intl.DateTimeFormat.supportedLocalesOf([canonical]).length === 1
          ? canonical
          : null
    } catch {
      known = null
    }
    if (localeChecks.size < 500) localeChecks.set(tag, known)
  }
  return known
}

export function isSupportedLocale(tag: string): boolean {
  return canonicalLocale(tag) !== null
}

/** The locale to format with: the member's, or en-US when it is missing or unknown. */
export function safeLocale(tag: string | null | undefined): string {
  return (tag ? canonicalLocale(tag) : null) ?? DEFAULT_LOCALE
}

let currencyList: ReadonlySet<string> | null = null

/** An ISO 4217 code Intl knows (USD, EUR, JPY …): what a base currency may be. */
export function isKnownCurrency(code: string): boolean {
  if (currencyList === null) {
    try {
      currencyList = new Set(Intl.supportedValuesOf('currency'))
    } catch {
      currencyList = new Set()
    }
  }
  // an engine without the list accepts any well-formed code
  return /^[A-Z]{3}$/.test(code) && (currencyList.size === 0 || currencyList.has(code))
}

const numberFormats = new Map<string, Intl.NumberFormat>()

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let format = numberFormats.get(key)
  if (format === undefined) {
    format = new Intl.NumberFormat(safeLocale(locale), options)
    if (numberFormats.size < 300) numberFormats.set(key, format)
  }
  return format
}

/** A count or plain number with the locale's grouping: 1,234 (en-US), 1.234 (de-DE). */
export function formatNumber(value: number, locale: string, maximumFractionDigits = 0): string {
  return numberFormat(locale, { maximumFractionDigits }).format(value)
}

export type PercentStyle = {
  /** decimals shown (always that many); 0 by default */
  digits?: number
  /** "+12.3%" for a rise: for a change, not a share */
  signed?: boolean
}

/**
 * A percentage given in percent (12.3 → "12.3%" in en-US, "12,3 %" in de-DE and fr-FR). A
 * signed one writes + for a rise and no sign for 0.
 */
export function formatPercent(percent: number, locale: string, style: PercentStyle = {}): string {
  const digits = style.digits ?? 0
  return numberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    ...(style.signed ? { signDisplay: 'exceptZero' } : {}),
  }).format(percent / 100)
}

/** The locale's decimal mark: "." (en-US, ja-JP) or "," (de-DE, fr-FR). */
export function decimalSeparator(locale: string): '.' | ',' {
  const mark = numberFormat(locale, { minimumFractionDigits: 1 })
    .formatToParts(1.5)
    .find((p) => p.type === 'decimal')?.value
  return mark === ',' ? ',' : '.'
}

/**
 * A decimal as a money input shows it for editing: no grouping, the locale's decimal mark,
 * two decimals ("1234.50", "1234,50").
 */
export function formatDecimalInput(value: number, locale: string): string {
  const text = value.toFixed(2)
  return decimalSeparator(locale) === ',' ? text.replace('.', ',') : text
}

const monthFormats = new Map<string, Intl.DateTimeFormat>()

export type MonthStyle = 'long' | 'short' | 'long-only' | 'short-only'

/**
 * A month ("2026-11" or any day of it) in the locale: "November 2026" (long), "Nov 2026"
 * (short), "November" / "Nov" (…-only, without the year); "novembre 2026", "2026年11月".
 */
export function formatMonth(monthOrDate: string, locale: string, style: MonthStyle = 'long'): string {
  const m = /^(\d{4})-(\d{2})/.exec(monthOrDate)
  if (!m) return monthOrDate
  const key = `${locale}|${style}`
  let format = monthFormats.get(key)
  if (format === undefined) {
    const withYear = !style.endsWith('-only')
    format = new Intl.DateTimeFormat(safeLocale(locale), {
      month: style.startsWith('long') ? 'long' : 'short',
      ...(withYear ? { year: 'numeric' } : {}),
      timeZone: 'UTC',
    })
    if (monthFormats.size < 200) monthFormats.set(key, format)
  }
  const at = new Date(0)
  at.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, 1)
  return format.format(at)
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>()

/** Days from today in words: "today", "tomorrow", "in 3 days", "2 days ago"; "morgen", "demain". */
export function formatRelativeDays(days: number, locale: string): string {
  let format = relativeFormats.get(locale)
  if (format === undefined) {
    format = new Intl.RelativeTimeFormat(safeLocale(locale), { numeric: 'auto' })
    if (relativeFormats.size < 100) relativeFormats.set(locale, format)
  }
  return format.format(days, 'day')
}

const momentFormats = new Map<string, Intl.DateTimeFormat>()

function momentFormat(locale: string, timeZone: string | undefined, timeOnly: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone ?? ''}|${String(timeOnly)}`
  let format = momentFormats.get(key)
  if (format === undefined) {
    const options: Intl.DateTimeFormatOptions = timeOnly
      ? { hour: 'numeric', minute: '2-digit' }
      : { dateStyle: 'medium', timeStyle: 'short' }
    try {
      format = new Intl.DateTimeFormat(safeLocale(locale), { ...options, timeZone })
    } catch {
      // an unknown time zone: the reader's own clock rather than nothing
      format = new Intl.DateTimeFormat(safeLocale(locale), options)
    }
    if (momentFormats.size < 200) momentFormats.set(key, format)
  }
  return format
}

/** An instant with its time: "Nov 27, 2026, 9:15 PM" (en-US), "27.11.2026, 21:15" (de-DE). */
export function formatMoment(at: Date, locale: string, timeZone?: string): string {
  return momentFormat(locale, timeZone, false).format(at)
}

/** The time of an instant: "9:15 PM", "21:15". */
export function formatTime(at: Date, locale: string, timeZone?: string): string {
  return momentFormat(locale, timeZone, true).format(at)
}
