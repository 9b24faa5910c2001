// The daily spending allowance of the Smart Spending Plan (spec §9): what is available this
// month spread over the days left in it, today included.

import { daysLeftInMonth, type IsoDate } from './dates'
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
