// The daily spending allowance of the Smart Spending Plan (docs/product.md §9): what is available
// this month spread over the days left in it, today included; and how a month other than this one
// is seen from today (a past month has no days left, a future one has all of them).

import { compareDates, daysLeftInMonth, endOfMonth, startOfMonth, type IsoDate } from './dates'
import { asCents, ZERO, type Cents } from './money'

/**
 * available ÷ days left in the month (counting today), rounded down to the cent so that
 * spending the allowance every day never adds up to more than is available; 0 when nothing
 * (or less than nothing) is available.
 */
export function dailyAllowance(available: Cents, today: IsoDate): Cents {
  if (available <= 0) return ZERO
  // exact: a quotient of safe integers that is not whole never rounds to a whole number
  return asCents(Math.floor(available / daysLeftInMonth(today)))
}

export type MonthTense = 'past' | 'current' | 'future'

/** Whether the month holding `date` is before, the same as, or after the month of `today`. */
export function monthTense(date: IsoDate, today: IsoDate): MonthTense {
  if (compareDates(endOfMonth(date), today) < 0) return 'past'
  if (compareDates(startOfMonth(date), today) > 0) return 'future'
  return 'current'
}

/**
 * The allowance of the month holding `date`, seen from `today`: this month's spreads what is
 * available over the days left; a past month has no days left and no allowance; a future month
 * spreads it over all of its days.
 */
export function monthAllowance(
  available: Cents,
  date: IsoDate,
  today: IsoDate,
): { dailyAllowance: Cents; daysLeft: number } {
  const tense = monthTense(date, today)
  if (tense === 'past') return { dailyAllowance: ZERO, daysLeft: 0 }
  const from = tense === 'future' ? startOfMonth(date) : today
  return { dailyAllowance: dailyAllowance(available, from), daysLeft: daysLeftInMonth(from) }
}
