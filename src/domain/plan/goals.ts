// What each active goal sets aside in a month, for the daily plan (ADR 0044): the larger of its
// planned monthly contribution and what was actually put in this month, capped at what the goal
// still needed when the month began (target − current + contributed this month, never below 0),
// so a goal completed before this month adds 0 and one completed during it keeps what went in.
import { asCents, type Cents } from '../money'

export type PlannedGoal = {
  isActive: boolean
  currentAmount: Cents
  targetAmount: Cents
  monthlyContribution: Cents
  /** what went into the goal this month; already included in currentAmount */
  contributedThisMonth: Cents
}

export function goalContributionOf(goal: PlannedGoal): Cents {
  if (!goal.isActive) return asCents(0)
  const neededAtMonthStart = Math.max(0, goal.targetAmount - goal.currentAmount + goal.contributedThisMonth)
  const intended = Math.max(0, goal.monthlyContribution, goal.contributedThisMonth)
  return asCents(Math.min(intended, neededAtMonthStart))
}
