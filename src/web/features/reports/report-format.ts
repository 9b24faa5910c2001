// How the reports say amounts, months and changes: the user's locale, the report's currency
// (the household's base, as the server names it), "Missing" for a figure without an exchange
// rate, compact amounts for chart axes.
import { useMemo } from 'react'
import type { Cents } from '#src/domain/money'
import { useAuth } from '#src/web/lib/auth'
import { DEFAULT_CURRENCY, DEFAULT_LOCALE, makeMoneyFormatter } from '#src/web/lib/format'

export type ReportFormat = {
  currency: string
  money: (value: Cents) => string
  /** a figure that may be missing (no exchange rate) */
  maybe: (value: Cents | null) => string
  /** a chart axis: "$1.2K" */
  compact: (value: number) => string
  /** "Mar ’26" (axes) */
  monthShort: (month: string) => string
  /** "March 2026" */
  monthLong: (month: string) => string
  /** 0.123 → "12 %" */
  percent: (fraction: number) => string
}

export const MISSING = 'Missing'

function safe<T>(make: () => T, fallback: () => T): T {
  try {
    return make()
  } catch {
    return fallback()
  }
}

export function useReportFormat(reportCurrency: string | null | undefined): ReportFormat {
  const { user } = useAuth()
  const locale = user?.locale ?? DEFAULT_LOCALE
  const currency = reportCurrency ?? user?.baseCurrency ?? DEFAULT_CURRENCY
  return useMemo(() => {
    const money = makeMoneyFormatter(currency, locale)
    const compact = safe(
      () =>
        new Intl.NumberFormat(locale, {
          style: 'currency',
          currency,
          notation: 'compact',
          maximumFractionDigits: 2,
        }),
      () => new Intl.NumberFormat(DEFAULT_LOCALE, { notation: 'compact' }),
    )
    const short = safe(
      () => new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' }),
      () => new Intl.DateTimeFormat(DEFAULT_LOCALE, { month: 'short', timeZone: 'UTC' }),
    )
    const long = safe(
      () => new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
      () =>
        new Intl.DateTimeFormat(DEFAULT_LOCALE, {
          month: 'long',
          year: 'numeric',
          timeZone: 'UTC',
        }),
    )
    const date = (month: string) => new Date(`${month}-01T00:00:00Z`)
    return {
      currency,
      money: (value) => money(value, currency),
      maybe: (value) => (value === null ? MISSING : money(value, currency)),
      compact: (value) => compact.format(value / 100),
      // "Mar ’26": a month and year that cannot be read as a day of the month
      monthShort: (month) => `${short.format(date(month))} ’${month.slice(2, 4)}`,
      monthLong: (month) => long.format(date(month)),
      percent: (fraction) => `${Math.round(Math.abs(fraction) * 100)} %`,
    }
  }, [currency, locale])
}
