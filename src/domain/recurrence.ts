// Repeating due dates for bills (and anything else on a schedule): the next date after one,
// every date in a window, and what a repeating amount costs per month. Monthly, quarterly and
// yearly schedules keep an anchor day, so a bill due on the 31st is due Jan 31, Feb 28/29,
// Mar 31 rather than drifting to the 28th.

import {
  addDays,
  addMonths,
  compareDates,
  dayOfMonth,
  daysBetween,
  monthsBetween,
  type IsoDate,
} from './dates'
import { asCents, divideCents, ZERO, type Cents } from './money'

export const RECURRENCES = ['weekly', 'biweekly', 'monthly', 'quarterly', 'yearly', 'once'] as const

export type Recurrence = (typeof RECURRENCES)[number]

/** The most dates occurrencesBetween returns, so a wide window can never run away. */
export const MAX_OCCURRENCES = 1000

const DAYS_PER_STEP = { weekly: 7, biweekly: 14 } as const
const MONTHS_PER_STEP = { monthly: 1, quarterly: 3, yearly: 12 } as const

export function isRecurrence(value: string): value is Recurrence {
  return (RECURRENCES as readonly string[]).includes(value)
}

/**
 * The due date after `current`; null for a one-off. `anchorDay` (1–31) is the day of month a
 * monthly, quarterly or yearly schedule returns to; it defaults to the day of `current`, so
 * pass it whenever `current` may have been clamped to the end of a short month.
 */
export function nextDueDate(
  current: IsoDate,
  recurrence: Recurrence,
  anchorDay?: number,
): IsoDate | null {
  switch (recurrence) {
    case 'once':
      return null
    case 'weekly':
    case 'biweekly':
      return addDays(current, DAYS_PER_STEP[recurrence])
    case 'monthly':
    case 'quarterly':
    case 'yearly':
      return addMonths(current, MONTHS_PER_STEP[recurrence], anchorDay ?? dayOfMonth(current))
  }
}

/**
 * Every due date of a schedule that starts at `firstDue` and falls within [from, to]
 * (both inclusive), in order, at most MAX_OCCURRENCES of them. The k-th date is computed
 * from `firstDue` directly, so a schedule that started years ago costs nothing to skip.
 */
export function occurrencesBetween(
  firstDue: IsoDate,
  recurrence: Recurrence,
  from: IsoDate,
  to: IsoDate,
  anchorDay?: number,
): IsoDate[] {
  if (compareDates(from, to) > 0 || compareDates(firstDue, to) > 0) return []
  if (recurrence === 'once') return compareDates(firstDue, from) >= 0 ? [firstDue] : []

  const anchor = anchorDay ?? dayOfMonth(firstDue)
  const occurrence = (k: number): IsoDate => {
    if (k === 0) return firstDue
    if (recurrence === 'weekly' || recurrence === 'biweekly') {
      return addDays(firstDue, k * DAYS_PER_STEP[recurrence])
    }
    return addMonths(firstDue, k * MONTHS_PER_STEP[recurrence], anchor)
  }

  // Start one step early of the first date that can be in the window, then walk forward.
  let k = 0
  if (compareDates(firstDue, from) < 0) {
    const steps =
      recurrence === 'weekly' || recurrence === 'biweekly'
        ? Math.floor(daysBetween(firstDue, from) / DAYS_PER_STEP[recurrence])
        : Math.floor(monthsBetween(firstDue, from) / MONTHS_PER_STEP[recurrence])
    k = Math.max(0, steps - 1)
  }
  const dates: IsoDate[] = []
  for (let date = occurrence(k); compareDates(date, to) <= 0; date = occurrence(k)) {
    if (compareDates(date, from) >= 0) {
      dates.push(date)
      if (dates.length >= MAX_OCCURRENCES) break
    }
    k += 1
  }
  return dates
}

/**
 * What a repeating amount costs per month on average: weekly × 52/12, biweekly × 26/12,
 * quarterly / 3, yearly / 12, a one-off 0; rounded half away from zero to the cent.
 */
export function monthlyEquivalent(amount: Cents, recurrence: Recurrence): Cents {
  switch (recurrence) {
    case 'weekly':
      return divideCents(asCents(amount * 52), 12)
    case 'biweekly':
      return divideCents(asCents(amount * 26), 12)
    case 'monthly':
      return amount
    case 'quarterly':
      return divideCents(amount, 3)
    case 'yearly':
      return divideCents(amount, 12)
    case 'once':
      return ZERO
  }
}
