// When an automation runs (Automation Center): the dates a cadence falls on (the bills'
// recurrence rules, domain/recurrence, reused so a 31st stays the 31st), the periods a run claims
// (one run per automation and period: the database's unique key makes several instances run it
// once) and the next date it is due.
import { addDays, compareDates, dayOfMonth, makeDate, type IsoDate } from '../dates'
import { occurrencesBetween, type Recurrence } from '../recurrence'

/** The kinds of automation the Automation Center runs. */
export const AUTOMATION_TYPES = ['scheduled_transaction', 'goal_transfer', 'alert', 'webhook'] as const
export type AutomationType = (typeof AUTOMATION_TYPES)[number]

export const CADENCES = [
  'weekly',
  'biweekly',
  'monthly',
  'quarterly',
  'yearly',
] as const satisfies readonly Recurrence[]
export type Cadence = (typeof CADENCES)[number]

/** How far back a run catches up with dates it missed (a server off for a while), in days. */
export const CATCH_UP_DAYS = 31

/** The days a dry run looks back over. */
export const DRY_RUN_DAYS = 90

/**
 * The dates a schedule starting on `start` falls on within [from, to], both inclusive. The day
 * of month of `start` is kept (31 → Feb 28/29 → Mar 31).
 */
export function scheduleDates(
  start: IsoDate,
  cadence: Cadence,
  from: IsoDate,
  to: IsoDate,
  anchorDay?: number,
): IsoDate[] {
  return occurrencesBetween(start, cadence, from, to, anchorDay ?? dayOfMonth(start))
}

/** The first date of the schedule on or after `day`; null when there is none within ten years. */
export function nextScheduleDate(
  start: IsoDate,
  cadence: Cadence,
  day: IsoDate,
  anchorDay?: number,
): IsoDate | null {
  const from = compareDates(start, day) > 0 ? start : day
  return scheduleDates(start, cadence, from, addDays(from, 3660), anchorDay)[0] ?? null
}

/**
 * The dates due by `today` that a run may still make: those since the later of the start, the
 * day the automation was made and `today` − CATCH_UP_DAYS. Dates before the automation existed
 * are never made (a dry run shows them instead).
 */
export function dueDates(
  start: IsoDate,
  cadence: Cadence,
  createdOn: IsoDate,
  today: IsoDate,
  anchorDay?: number,
): IsoDate[] {
  const floor = [start, createdOn, addDays(today, -CATCH_UP_DAYS)].reduce((a, b) =>
    compareDates(a, b) > 0 ? a : b,
  )
  return scheduleDates(start, cadence, floor, today, anchorDay)
}

/**
 * The first date of a monthly schedule on `day` (1–31; a short month uses its last day) on or
 * after `onOrAfter`: the start of a "monthly on the 15th" transfer.
 */
export function firstMonthlyDate(day: number, onOrAfter: IsoDate): IsoDate {
  const year = Number(onOrAfter.slice(0, 4))
  const month = Number(onOrAfter.slice(5, 7))
  const candidate = clampedDate(year, month, day)
  if (compareDates(candidate, onOrAfter) >= 0) return candidate
  return month === 12 ? clampedDate(year + 1, 1, day) : clampedDate(year, month + 1, day)
}

function clampedDate(year: number, month: number, day: number): IsoDate {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return makeDate(year, month, Math.min(day, last))
}

/** The period key of a dated run: the date itself (one run a date). */
export const datePeriod = (date: IsoDate): string => `date:${date}`
