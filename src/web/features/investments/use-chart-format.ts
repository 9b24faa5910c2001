// Money on the investments charts, in a given currency and the member's locale: whole amounts
// on the tooltips and short ones ("$12K") on the axes.
import { useMemo } from 'react'
import { DEFAULT_LOCALE } from '../../lib/format'
import { useAuth } from '../../lib/auth'

function format(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat(locale, options)
  } catch {
    return new Intl.NumberFormat(DEFAULT_LOCALE, { ...options, currency: 'USD' })
  }
}

export function useChartFormat(currency: string) {
  const { user } = useAuth()
  const locale = user?.locale ?? DEFAULT_LOCALE
  return useMemo(() => {
    const full = format(locale, { style: 'currency', currency, maximumFractionDigits: 2 })
    const short = format(locale, {
      style: 'currency',
      currency,
      notation: 'compact',
      maximumFractionDigits: 1,
    })
    return {
      formatValue: (n: number) => full.format(n),
      formatAxis: (n: number) => short.format(n),
    }
  }, [currency, locale])
}
