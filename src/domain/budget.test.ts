import { describe, expect, it } from 'vitest'
import {
  BUDGET_ALERT_THRESHOLDS,
  budgetLevel,
  budgetUsage,
  categoryBudgetLevel,
  crossedBudgetThresholds,
  rolloverAmount,
} from './budget'
import { asCents } from './money'

const c = asCents

describe('budgetLevel', () => {
  it.each([
    [0, 'good'],
    [6999, 'good'], // 69.99%
    [7000, 'caution'], // 70%
    [8499, 'caution'], // 84.99%
    [8500, 'warning'], // 85%
    [9999, 'warning'], // 99.99%
    [10_000, 'over'], // 100%
    [25_000, 'over'],
    [-500, 'good'], // refunds larger than spending
  ] as const)('%d spent of 10000 is %s', (spent, level) => {
    expect(budgetLevel(c(spent), c(10_000))).toBe(level)
  })

  it('puts exact boundaries on the right side for awkward budgets', () => {
    expect(budgetLevel(c(7), c(10))).toBe('caution')
    expect(budgetLevel(c(69_999), c(100_000))).toBe('good')
    expect(budgetLevel(c(70_000), c(100_000))).toBe('caution')
    expect(budgetLevel(c(17), c(20))).toBe('warning') // exactly 85%
    expect(budgetLevel(c(16), c(20))).toBe('caution') // 80%
  })

  it('with no budget, any spending is over and none is good', () => {
    expect(budgetLevel(c(1), c(0))).toBe('over')
    expect(budgetLevel(c(0), c(0))).toBe('good')
  })
})

describe('categoryBudgetLevel', () => {
  it('is none for a category without a budget, whatever it spent', () => {
    expect(categoryBudgetLevel(c(9000), c(0), c(0))).toBe('none')
    expect(categoryBudgetLevel(c(0), c(0), c(0))).toBe('none')
  })

  it('measures a budget plus what was carried in', () => {
    expect(categoryBudgetLevel(c(9000), c(10_000), c(0))).toBe('warning')
    expect(categoryBudgetLevel(c(9000), c(5000), c(5000))).toBe('warning')
    expect(categoryBudgetLevel(c(6000), c(0), c(10_000))).toBe('good') // only carried in
    expect(categoryBudgetLevel(c(100), c(0), c(-5000))).toBe('over') // an overspend carried in
    expect(categoryBudgetLevel(c(11_000), c(10_000), c(0))).toBe('over')
  })
})

describe('budgetUsage', () => {
  it('is spent over budget', () => {
    expect(budgetUsage(c(5000), c(10_000))).toBe(0.5)
    expect(budgetUsage(c(12_500), c(10_000))).toBe(1.25)
    expect(budgetUsage(c(0), c(10_000))).toBe(0)
  })

  it('is null without a budget', () => {
    expect(budgetUsage(c(100), c(0))).toBeNull()
    expect(budgetUsage(c(0), c(0))).toBeNull()
  })
})

describe('rolloverAmount', () => {
  it('carries what was left over', () => {
    expect(rolloverAmount(c(50_000), c(42_000), c(0))).toBe(8000)
    expect(rolloverAmount(c(50_000), c(42_000), c(3000))).toBe(11_000)
  })

  it('carries overspending as a negative amount', () => {
    expect(rolloverAmount(c(50_000), c(60_000), c(0))).toBe(-10_000)
    expect(rolloverAmount(c(50_000), c(42_000), c(-10_000))).toBe(-2000)
    expect(rolloverAmount(c(50_000), c(50_000), c(0))).toBe(0)
  })
})

describe('crossedBudgetThresholds', () => {
  it('alerts at 80% and 100%', () => {
    expect(BUDGET_ALERT_THRESHOLDS).toEqual([0.8, 1])
  })

  it.each([
    [0, []],
    [7999, []],
    [8000, [0.8]],
    [9999, [0.8]],
    [10_000, [0.8, 1]],
    [15_000, [0.8, 1]],
  ] as const)('%d spent of 10000 crosses %j', (spent, thresholds) => {
    expect(crossedBudgetThresholds(c(spent), c(10_000))).toEqual(thresholds)
  })

  it('is exact at awkward ratios', () => {
    expect(crossedBudgetThresholds(c(4), c(5))).toEqual([0.8])
    expect(crossedBudgetThresholds(c(3), c(5))).toEqual([])
  })

  it('with no budget, any spending crosses both', () => {
    expect(crossedBudgetThresholds(c(1), c(0))).toEqual([0.8, 1])
    expect(crossedBudgetThresholds(c(0), c(0))).toEqual([])
  })
})
