// A saved debt plan against real life: the payments the plan asks for month by month
// compared with the payments actually made into the debts' accounts, and what the plan's extra
// payment does to this month's daily allowance. Pure: the caller reads the payments.
import { dailyAllowance } from '../allowance'
import { addMonths, type IsoDate } from '../dates'
import { asCents, ZERO, type Cents } from '../money'

export type ProgressStatus = 'not_started' | 'on_track' | 'ahead' | 'behind'

export type ProgressMonth = { month: string; planned: Cents; paid: Cents }

export type PlanProgress = {
  status: ProgressStatus
  /** planned in the months already over (before the current one) */
  plannedDue: Cents
  /** planned up to and including the current month */
  plannedToDate: Cents
  /** paid from the plan's first month up to today */
  paidToDate: Cents
  /** how much is missing against the months already over; 0 when none is */
  behindBy: Cents
  /** from the plan's first month to the current one (at most the plan's length) */
  months: ProgressMonth[]
}

/** YYYY-MM of month `n` (1 = the first) of a plan starting on `start` (a first of month). */
export function planMonth(start: IsoDate, n: number): string {
  return addMonths(start, n - 1).slice(0, 7)
}

/**
 * `planned[i]` is what the plan pays into the linked debts in its month i + 1; `paid` the
 * payments made per YYYY-MM. The months already over must have been paid in full (payments made
 * early in the current month count toward them); the current month is still open, so it only
 * counts when it makes the plan ahead: paid beyond everything planned up to and including it.
 */
export function planProgress(
  start: IsoDate,
  planned: readonly Cents[],
  paid: ReadonlyMap<string, Cents>,
  currentMonth: string,
): PlanProgress {
  const months: ProgressMonth[] = []
  let plannedDue = 0
  let plannedToDate = 0
  let paidToDate = 0
  for (let n = 1; n <= planned.length; n++) {
    const month = planMonth(start, n)
    if (month > currentMonth) break
    const p = planned[n - 1] ?? ZERO
    const made = paid.get(month) ?? ZERO
    months.push({ month, planned: p, paid: made })
    plannedToDate += p
    if (month < currentMonth) plannedDue += p
    paidToDate += made
  }
  // payments made after the plan's last month (or before a plan that has not started) are not its
  if (months.length === 0) {
    return {
      status: 'not_started',
      plannedDue: ZERO,
      plannedToDate: ZERO,
      paidToDate: ZERO,
      behindBy: ZERO,
      months,
    }
  }
  const behindBy = Math.max(0, plannedDue - paidToDate)
  const status: ProgressStatus =
    behindBy > 0 ? 'behind' : paidToDate > plannedToDate ? 'ahead' : 'on_track'
  return {
    status,
    plannedDue: asCents(plannedDue),
    plannedToDate: asCents(plannedToDate),
    paidToDate: asCents(paidToDate),
    behindBy: asCents(behindBy),
    months,
  }
}

export type AllowanceEffect = {
  /** today's daily allowance as it is */
  now: Cents
  /** today's daily allowance once this month's extra payment is set aside */
  withExtra: Cents
  /** how much less a day (never negative) */
  difference: Cents
}

/**
 * What setting aside the plan's monthly extra payment does to today's daily allowance:
 * the allowance of (available − extra) against that of available, both by the spending plan's
 * one rule (domain/allowance).
 */
export function allowanceEffect(
  available: Cents,
  today: IsoDate,
  extraMonthly: Cents,
): AllowanceEffect {
  const now = dailyAllowance(available, today)
  const withExtra = dailyAllowance(asCents(available - extraMonthly), today)
  return { now, withExtra, difference: asCents(Math.max(0, now - withExtra)) }
}
