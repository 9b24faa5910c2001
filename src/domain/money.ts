// Money inside Kinwise is integer cents (minor units) with a brand, so a decimal amount can
// never be added to a cent amount by mistake. The HTTP API speaks decimals; the contract
// converts at the boundary with toCents/fromCents, and the web formats with formatMoney.

export type Cents = number & { readonly __brand: 'Cents' }

/**
 * Brands a whole number of cents; throws on fractions, NaN and infinities. A whole number
 * beyond the safe range (a total of millions of the largest amounts, ±90 trillion) is clamped
 * to it: it has already lost cents, and a read showing the clamped total beats one that fails.
 */
export function asCents(value: number): Cents {
  if (!Number.isInteger(value)) {
    throw new RangeError(`Not a whole number of cents: ${value}`)
  }
  if (!Number.isSafeInteger(value)) return (value > 0 ? Number.MAX_SAFE_INTEGER : -Number.MAX_SAFE_INTEGER) as Cents
  return value as Cents
}

export const ZERO = asCents(0)

/** True when a decimal amount has at most two decimals and fits in safe cents. */
export function isValidDecimalAmount(amount: number): boolean {
  if (!Number.isFinite(amount)) return false
  const scaled = amount * 100
  return Math.abs(scaled - Math.round(scaled)) < 1e-6 && Number.isSafeInteger(Math.round(scaled))
}

/** 12.34 → 1234. The caller validates with isValidDecimalAmount first (the contract does). */
export function toCents(amount: number): Cents {
  const rounded = Math.round(amount * 100)
  // -0 would serialise as 0 anyway, but keep comparisons clean
  return asCents(rounded === 0 ? 0 : rounded)
}

/** 1234 → 12.34 */
export function fromCents(value: Cents): number {
  return value / 100
}

export function addCents(...values: Cents[]): Cents {
  let total = 0
  for (const v of values) total += v
  return asCents(total)
}

export function subCents(a: Cents, b: Cents): Cents {
  return asCents(a - b)
}

export function negate(value: Cents): Cents {
  return asCents(value === 0 ? 0 : -value)
}

export function absCents(value: Cents): Cents {
  return asCents(Math.abs(value))
}

export function minCents(a: Cents, b: Cents): Cents {
  return a < b ? a : b
}

export function maxCents(a: Cents, b: Cents): Cents {
  return a > b ? a : b
}

/**
 * Divides cents by a whole divisor, rounding half away from zero, e.g. a monthly amount
 * spread over days. Returns 0 for a divisor of 0.
 */
export function divideCents(value: Cents, divisor: number): Cents {
  if (divisor === 0) return ZERO
  const q = value / divisor
  const rounded = q < 0 ? -Math.round(-q) : Math.round(q)
  // -Math.round(0.3) is -0, which formats as "-$0.00"
  return asCents(rounded === 0 ? 0 : rounded)
}

const SYMBOLS = 'A-Za-z$£€¥₹₩₽₺₪₫฿₴₦₱₲₵₡₭₮₸'
const LEADING_SYMBOLS = new RegExp(`^[${SYMBOLS}]+`)
const TRAILING_SYMBOLS = new RegExp(`[${SYMBOLS}]+$`)

/**
 * Parses a decimal written in text ("1,234.56", "-12,5", "(42.00)", "€ 3.10-", "+50,00") into
 * cents, exactly (no floating point). `decimalSeparator` says which of . or , is the decimal
 * mark; the other (and ' as in 1'234.50) is taken as a thousands separator, and must then sit
 * between groups of three digits (or Indian lakh groups, 1,23,456), so "12,5" read with a '.'
 * decimal mark is refused rather than read as 125. At most one sign: leading or trailing -/+,
 * the minus sign U+2212, or accounting parentheses. Returns null when the text is not a number
 * or has more than two decimals.
 */
export function parseDecimalToCents(text: string, decimalSeparator: '.' | ',' = '.'): Cents | null {
  // spaces of any kind (no-break, thin) only group digits or separate a currency symbol
  let s = text.replace(/\s/g, '').replace(/\u2212/g, '-')
  if (s === '') return null
  let signs = 0
  let negative = false
  // currency symbols and codes around the number, outside or inside parentheses
  s = s.replace(LEADING_SYMBOLS, '').replace(TRAILING_SYMBOLS, '')
  if (s.startsWith('(') && s.endsWith(')')) {
    signs += 1
    negative = true
    s = s.slice(1, -1).replace(LEADING_SYMBOLS, '').replace(TRAILING_SYMBOLS, '')
  }
  if (s.endsWith('-') || s.endsWith('+')) {
    signs += 1
    negative = s.endsWith('-')
    s = s.slice(0, -1)
  }
  if (s.startsWith('-') || s.startsWith('+')) {
    signs += 1
    negative = s.startsWith('-')
    s = s.slice(1)
  }
  if (signs > 1) return null
  // a symbol may also sit between the sign and the digits: "-$7,971.39", "3.10€-"
  s = s.replace(LEADING_SYMBOLS, '').replace(TRAILING_SYMBOLS, '')
  const pieces = s.split(decimalSeparator)
  if (pieces.length > 2) return null
  const [wholeText = '', frac = ''] = pieces
  if (!/^\d*$/.test(frac)) return null
  let whole = wholeText
  if (/[.,']/.test(whole)) {
    const grouped = whole.replace(/[.,']/g, ',')
    if (!/^\d{1,3}(?:,\d{3})+$/.test(grouped) && !/^\d{1,2}(?:,\d{2})*,\d{3}$/.test(grouped)) {
      return null
    }
    whole = grouped.replace(/,/g, '')
  }
  if (!/^\d*$/.test(whole) || (whole === '' && frac === '')) return null
  if (frac.length > 2) {
    // tolerate trailing zeros beyond two places ("12.3400"), refuse real sub-cent values
    if (!/^\d{2}0+$/.test(frac)) return null
  }
  const centsText = `${whole === '' ? '0' : whole}${frac.slice(0, 2).padEnd(2, '0')}`
  const value = Number(centsText)
  if (!Number.isSafeInteger(value)) return null
  return asCents(negative && value !== 0 ? -value : value)
}

// Building an Intl.NumberFormat costs far more than using one (a dashboard formats a hundred
// amounts per render): one per currency and locale, kept.
const moneyFormats = new Map<string, Intl.NumberFormat>()

/** Formats cents for people: currency and locale of the user, never more than 2 decimals. */
export function formatMoney(value: Cents, currency = 'USD', locale = 'en-US'): string {
  const key = `${currency}|${locale}`
  let format = moneyFormats.get(key)
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    })
    if (moneyFormats.size < 100) moneyFormats.set(key, format)
  }
  return format.format(value === 0 ? 0 : value / 100)
}
