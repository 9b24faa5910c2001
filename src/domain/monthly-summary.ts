// The Smart Spending Plan arithmetic behind the dashboard's "Available Today" and the
// monthly summary, all in cents for the calendar month of the user's `today`:
//
//   income            = sum of the positive amounts dated this month, transfers excluded
//   expenses          = spending this month (the negative amounts, transfers excluded), as a
//                       positive number
//   billsStillDue     = every occurrence of every active bill due from today to the end of the
//                       month inclusive (a weekly bill may fall due several times; a bill
//                       already paid has moved its next due date on and is not counted)
//   goalContributions = for each active goal, the larger of its planned monthly contribution
//                       and what was actually contributed this month, capped at what the goal
//                       still needed when the month began (target − current + contributed this
//                       month, never below 0), so a goal completed before this month adds 0
//   available         = income − expenses − billsStillDue − goalContributions (may be negative)
//   dailyAllowance    = available spread over the days left in the month (see allowance.ts)

import { dailyAllowance } from './allowance'
import { compareDates, daysLeftInMonth, endOfMonth, startOfMonth, type IsoDate } from './dates'
import { asCents, type Cents } from './money'
import { occurrencesBetween, type Recurrence } from './recurrence'

export type SummaryTransaction = { amount: Cents; date: IsoDate; isTransfer?: boolean }

/** Income and expenses (a positive number) of the month of `today`, transfers excluded. */
export function monthTotals(
  transactions: readonly SummaryTransaction[],
  today: IsoDate,
): { income: Cents; expenses: Cents } {
  const first = startOfMonth(today)
  const last = endOfMonth(today)
  let income = 0
  let expenses = 0
  for (const t of transactions) {
    if (t.isTransfer === true) continue
    if (compareDates(t.date, first) < 0 || compareDates(t.date, last) > 0) continue
    if (t.amount > 0) income += t.amount
    else expenses -= t.amount
  }
  return { income: asCents(income), expenses: asCents(expenses) }
}

export type PlannedBill = {
  /** the amount due each time, a positive number */
  amount: Cents
  nextDueDate: IsoDate
  recurrence: Recurrence
  anchorDay?: number
  /** no due date after this day (null or absent: no end) */
  endDate?: IsoDate | null
  isActive: boolean
}

/** Each occurrence still due from today to the month's end, soonest first: the plan's lines. */
export function billsStillDueLines<B extends PlannedBill>(
  bills: readonly B[],
  today: IsoDate,
): { bill: B; date: IsoDate; amount: Cents }[] {
  const last = endOfMonth(today)
  const lines: { bill: B; date: IsoDate; amount: Cents }[] = []
  for (const bill of bills) {
    if (!bill.isActive) continue
    const until = bill.endDate && compareDates(bill.endDate, last) < 0 ? bill.endDate : last
    for (const date of occurrencesBetween(bill.nextDueDate, bill.recurrence, today, until, bill.anchorDay)) {
      lines.push({ bill, date, amount: bill.amount })
    }
  }
  return lines.sort((a, b) => compareDates(a.date, b.date))
}

export function billsStillDueThisMonth(bills: readonly PlannedBill[], today: IsoDate): Cents {
  return asCents(billsStillDueLines(bills, today).reduce((sum, line) => sum + line.amount, 0))
}

export type PlannedGoal = {
  isActive: boolean
  currentAmount: Cents
  targetAmount: Cents
  monthlyContribution: Cents
  /** what went into the goal this month; already included in currentAmount */
  contributedThisMonth: Cents
}

/** What each active goal sets aside this month (see the rule at the top of this module). */
export function goalContributionOf(goal: PlannedGoal): Cents {
  if (!goal.isActive) return asCents(0)
  const neededAtMonthStart = Math.max(0, goal.targetAmount - goal.currentAmount + goal.contributedThisMonth)
  const intended = Math.max(0, goal.monthlyContribution, goal.contributedThisMonth)
  return asCents(Math.min(intended, neededAtMonthStart))
}

export function goalContributionsThisMonth(goals: readonly PlannedGoal[]): Cents {
  return asCents(goals.reduce((sum, goal) => sum + goalContributionOf(goal), 0))
}

export type AvailableParts = {
  income: Cents
  expenses: Cents
  billsStillDue: Cents
  goalContributions: Cents
}

export function computeAvailable({
  income,
  expenses,
  billsStillDue,
  goalContributions,
}: AvailableParts): Cents {
  return asCents(income - expenses - billsStillDue - goalContributions)
}

export type SpendingPlan = AvailableParts & {
  available: Cents
  dailyAllowance: Cents
  daysLeft: number
}

/**
 * The whole plan for the month of `today`. Income and expenses come in already summed (the
 * server sums them in SQL; monthTotals does it in memory with the same rule).
 */
export function spendingPlan(
  input: {
    income: Cents
    expenses: Cents
    bills: readonly PlannedBill[]
    goals: readonly PlannedGoal[]
  },
  today: IsoDate,
): SpendingPlan {
  const parts: AvailableParts = {
    income: input.income,
    expenses: input.expenses,
    billsStillDue: billsStillDueThisMonth(input.bills, today),
    goalContributions: goalContributionsThisMonth(input.goals),
  }
  const available = computeAvailable(parts)
  return {
    ...parts,
    available,
    dailyAllowance: dailyAllowance(available, today),
    daysLeft: daysLeftInMonth(today),
  }
}
