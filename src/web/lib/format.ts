// Money and dates for people: the domain's formatMoney with the signed-in user's currency and
// locale, so every amount on screen is formatted the same way.
import { useCallback } from 'react'
import { formatDay, type IsoDate } from '../../domain/dates'
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

/**
 * A calendar date in the user's locale: "Mar 5" (this year), "Mar 5, 2023", or with the weekday
 * "Thu, Mar 5" (a due date). The domain's formatDay: one way to write a date, server and web.
 */
export function formatDate(
  date: IsoDate,
  locale: string = DEFAULT_LOCALE,
  thisYear?: number,
  style: { weekday?: boolean } = {},
): string {
  return formatDay(date, locale, { ...style, thisYear })
}

export type DateFormatter = (date: IsoDate, style?: { weekday?: boolean }) => string

/** Formats calendar dates in the user's locale. */
export function useDateFormat(): DateFormatter {
  const { user } = useAuth()
  const locale = user?.locale ?? DEFAULT_LOCALE
  return useCallback(
    (date: IsoDate, style: { weekday?: boolean } = {}) =>
      formatDate(date, locale, new Date().getUTCFullYear(), style),
    [locale],
  )
}
