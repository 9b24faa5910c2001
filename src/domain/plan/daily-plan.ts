// The daily plan (ADR 0044): one model behind the Spending Plan page, the dashboard's "Available
// Today" and the advisor. For a month, in cents:
//
//   income            the month's expected income: what arrived + paydays still expected
//   expenses          what was spent this month (bill payments included), as a positive number
//   billsStillDue     what the month's bills still ask for: unpaid and partly paid due dates,
//                     overdue ones included (a paid due date is in `expenses`, never here too)
//   goalContributions what the active goals set aside this month
//   plannedSpending   what the budgets still hold back: per budgeted category, its budget (with
//                     what rolled over) less what was spent in it and less its bills still due
//                     (those are counted above), never below 0
//   available         income − expenses − billsStillDue − goalContributions − plannedSpending
//   dailyAllowance    available ÷ days left in the month, today included, never below 0
//
// So raising a budget lowers the allowance by the same amount spread over the days left, and
// spending inside a budget does not lower it (the budget already held that money back); spending
// with no budget, or past one, does.
import { monthAllowance, monthTense } from '../allowance'
import type { IsoDate } from '../dates'
import { asCents, type Cents } from '../money'
import type { BillOccurrence } from '../bills/occurrences'

export type PlanBudget = {
  categoryId: string
  name: string
  /** this month's budget plus what rolled over into it (may be below the budget after overspending) */
  limit: Cents
  /** spent in the category (and its children) this month */
  spent: Cents
}

export type PlanGoal = { goalId: string; name: string; amount: Cents; stillToSave: Cents }

export type PlanAdvice =
  | { kind: 'add_income' }
  | { kind: 'lower_budget'; categoryId: string; name: string; holds: Cents }
  | { kind: 'lower_goal'; goalId: string; name: string; stillToSave: Cents }
  | { kind: 'bills_over_income'; shortBy: Cents }
  | { kind: 'over_budgets'; shortBy: Cents }

export type DailyPlan = {
  income: Cents
  incomeReceived: Cents
  incomeStillExpected: Cents
  expenses: Cents
  billsPaid: Cents
  billsStillDue: Cents
  goalContributions: Cents
  plannedSpending: Cents
  available: Cents
  dailyAllowance: Cents
  daysLeft: number
  /** income − every bill of the month (paid or not) − goals: the money budgets divide */
  flexible: Cents
  /** every budget of the month added up (with what rolled over) */
  budgeted: Cents
  /** spending in categories with no budget this month, bills paid there left out */
  unbudgetedSpent: Cents
  /** what each budgeted category still holds back, largest first */
  budgetHolds: { categoryId: string; name: string; holds: Cents }[]
  /** actions that would raise the allowance, only ones that would (empty when it is above 0) */
  advice: PlanAdvice[]
}

/**
 * The plan of the month holding `first`, seen from `today` (a past month has no days left and
 * nothing still due or held back; a future month spreads over all its days). `billsInCategory`
 * gives each budgeted category's bills still due (a group's includes its children's).
 */
export function dailyPlan(input: {
  first: IsoDate
  today: IsoDate
  income: { total: Cents; received: Cents; stillExpected: Cents; unknown: boolean }
  expenses: Cents
  /** spending this month in categories that have no budget (uncategorised included) */
  unbudgetedSpent: Cents
  bills: readonly BillOccurrence[]
  goals: readonly PlanGoal[]
  budgets: readonly PlanBudget[]
  billsDueInCategory: (categoryId: string) => Cents
}): DailyPlan {
  const isPast = monthTense(input.first, input.today) === 'past'
  const billsStillDue = isPast ? 0 : input.bills.reduce((s, b) => s + b.remaining, 0)
  const billsPaid = input.bills.reduce((s, b) => s + Math.min(b.paid, b.amount), 0)
  const goalContributions = input.goals.reduce((s, g) => s + g.amount, 0)
  const holds = input.budgets
    .map((b) => ({
      categoryId: b.categoryId,
      name: b.name,
      holds: asCents(isPast ? 0 : Math.max(0, b.limit - b.spent - input.billsDueInCategory(b.categoryId))),
    }))
    .sort((a, b) => b.holds - a.holds || a.name.localeCompare(b.name))
  const plannedSpending = holds.reduce((s, h) => s + h.holds, 0)
  const available = input.income.total - input.expenses - billsStillDue - goalContributions - plannedSpending
  const { dailyAllowance: allowance, daysLeft } = monthAllowance(asCents(available), input.first, input.today)
  const budgeted = input.budgets.reduce((s, b) => s + b.limit, 0)
  const flexible = input.income.total - (billsPaid + billsStillDue) - goalContributions

  const advice: PlanAdvice[] = []
  if (!isPast && allowance === 0) {
    if (input.income.unknown) advice.push({ kind: 'add_income' })
    const allBills = billsPaid + billsStillDue
    if (!input.income.unknown && allBills > input.income.total) advice.push({ kind: 'bills_over_income', shortBy: asCents(allBills - input.income.total) })
    if (budgeted > 0 && budgeted > Math.max(0, flexible)) advice.push({ kind: 'over_budgets', shortBy: asCents(budgeted - Math.max(0, flexible)) })
    // only actions that would change the number: a budget that still holds money back, a goal
    // whose contribution is still to be made this month
    for (const h of holds) if (h.holds > 0) advice.push({ kind: 'lower_budget', categoryId: h.categoryId, name: h.name, holds: h.holds })
    for (const g of input.goals) if (g.stillToSave > 0) advice.push({ kind: 'lower_goal', goalId: g.goalId, name: g.name, stillToSave: g.stillToSave })
  }
  return {
    income: input.income.total,
    incomeReceived: input.income.received,
    incomeStillExpected: input.income.stillExpected,
    expenses: input.expenses,
    billsPaid: asCents(billsPaid),
    billsStillDue: asCents(billsStillDue),
    goalContributions: asCents(goalContributions),
    plannedSpending: asCents(plannedSpending),
    available: asCents(available),
    dailyAllowance: allowance,
    daysLeft,
    flexible: asCents(flexible),
    budgeted: asCents(budgeted),
    unbudgetedSpent: input.unbudgetedSpent,
    budgetHolds: holds.filter((h) => h.holds > 0),
    advice,
  }
}
