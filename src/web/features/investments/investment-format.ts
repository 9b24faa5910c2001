// How the investments page writes returns, quantities and prices: returns as signed percentages
// with two decimals ("+12.34%", "−3.10%", a real minus sign), quantities with as many decimals as
// they have (up to 8, never rounded away), prices in the security's currency with at least 2 and
// at most 8 decimals.
import { formatPercent } from '#src/domain/locale'
import { displayLocale } from '#src/web/lib/display-locale'
import { DEFAULT_LOCALE } from '#src/web/lib/format'

const MINUS = '\u2212'

/** 0.1234 → "+12.34%"; null → "—". */
export function percentText(fraction: number | null, { sign = true } = {}): string {
  if (fraction === null || !Number.isFinite(fraction)) return '—'
  const value = Math.round(fraction * 10_000) / 100
  const body = formatPercent(Math.abs(value), displayLocale(), { digits: 2 })
  if (value === 0) return body
  if (value < 0) return `${MINUS}${body}`
  return sign ? `+${body}` : body
}

/** Which way a figure goes, for its colour: up (green), down (red) or flat. */
export function direction(value: number | null): 'up' | 'down' | 'flat' {
  if (value === null || value === 0 || !Number.isFinite(value)) return 'flat'
  return value > 0 ? 'up' : 'down'
}

export const DIRECTION_CLASS = {
  up: 'text-positive',
  down: 'text-negative',
  flat: 'text-muted-foreground',
} as const

const quantityFormats = new Map<string, Intl.NumberFormat>()

function numberFormat(locale: string, min: number, max: number): Intl.NumberFormat {
  const key = `${locale}|${min}|${max}`
  let format = quantityFormats.get(key)
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(locale, {
        minimumFractionDigits: min,
        maximumFractionDigits: max,
      })
    } catch {
      format = new Intl.NumberFormat(DEFAULT_LOCALE, {
        minimumFractionDigits: min,
        maximumFractionDigits: max,
      })
    }
    if (quantityFormats.size < 50) quantityFormats.set(key, format)
  }
  return format
}

/** 12.5 → "12.5", 0.00012345 → "0.00012345", 1500 → "1,500". */
export function quantityText(quantity: number, locale: string = DEFAULT_LOCALE): string {
  return numberFormat(locale, 0, 8).format(quantity)
}

/** A price per share in its currency: 101.5 → "$101.50", 0.00001234 → "$0.00001234". */
export function priceText(
  price: number,
  currency: string,
  locale: string = DEFAULT_LOCALE,
): string {
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 8,
    }).format(price)
  } catch {
    return `${numberFormat(locale, 2, 8).format(price)} ${currency}`
  }
}

/** A number typed into a quantity or price field ("1,234.5", "0,25"), or null. */
export function parseDecimalText(text: string): number | null {
  const s = text.trim().replace(/[\s$€£¥₹]/g, '')
  if (s === '') return null
  let normal: string
  if (/^\d+(?:[.,]\d+)?$/.test(s)) normal = s.replace(',', '.')
  else if (/^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(s)) normal = s.replace(/,/g, '')
  else return null
  const n = Number(normal)
  return Number.isFinite(n) ? n : null
}

/** Whether a number has at most 8 decimals (the API's limit for quantities and prices). */
export function hasAtMost8Decimals(n: number): boolean {
  const units = n * 1e8
  return Math.abs(units - Math.round(units)) <= Math.max(1e-6, Math.abs(units) * 1e-12)
}
