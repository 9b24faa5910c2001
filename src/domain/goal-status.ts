// Savings goal progress and the status line under each goal (docs/product.md §4): completed, months
// ahead of or behind schedule, months remaining, or a prompt to set up monthly contributions;
// and when the goal will be reached at the planned contribution.

import { addMonths, monthsBetween, type IsoDate } from './dates'
import type { Cents } from './money'

/** Progress as a percentage 0–100; a goal with a target of 0 (or less) is done unless in debt. */
export function goalProgressPercent(current: Cents, target: Cents): number {
  if (target <= 0) return current >= 0 ? 100 : 0
  return Math.min(100, Math.max(0, (current * 100) / target))
}

export type GoalPlan = {
  currentAmount: Cents
  targetAmount: Cents
  monthlyContribution: Cents
  targetDate: IsoDate | null
}

export type GoalStatusKind = 'completed' | 'ahead' | 'behind' | 'on_track' | 'no_contribution'

/**
 * `months` is how many months ahead (ahead) or behind (behind) schedule, or how many months
 * of contributions remain (on_track); 0 for completed and no_contribution.
 */
export type GoalStatus = { kind: GoalStatusKind; months: number; text: string }

export const GOAL_COMPLETED_TEXT = 'Goal completed!'
export const NO_CONTRIBUTION_TEXT = 'Set up monthly contributions to reach this goal'

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}

/** Whole months of the planned contribution still needed; null when nothing is planned. */
export function monthsToComplete(goal: Omit<GoalPlan, 'targetDate'>): number | null {
  const remaining = goal.targetAmount - goal.currentAmount
  if (remaining <= 0) return 0
  if (goal.monthlyContribution <= 0) return null
  // exact: a quotient of safe integers that is not whole never rounds to a whole number
  return Math.ceil(remaining / goal.monthlyContribution)
}

export function goalStatus(goal: GoalPlan, today: IsoDate): GoalStatus {
  const monthsNeeded = monthsToComplete(goal)
  if (monthsNeeded === 0) return { kind: 'completed', months: 0, text: GOAL_COMPLETED_TEXT }
  if (monthsNeeded === null)
    return { kind: 'no_contribution', months: 0, text: NO_CONTRIBUTION_TEXT }
  const onTrack: GoalStatus = {
    kind: 'on_track',
    months: monthsNeeded,
    text: `${plural(monthsNeeded, 'month')} remaining`,
  }
  if (goal.targetDate === null) return onTrack
  const monthsLeft = Math.max(0, monthsBetween(today, goal.targetDate))
  const diff = monthsLeft - monthsNeeded
  if (diff > 0)
    return { kind: 'ahead', months: diff, text: `${plural(diff, 'month')} ahead of schedule` }
  if (diff < 0)
    return { kind: 'behind', months: -diff, text: `${plural(-diff, 'month')} behind schedule` }
  return onTrack
}

/**
 * The date the goal is reached if the planned contribution goes in every month: today plus
 * the months still needed (today itself when already reached); null with no contribution.
 */
export function projectedCompletionDate(
  goal: Omit<GoalPlan, 'targetDate'>,
  today: IsoDate,
): IsoDate | null {
  const monthsNeeded = monthsToComplete(goal)
  return monthsNeeded === null ? null : addMonths(today, monthsNeeded)
}
