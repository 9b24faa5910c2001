// Alert conditions of the Automation Center: a transaction over an amount, a balance
// under one, a budget at 80 % and 100 % (domain/budget's thresholds, reused) and a bill due within
// some days. Amounts are integer cents; a spending amount is negative in the ledger, and "over
// $200" compares what was spent (its absolute value), strictly.
import { crossedBudgetThresholds, type BudgetAlertThreshold } from '../budget'
import { addDays, addMonths, compareDates, daysBetween, type IsoDate } from '../dates'
import type { Cents } from '../money'
import type { Recurrence } from '../recurrence'

export const ALERT_CONDITIONS = ['transaction_over', 'balance_under', 'budget', 'bill_due'] as const
export type AlertCondition = (typeof ALERT_CONDITIONS)[number]

/** Spending (a negative amount) of more than `threshold`: −200.01 is over 200, −200.00 is not. */
export function isTransactionOver(amount: Cents, threshold: Cents): boolean {
  return amount < 0 && -amount > threshold
}

/** A balance strictly under `threshold`. */
export function isBalanceUnder(balance: Cents, threshold: Cents): boolean {
  return balance < threshold
}

/** The thresholds (0.8, 1) this month's spending has reached, as whole percents: [80, 100]. */
export function budgetAlertPercents(spent: Cents, budget: Cents): number[] {
  return crossedBudgetThresholds(spent, budget).map((t: BudgetAlertThreshold) =>
    Math.round(t * 100),
  )
}

/** A bill due from today through today + `days` (a bill already past due is not "due in N days"). */
export function isBillDueWithin(today: IsoDate, due: IsoDate, days: number): boolean {
  return compareDates(due, today) >= 0 && compareDates(due, addDays(today, days)) <= 0
}

const STEP_BACK = {
  weekly: (d: IsoDate) => addDays(d, -7),
  biweekly: (d: IsoDate) => addDays(d, -14),
  monthly: (d: IsoDate, anchor: number) => addMonths(d, -1, anchor),
  quarterly: (d: IsoDate, anchor: number) => addMonths(d, -3, anchor),
  yearly: (d: IsoDate, anchor: number) => addMonths(d, -12, anchor),
} as const

/**
 * What a bill-due alert would have done over [from, today] (a dry run): each due date of the
 * bill up to its next one (stepped back along its recurrence, keeping its anchor day) that came
 * within `days` on a day of the window, with that first day, when its reminder would have come.
 * A date after the bill's next due date is never alerted on (the bill is not paid up to it yet).
 */
export function billDueAlerts(
  bill: { nextDueDate: IsoDate; recurrence: Recurrence; anchorDay: number },
  days: number,
  from: IsoDate,
  today: IsoDate,
): { due: IsoDate; alertOn: IsoDate }[] {
  const last = compareDates(bill.nextDueDate, addDays(today, days)) < 0 ? bill.nextDueDate : addDays(today, days)
  const out: { due: IsoDate; alertOn: IsoDate }[] = []
  const back = bill.recurrence === 'once' ? null : STEP_BACK[bill.recurrence]
  // a year of weekly dates at most: the window is 90 days plus `days` (≤ 60)
  for (let due = bill.nextDueDate, n = 0; compareDates(due, from) >= 0 && n < 60; n += 1) {
    if (compareDates(due, last) <= 0) {
      const start = addDays(due, -days)
      out.push({ due, alertOn: compareDates(start, from) > 0 ? start : from })
    }
    if (!back) break
    due = back(due, bill.anchorDay)
  }
  return out.reverse()
}

/** Days from today to the due date (0 = today). */
export const daysUntilDue = (today: IsoDate, due: IsoDate): number => daysBetween(today, due)

/**
 * The days a balance first went under `threshold` (a dip), given the balance at the end of each
 * day in order: one date per dip, the day it went under; a balance that stays under is one dip.
 */
export function dipDays(
  days: readonly { date: IsoDate; balance: Cents }[],
  threshold: Cents,
  startedUnder = false,
): IsoDate[] {
  const out: IsoDate[] = []
  let under = startedUnder
  for (const day of days) {
    const now = isBalanceUnder(day.balance, threshold)
    if (now && !under) out.push(day.date)
    under = now
  }
  return out
}
