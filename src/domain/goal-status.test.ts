import { describe, expect, it } from 'vitest'
import {
  GOAL_COMPLETED_TEXT,
  goalProgressPercent,
  goalStatus,
  monthsToComplete,
  NO_CONTRIBUTION_TEXT,
  projectedCompletionDate,
  type GoalPlan,
} from './goal-status'
import { asCents } from './money'

const c = asCents
const today = '2024-01-15'

function goal(
  current: number,
  target: number,
  monthly: number,
  targetDate: string | null = null,
): GoalPlan {
  return {
    currentAmount: c(current),
    targetAmount: c(target),
    monthlyContribution: c(monthly),
    targetDate,
  }
}

describe('goalProgressPercent', () => {
  it('is current over target as a percentage', () => {
    expect(goalProgressPercent(c(25_000), c(100_000))).toBe(25)
    expect(goalProgressPercent(c(0), c(100_000))).toBe(0)
    expect(goalProgressPercent(c(1), c(3))).toBeCloseTo(33.333333, 5)
    expect(goalProgressPercent(c(99_999), c(100_000))).toBeCloseTo(99.999, 10)
  })

  it('is clamped to 0–100', () => {
    expect(goalProgressPercent(c(150_000), c(100_000))).toBe(100)
    expect(goalProgressPercent(c(-5_000), c(100_000))).toBe(0)
  })

  it('treats a target of 0 as reached unless the saved amount is negative', () => {
    expect(goalProgressPercent(c(0), c(0))).toBe(100)
    expect(goalProgressPercent(c(500), c(0))).toBe(100)
    expect(goalProgressPercent(c(-1), c(0))).toBe(0)
  })
})

describe('goalStatus', () => {
  it('is completed when current reaches the target', () => {
    const expected = { kind: 'completed', months: 0, text: 'Goal completed!' }
    expect(goalStatus(goal(100_000, 100_000, 10_000), today)).toEqual(expected)
    expect(goalStatus(goal(100_001, 100_000, 0, '2020-01-01'), today)).toEqual(expected)
    expect(GOAL_COMPLETED_TEXT).toBe('Goal completed!')
    expect(goalStatus(goal(99_999, 100_000, 10_000), today).kind).not.toBe('completed')
  })

  it('asks for monthly contributions when none is planned', () => {
    const expected = {
      kind: 'no_contribution',
      months: 0,
      text: 'Set up monthly contributions to reach this goal',
    }
    expect(goalStatus(goal(0, 100_000, 0), today)).toEqual(expected)
    expect(goalStatus(goal(0, 100_000, -500, '2024-12-01'), today)).toEqual(expected)
    expect(NO_CONTRIBUTION_TEXT).toBe(expected.text)
  })

  it('counts the months remaining when there is no target date', () => {
    expect(goalStatus(goal(0, 100_000, 10_000), today)).toEqual({
      kind: 'on_track',
      months: 10,
      text: '10 months remaining',
    })
    expect(goalStatus(goal(0, 100_001, 10_000), today).text).toBe('11 months remaining')
    expect(goalStatus(goal(90_000, 100_000, 10_000), today)).toEqual({
      kind: 'on_track',
      months: 1,
      text: '1 month remaining',
    })
    expect(goalStatus(goal(99_999, 100_000, 10_000), today).text).toBe('1 month remaining')
  })

  describe('against a target date six months away', () => {
    const targetDate = '2024-07-15'

    it.each([
      [40_000, { kind: 'ahead', months: 2, text: '2 months ahead of schedule' }], // 4 months needed
      [50_000, { kind: 'ahead', months: 1, text: '1 month ahead of schedule' }], // 5 needed
      [60_000, { kind: 'on_track', months: 6, text: '6 months remaining' }], // 6 needed
      [60_001, { kind: 'behind', months: 1, text: '1 month behind schedule' }], // 7 needed
      [80_000, { kind: 'behind', months: 2, text: '2 months behind schedule' }], // 8 needed
    ] as const)('needing %d cents at 100 a month is %o', (remaining, expected) => {
      expect(goalStatus(goal(100_000 - remaining, 100_000, 10_000, targetDate), today)).toEqual(
        expected,
      )
    })

    it('counts a month left only when it is whole', () => {
      // 2024-01-15 → 2024-07-14 is five whole months
      expect(goalStatus(goal(40_000, 100_000, 10_000, '2024-07-14'), today).text).toBe(
        '1 month behind schedule',
      )
    })
  })

  it('is behind by every month needed once the target date has passed', () => {
    expect(goalStatus(goal(70_000, 100_000, 10_000, '2023-12-01'), today)).toEqual({
      kind: 'behind',
      months: 3,
      text: '3 months behind schedule',
    })
    expect(goalStatus(goal(99_000, 100_000, 10_000, today), today).text).toBe(
      '1 month behind schedule',
    )
  })
})

describe('monthsToComplete', () => {
  it('rounds the months of contributions up', () => {
    expect(monthsToComplete(goal(0, 30_000, 10_000))).toBe(3)
    expect(monthsToComplete(goal(0, 30_001, 10_000))).toBe(4)
    expect(monthsToComplete(goal(1, 30_001, 10_000))).toBe(3)
    expect(monthsToComplete(goal(30_000, 30_000, 0))).toBe(0)
    expect(monthsToComplete(goal(0, 30_000, 0))).toBeNull()
  })

  it('stays exact for very large amounts', () => {
    const monthly = 3
    const months = 1_000_000_000_000
    expect(monthsToComplete(goal(0, monthly * months + 1, monthly))).toBe(months + 1)
    expect(monthsToComplete(goal(0, monthly * months, monthly))).toBe(months)
  })
})

describe('projectedCompletionDate', () => {
  it('adds the months still needed to today', () => {
    expect(projectedCompletionDate(goal(0, 30_000, 10_000), today)).toBe('2024-04-15')
    expect(projectedCompletionDate(goal(0, 30_001, 10_000), today)).toBe('2024-05-15')
    expect(projectedCompletionDate(goal(0, 10_000, 10_000), '2024-01-31')).toBe('2024-02-29')
  })

  it('is today for a completed goal and null without a contribution', () => {
    expect(projectedCompletionDate(goal(30_000, 30_000, 0), today)).toBe(today)
    expect(projectedCompletionDate(goal(0, 30_000, 0), today)).toBeNull()
  })
})
