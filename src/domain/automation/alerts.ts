// Alert conditions of the Automation Center (issue 18): a transaction over an amount, a balance
// under one, a budget at 80 % and 100 % (domain/budget's thresholds, reused) and a bill due within
// some days. Amounts are integer cents; a spending amount is negative in the ledger, and "over
// $200" compares what was spent (its absolute value), strictly.
import { crossedBudgetThresholds, type BudgetAlertThreshold } from '../budget'
import { addDays, compareDates, daysBetween, type IsoDate } from '../dates'
import type { Cents } from '../money'

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
