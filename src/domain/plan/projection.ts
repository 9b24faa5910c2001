// The member's plan carried forward month by month, from today to a later month: what
// the advisor answers "Can I afford a $2,000 vacation in June?" and "How much will I have at the
// end of March?" with. It is the daily plan's own model (ADR 0044) seen ahead, in cents:
//
//   income         the month's expected income: every payday of the plan's income sources in it,
//                  plus the irregular estimate (domain/plan/income's expectedIncome, as for any
//                  month ahead)
//   bills          every due date of the plan's scheduled bills in it (domain/bills/occurrences)
//   goals          each goal's monthly contribution, until what is still to go is saved (the
//                  last one is what is left of it; a goal that is reached adds nothing after)
//   usualSpending  what the member usually spends outside bills in a month (the caller gives it:
//                  the median of the last complete months' spending less their bill payments)
//   net            income − bills − goals − usualSpending
//   endBalance     the balance the month starts with + net
//
// The first month is this one, from today on: its income still expected, its bills still due
// (overdue ones included), its goal contributions still to make, and what is left of its usual
// spending after what was already spent outside bills this month (never below 0). It starts
// from today's balance of the cash accounts of the member's plan (checking, savings, cash), which
// already holds what came in and went out so far. Money set aside for goals counts as gone from
// the balance from the month it is set aside; money already saved toward a goal that sits in
// those accounts stays in the balance.
import { monthTense } from '../allowance'
import { billOccurrences, type ScheduledBill } from '../bills/occurrences'
import { addMonths, endOfMonth, startOfMonth, type IsoDate } from '../dates'
import { goalContributionOf } from './goals'
import { asCents, type Cents } from '../money'
import { expectedIncome, type IncomeSource } from './income'

/** How far ahead a month may be projected: past three years, the usual spending says little. */
export const MAX_PROJECTION_MONTHS = 36

/** A goal of the member's plan, as it stands today. */
export type ProjectionGoal = {
  goalId: string
  name: string
  currentAmount: Cents
  targetAmount: Cents
  monthlyContribution: Cents
  /** what went into it this month (already in currentAmount) */
  contributedThisMonth: Cents
}

export type ProjectionInput = {
  today: IsoDate
  /** the month to project to (any day of it): this month or a later one */
  target: IsoDate
  /** today's balance of the cash accounts of the member's plan */
  cash: Cents
  /** this month as its plan sees it today */
  thisMonth: { incomeStillExpected: Cents; billsStillDue: Cents; spentOutsideBills: Cents }
  /** a month's usual spending outside bills */
  usualSpending: Cents
  incomeSources: readonly IncomeSource[]
  /** the irregular estimate's months (see expectedIncome) */
  irregularHistory: readonly Cents[]
  scheduledBills: readonly ScheduledBill[]
  goals: readonly ProjectionGoal[]
}

export type ProjectedMonth = {
  /** the month's first day */
  month: IsoDate
  /** true for this month: its figures are what is still to come from today */
  partial: boolean
  income: Cents
  bills: Cents
  goals: Cents
  usualSpending: Cents
  net: Cents
  startBalance: Cents
  endBalance: Cents
  /** each goal's contribution in the month (those with one) */
  goalLines: { goalId: string; name: string; amount: Cents }[]
}

export type Projection = {
  today: IsoDate
  /** today's cash balance, where the first month starts */
  cash: Cents
  usualSpending: Cents
  /** this month first, the target month last */
  months: ProjectedMonth[]
}

/** Whole months from the month of `today` to the month of `date` (negative for a past month). */
export function monthsAhead(date: IsoDate, today: IsoDate): number {
  const [y1, m1] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))]
  const [y2, m2] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))]
  return (y2 - y1) * 12 + (m2 - m1)
}

/**
 * The plan from today to the end of the target month, month by month. Throws a RangeError for a
 * month before this one (the past is not planned) or more than MAX_PROJECTION_MONTHS ahead.
 */
export function projectToMonth(input: ProjectionInput): Projection {
  const { today } = input
  if (monthTense(input.target, today) === 'past') throw new RangeError(`${input.target.slice(0, 7)} has passed: it cannot be planned`)
  const ahead = monthsAhead(input.target, today)
  if (ahead > MAX_PROJECTION_MONTHS) throw new RangeError(`${input.target.slice(0, 7)} is more than ${MAX_PROJECTION_MONTHS} months ahead`)

  // what each goal still needs once this month's contribution is made
  const goals = input.goals.map((g) => {
    const planned = goalContributionOf({
      isActive: true,
      currentAmount: g.currentAmount,
      targetAmount: g.targetAmount,
      monthlyContribution: g.monthlyContribution,
      contributedThisMonth: g.contributedThisMonth,
    })
    const stillToSave = Math.max(0, planned - g.contributedThisMonth)
    return { goal: g, stillToSave, remaining: Math.max(0, g.targetAmount - g.currentAmount - stillToSave) }
  })

  const months: ProjectedMonth[] = []
  const thisMonth = startOfMonth(today)
  const firstLines = goals.filter((g) => g.stillToSave > 0).map((g) => ({ goalId: g.goal.goalId, name: g.goal.name, amount: asCents(g.stillToSave) }))
  const first = month({
    month: thisMonth,
    partial: true,
    income: input.thisMonth.incomeStillExpected,
    bills: input.thisMonth.billsStillDue,
    goalLines: firstLines,
    usualSpending: asCents(Math.max(0, input.usualSpending - input.thisMonth.spentOutsideBills)),
    startBalance: input.cash,
  })
  months.push(first)

  let balance = first.endBalance
  for (let i = 1; i <= ahead; i++) {
    const m = addMonths(thisMonth, i)
    const last = endOfMonth(m)
    const income = expectedIncome({ sources: input.incomeSources, arrivals: [], irregularHistory: input.irregularHistory, first: m, today }).total
    const bills = billOccurrences(input.scheduledBills, [], m, last, today).reduce((s, o) => s + o.amount, 0)
    const goalLines: ProjectedMonth['goalLines'] = []
    for (const g of goals) {
      const amount = Math.min(g.goal.monthlyContribution, g.remaining)
      if (amount <= 0) continue
      g.remaining -= amount
      goalLines.push({ goalId: g.goal.goalId, name: g.goal.name, amount: asCents(amount) })
    }
    const projected = month({ month: m, partial: false, income, bills: asCents(bills), goalLines, usualSpending: input.usualSpending, startBalance: balance })
    months.push(projected)
    balance = projected.endBalance
  }
  return { today, cash: input.cash, usualSpending: input.usualSpending, months }
}

function month(m: {
  month: IsoDate
  partial: boolean
  income: Cents
  bills: Cents
  goalLines: ProjectedMonth['goalLines']
  usualSpending: Cents
  startBalance: Cents
}): ProjectedMonth {
  const goals = m.goalLines.reduce((s, g) => s + g.amount, 0)
  const net = m.income - m.bills - goals - m.usualSpending
  return {
    month: m.month,
    partial: m.partial,
    income: m.income,
    bills: m.bills,
    goals: asCents(goals),
    usualSpending: m.usualSpending,
    net: asCents(net),
    startBalance: m.startBalance,
    endBalance: asCents(m.startBalance + net),
    goalLines: m.goalLines,
  }
}

/**
 * Whether a price fits a projected month. The money the month leaves is its net plus the balance
 * it starts with, less a cushion of one month of bills (that month's own): a projection is an
 * estimate, and a month's bills come due before all of its paychecks have, so the balance is
 * never planned below what they ask for. That is the month's end balance less its bills; the
 * price fits when it is at most that.
 */
export function affordInMonth(m: ProjectedMonth, price: Cents): { cushion: Cents; room: Cents; fits: boolean; left: Cents } {
  const cushion = m.bills
  const room = asCents(m.net + m.startBalance - cushion)
  return { cushion, room, fits: room >= price, left: asCents(room - price) }
}

/**
 * A month's usual spending outside bills from the last complete months' (each its spending less
 * its bill payments, never below 0): their median, which one unusual month (a holiday, a new
 * sofa) does not move; of an even number, the mean of the middle two, rounded to the cent.
 */
export function usualSpending(months: readonly Cents[]): Cents {
  const sorted = months.map((m) => Math.max(0, m)).sort((a, b) => a - b)
  if (sorted.length === 0) return asCents(0)
  const mid = Math.floor(sorted.length / 2)
  const middle = sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
  return asCents(Math.round(middle))
}
