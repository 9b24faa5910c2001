// Budget rules: how used a budget is, its colour level, the alert thresholds crossed, and what
// a month's unspent (or overspent) budget carries into the next month. Ratios are compared
// in whole cents, so 69.99% and 70% fall on the right sides exactly.

import { asCents, type Cents } from './money'

/** 'none': the category has no budget this month, so it cannot be over one. */
export type BudgetLevel = 'none' | 'good' | 'caution' | 'warning' | 'over'

/** Spent over budget as a ratio (0.5 = half used); null when there is no budget (0 or less). */
export function budgetUsage(spent: Cents, budget: Cents): number | null {
  if (budget <= 0) return null
  return spent / budget
}

/** spent ≥ budget × percent / 100, in integers */
function reaches(spent: Cents, budget: Cents, percent: number): boolean {
  return spent * 100 >= budget * percent
}

/**
 * Under 70% used is good, under 85% caution, under 100% warning, from 100% over. With no
 * budget, any spending is over and none is good.
 */
export function budgetLevel(spent: Cents, budget: Cents): BudgetLevel {
  if (budget <= 0) return spent > 0 ? 'over' : 'good'
  if (reaches(spent, budget, 100)) return 'over'
  if (reaches(spent, budget, 85)) return 'warning'
  if (reaches(spent, budget, 70)) return 'caution'
  return 'good'
}

/**
 * The level of a category's month: 'none' when it has no budget and nothing carried in (its
 * spending is just spending, never "over budget"); otherwise budgetLevel against the budget plus
 * what was carried in (an overspend carried in with no new budget is still over).
 */
export function categoryBudgetLevel(spent: Cents, budget: Cents, carried: Cents): BudgetLevel {
  if (budget <= 0 && carried === 0) return 'none'
  return budgetLevel(spent, asCents(budget + carried))
}

/**
 * What carries into the next month: last month's budget plus what it had carried in, minus
 * what was spent. Negative when overspending is carried forward.
 */
export function rolloverAmount(
  previousBudget: Cents,
  previousSpent: Cents,
  previousRollover: Cents,
): Cents {
  return asCents(previousBudget + previousRollover - previousSpent)
}

/** Usage ratios at which a budget alert is raised: 80% used and fully used. */
export const BUDGET_ALERT_THRESHOLDS = [0.8, 1] as const

export type BudgetAlertThreshold = (typeof BUDGET_ALERT_THRESHOLDS)[number]

/** The alert thresholds reached by this spending, lowest first; with no budget, any spending reaches both. */
export function crossedBudgetThresholds(spent: Cents, budget: Cents): BudgetAlertThreshold[] {
  if (budget <= 0) return spent > 0 ? [...BUDGET_ALERT_THRESHOLDS] : []
  return BUDGET_ALERT_THRESHOLDS.filter((t) => reaches(spent, budget, Math.round(t * 100)))
}

/**
 * The highest alert threshold reached, as a whole percent (80 or 100), or null below the first:
 * a budget has one alert at a time, the 100 % one replacing the 80 % one.
 */
export function budgetLevelPercent(spent: Cents, budget: Cents): number | null {
  const crossed = crossedBudgetThresholds(spent, budget)
  const highest = crossed[crossed.length - 1]
  return highest === undefined ? null : Math.round(highest * 100)
}
