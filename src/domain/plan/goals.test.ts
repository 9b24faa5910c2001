// The goal contribution rule of the daily plan, to the cent.
import { describe, expect, it } from 'vitest'
import { asCents } from '../money'
import { goalContributionOf, type PlannedGoal } from './goals'

const c = asCents

function goal(current: number, target: number, monthly: number, contributed: number, isActive = true): PlannedGoal {
  return { isActive, currentAmount: c(current), targetAmount: c(target), monthlyContribution: c(monthly), contributedThisMonth: c(contributed) }
}

describe('goalContributionOf', () => {
  it('takes the planned contribution when nothing more went in', () => {
    expect(goalContributionOf(goal(50_000, 100_000, 20_000, 0))).toBe(20_000)
  })

  it('takes what was actually contributed when it is more than planned', () => {
    expect(goalContributionOf(goal(30_000, 100_000, 10_000, 15_000))).toBe(15_000)
  })

  it('keeps the plan when less than planned went in so far', () => {
    expect(goalContributionOf(goal(30_000, 100_000, 10_000, 4_000))).toBe(10_000)
  })

  it('caps at what the goal still needs', () => {
    expect(goalContributionOf(goal(95_000, 100_000, 10_000, 0))).toBe(5_000)
  })

  it('counts nothing for a goal completed before this month', () => {
    expect(goalContributionOf(goal(100_000, 100_000, 10_000, 0))).toBe(0)
    expect(goalContributionOf(goal(120_000, 100_000, 10_000, 0))).toBe(0)
  })

  it('still counts what went into a goal completed this month', () => {
    expect(goalContributionOf(goal(100_000, 100_000, 10_000, 20_000))).toBe(20_000)
  })

  it('leaves out inactive goals and goals with nothing planned', () => {
    expect(goalContributionOf(goal(0, 100_000, 10_000, 5_000, false))).toBe(0)
    expect(goalContributionOf(goal(0, 100_000, 0, 0))).toBe(0)
    expect(goalContributionOf(goal(0, 100_000, -5_000, 0))).toBe(0)
  })

  it('adds all goals to the cent', () => {
    const goals = [
      goal(50_000, 100_000, 20_000, 0),
      goal(30_000, 100_000, 10_000, 15_000),
      goal(95_000, 100_000, 10_000, 0),
      goal(100_000, 100_000, 10_000, 0),
      goal(100_000, 100_000, 10_000, 20_000),
      goal(0, 100_000, 10_000, 5_000, false),
      goal(0, 100_000, 0, 0),
    ]
    expect(goals.reduce((sum, g) => sum + goalContributionOf(g), 0)).toBe(60_000)
  })
})
