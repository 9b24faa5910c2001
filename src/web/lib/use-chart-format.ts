// Money on charts, in a given currency and the member's locale: full amounts on the tooltips and
// short ones ("$12K") on the axes. `axisDigits`: 2 where close ticks must stay apart ($3.25K).
import { useMemo } from 'react'
import { useAuth } from './auth'
import { DEFAULT_LOCALE } from './format'

function format(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat(locale, options)
  } catch {
    return new Intl.NumberFormat(DEFAULT_LOCALE, { ...options, currency: 'USD' })
  }
}

export function useChartFormat(currency: string, axisDigits = 1) {
  const { user } = useAuth()
  const locale = user?.locale ?? DEFAULT_LOCALE
  return useMemo(() => {
    const full = format(locale, { style: 'currency', currency, maximumFractionDigits: 2 })
    const short = format(locale, {
      style: 'currency',
      currency,
      notation: 'compact',
      maximumFractionDigits: axisDigits,
    })
    return {
      formatValue: (n: number) => full.format(n),
      formatAxis: (n: number) => short.format(n),
    }
  }, [currency, locale, axisDigits])
}
