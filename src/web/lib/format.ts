// Money, numbers, percentages, dates, months and relative days for people: the domain's
// formatters with the signed-in member's locale, base currency and date format, so every figure
// on screen is written the same way. A change in Settings refreshes the user query, and with it
// every screen at once.
import { useCallback, useMemo } from 'react'
import { formatDay, type IsoDate } from '#src/domain/dates'
import {
  DEFAULT_LOCALE,
  formatMonth,
  formatNumber,
  formatPercent,
  formatRelativeDays,
  type MonthStyle,
  type PercentStyle,
} from '#src/domain/locale'
import { formatMoney, type Cents } from '#src/domain/money'
import type { DateFormat } from '#src/domain/preferences'
import { useAuth } from './auth'

export const DEFAULT_CURRENCY = 'USD'
export { DEFAULT_LOCALE }

export type MoneyFormatter = (value: Cents, currency?: string) => string

// Asking Intl whether it knows a locale is slow, and every amount on screen would ask: once each.
const knownLocales = new Map<string, string>()

function safeLocale(locale: string | undefined): string {
  if (!locale) return DEFAULT_LOCALE
  let safe = knownLocales.get(locale)
  if (safe === undefined) {
    try {
      safe = Intl.NumberFormat.supportedLocalesOf([locale]).length > 0 ? locale : DEFAULT_LOCALE
    } catch {
      safe = DEFAULT_LOCALE
    }
    if (knownLocales.size < 100) knownLocales.set(locale, safe)
  }
  return safe
}

const moneyFormatters = new Map<string, MoneyFormatter>()

/** The formatter of a currency and locale: one per pair, shared by every amount that uses it. */
export function makeMoneyFormatter(currency: string, locale: string): MoneyFormatter {
  const key = `${currency}|${locale}`
  let formatter = moneyFormatters.get(key)
  if (formatter === undefined) {
    const loc = safeLocale(locale)
    formatter = (value, override) => {
      try {
        return formatMoney(value, override ?? currency, loc)
      } catch {
        return formatMoney(value, DEFAULT_CURRENCY, loc)
      }
    }
    if (moneyFormatters.size < 100) moneyFormatters.set(key, formatter)
  }
  return formatter
}

/** Formats cents in the user's base currency and locale (or USD / en-US when signed out). */
export function useMoney(): MoneyFormatter {
  const { user } = useAuth()
  const currency = user?.baseCurrency ?? DEFAULT_CURRENCY
  const locale = user?.locale ?? DEFAULT_LOCALE
  return makeMoneyFormatter(currency, locale)
}

/**
 * A calendar date in the user's locale: "Mar 5" (this year), "Mar 5, 2023", or with the weekday
 * "Thu, Mar 5" (a due date). The domain's formatDay: one way to write a date, server and web.
 */
export function formatDate(
  date: IsoDate,
  locale: string = DEFAULT_LOCALE,
  thisYear?: number,
  style: { weekday?: boolean; dateFormat?: DateFormat } = {},
): string {
  return formatDay(date, locale, { ...style, thisYear })
}

export type DateFormatter = (date: IsoDate, style?: { weekday?: boolean }) => string

/** Formats calendar dates in the user's locale and date format. */
export function useDateFormat(): DateFormatter {
  const { user } = useAuth()
  const locale = user?.locale ?? DEFAULT_LOCALE
  const dateFormat = user?.dateFormat ?? 'locale'
  return useCallback(
    (date: IsoDate, style: { weekday?: boolean } = {}) =>
      formatDate(date, locale, new Date().getUTCFullYear(), { ...style, dateFormat }),
    [locale, dateFormat],
  )
}

export type Formatters = {
  locale: string
  /** the household's base currency: totals are in it */
  currency: string
  money: MoneyFormatter
  date: DateFormatter
  /** a count: 1,234 (en-US), 1.234 (de-DE) */
  number: (value: number, maximumFractionDigits?: number) => string
  /** percent in, "12.3%" / "12,3 %" out */
  percent: (percent: number, style?: PercentStyle) => string
  /** "November 2026" from 2026-11 or a day of it */
  month: (monthOrDate: string, style?: MonthStyle) => string
  /** "tomorrow", "in 3 days", "morgen" */
  relativeDays: (days: number) => string
}

/** Every formatter of the signed-in member at once: the one place figures are written. */
export function useFormat(): Formatters {
  const { user } = useAuth()
  const locale = user?.locale ?? DEFAULT_LOCALE
  const currency = user?.baseCurrency ?? DEFAULT_CURRENCY
  const money = makeMoneyFormatter(currency, locale)
  const date = useDateFormat()
  return useMemo(
    () => ({
      locale,
      currency,
      money,
      date,
      number: (value, digits = 0) => formatNumber(value, locale, digits),
      percent: (value, style) => formatPercent(value, locale, style),
      month: (value, style) => formatMonth(value, locale, style),
      relativeDays: (days) => formatRelativeDays(days, locale),
    }),
    [locale, currency, money, date],
  )
}
