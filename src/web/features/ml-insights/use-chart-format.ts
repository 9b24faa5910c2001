// Money on the Smart Insights forecast, in a given currency and the member's locale: whole amounts
// on the tooltips and short ones ("$12K") on the axes (two fraction digits, so close ticks differ).
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
      // two digits: a steady balance's ticks ($3.25K, $3.3K) stay apart
      maximumFractionDigits: 2,
    })
    return {
      formatValue: (n: number) => full.format(n),
      formatAxis: (n: number) => short.format(n),
    }
  }, [currency, locale])
}
