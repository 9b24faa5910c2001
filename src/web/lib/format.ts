// Money and dates for people: the domain's formatMoney with the signed-in user's currency and
// locale, so every amount on screen is formatted the same way.
import { useCallback } from 'react'
import type { IsoDate } from '../../domain/dates'
import { formatMoney, type Cents } from '../../domain/money'
import { useAuth } from './auth'

export const DEFAULT_CURRENCY = 'USD'
export const DEFAULT_LOCALE = 'en-US'

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

// Building an Intl.DateTimeFormat costs far more than using one: keep one per locale and pattern.
const dateFormats = new Map<string, Intl.DateTimeFormat>()

function dateFormat(locale: string, withYear: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${String(withYear)}`
  let format = dateFormats.get(key)
  if (format === undefined) {
    format = new Intl.DateTimeFormat(safeLocale(locale), {
      month: 'short',
      day: 'numeric',
      ...(withYear ? { year: 'numeric' } : {}),
      timeZone: 'UTC',
    })
    if (dateFormats.size < 100) dateFormats.set(key, format)
  }
  return format
}

/** A calendar date in the user's locale: "Mar 5" (this year) or "Mar 5, 2023". */
export function formatDate(
  date: IsoDate,
  locale: string = DEFAULT_LOCALE,
  thisYear?: number,
): string {
  const [y, m, d] = date.split('-').map(Number)
  if (y === undefined || m === undefined || d === undefined) return date
  const value = new Date(Date.UTC(y, m - 1, d))
  try {
    return dateFormat(locale, thisYear !== y).format(value)
  } catch {
    return date
  }
}

/** Formats calendar dates in the user's locale. */
export function useDateFormat(): (date: IsoDate) => string {
  const { user } = useAuth()
  const locale = user?.locale ?? DEFAULT_LOCALE
  return useCallback(
    (date: IsoDate) => formatDate(date, locale, new Date().getUTCFullYear()),
    [locale],
  )
}
