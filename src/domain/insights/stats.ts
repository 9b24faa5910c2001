// Small robust statistics and fast date arithmetic shared by recurring detection, anomalies and
// the forecast: medians and MADs over typed arrays (no per-value objects), and ISO dates as day
// numbers without building a Date per row, so a million rows stay a few linear passes.
import type { IsoDate } from '../dates'

/** The MAD of a normal distribution times this is its standard deviation. */
export const MAD_TO_SIGMA = 1.4826

/**
 * The median of values[from, to) (sorted in place). Even counts take the mean of the middle two,
 * so money medians can be a half cent: callers round.
 */
export function medianOf(values: Float64Array, from = 0, to = values.length): number {
  const n = to - from
  if (n <= 0) return 0
  const part = values.subarray(from, to)
  part.sort()
  const mid = n >> 1
  return n % 2 === 1 ? (part[mid] ?? 0) : ((part[mid - 1] ?? 0) + (part[mid] ?? 0)) / 2
}

/** The median of a plain list of numbers (not changed). */
export function median(values: readonly number[]): number {
  return medianOf(Float64Array.from(values))
}

/** The median absolute deviation of the values around `center`. */
export function madOf(values: readonly number[] | Float64Array, center: number): number {
  const deviations = new Float64Array(values.length)
  for (let i = 0; i < values.length; i++) deviations[i] = Math.abs((values[i] ?? 0) - center)
  return medianOf(deviations)
}

/** Days since 1970-01-01 of an ISO date, computed from its digits (civil-from-days inverse). */
export function dayNumber(date: IsoDate): number {
  const y0 =
    (date.charCodeAt(0) - 48) * 1000 + (date.charCodeAt(1) - 48) * 100 + (date.charCodeAt(2) - 48) * 10 + (date.charCodeAt(3) - 48)
  const m = (date.charCodeAt(5) - 48) * 10 + (date.charCodeAt(6) - 48)
  const d = (date.charCodeAt(8) - 48) * 10 + (date.charCodeAt(9) - 48)
  const y = m <= 2 ? y0 - 1 : y0
  const era = Math.floor(y / 400)
  const yoe = y - era * 400
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy
  return era * 146097 + doe - 719468
}

/** The ISO date of a day number (the inverse of dayNumber). */
export function dateOfDay(day: number): IsoDate {
  const z = day + 719468
  const era = Math.floor(z / 146097)
  const doe = z - era * 146097
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365)
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100))
  const mp = Math.floor((5 * doy + 2) / 153)
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1
  const m = mp < 10 ? mp + 3 : mp - 9
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0)
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`
}

/** year × 12 + month − 1 of an ISO date: consecutive months are consecutive numbers. */
export function monthNumber(date: IsoDate): number {
  const y =
    (date.charCodeAt(0) - 48) * 1000 + (date.charCodeAt(1) - 48) * 100 + (date.charCodeAt(2) - 48) * 10 + (date.charCodeAt(3) - 48)
  const m = (date.charCodeAt(5) - 48) * 10 + (date.charCodeAt(6) - 48)
  return y * 12 + m - 1
}

/** The first day of a month number, as an ISO date. */
export function monthStart(month: number): IsoDate {
  return `${String(Math.floor(month / 12)).padStart(4, '0')}-${String((month % 12) + 1).padStart(2, '0')}-01`
}

/** Rounds half away from zero to a whole number (cents). */
export function roundCents(value: number): number {
  const r = value < 0 ? -Math.round(-value) : Math.round(value)
  return r === 0 ? 0 : r
}
