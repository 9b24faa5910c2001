// The Spending Plan page: per category, this month's budget, what rolled over from last month,
// what was spent and what is left, and the month's daily plan line by line — all from the one
// plan of plan.ts (ADR 0044), so the page and the dashboard never disagree.
import type { SpendingPlan } from '#src/contract/spending-plan'
import { asCents } from '#src/domain/money'
import type { Db } from '#src/server/db/connect'
import type { SessionUser } from '#src/server/core/sessions'
import { budgetedGroups, monthPlan } from './plan'

export async function spendingPlanFor(db: Db, user: SessionUser, now: Date, month?: string): Promise<SpendingPlan> {
  const plan = await monthPlan(db, user, now, month)
  // the totals are the budgeted groups' alone: spending with no budget is not "over" anything
  const groups = budgetedGroups(plan.categories)
  const budgeted = groups.reduce((s, r) => s + r.budget + r.carried, 0)
  const spent = groups.reduce((s, r) => s + r.spent, 0)
  return {
    month: plan.month,
    today: plan.today,
    categories: plan.categories,
    totals: { budgeted: asCents(budgeted), spent: asCents(spent), available: asCents(budgeted - spent) },
    plan: {
      income: plan.income,
      incomeReceived: plan.incomeReceived,
      incomeStillExpected: plan.incomeStillExpected,
      expenses: plan.expenses,
      billsPaid: plan.billsPaid,
      billsStillDue: plan.billsStillDue,
      goalContributions: plan.goalContributions,
      plannedSpending: plan.plannedSpending,
      available: plan.available,
      dailyAllowance: plan.dailyAllowance,
      daysLeft: plan.daysLeft,
      flexible: plan.flexible,
      budgeted: plan.budgeted,
      unbudgetedSpent: plan.unbudgetedSpent,
      incomeHasEstimate: plan.incomeHasEstimate,
      incomeUnknown: plan.incomeUnknown,
    },
    incomeLines: plan.incomeLines.map(({ key, label, origin, date, amount, expected, status, arrivedOn }) => ({ key, label, origin, date, amount, expected, status, arrivedOn })),
    billLines: plan.bills.map((b) => ({ billId: b.billId, name: b.name, date: b.dueDate, amount: b.amount, paid: b.paid, remaining: b.remaining, status: b.status })),
    goalLines: plan.goalLines,
    budgetHolds: plan.budgetHolds,
    advice: plan.advice,
  }
}
