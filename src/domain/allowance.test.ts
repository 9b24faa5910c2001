import { describe, expect, it } from 'vitest'
import { dailyAllowance, monthAllowance, monthTense } from './allowance'
import { daysLeftInMonth } from './dates'
import { asCents } from './money'

const c = asCents

describe('dailyAllowance', () => {
  it('spreads what is available over the days left, today included', () => {
    expect(dailyAllowance(c(31_000), '2024-03-01')).toBe(1000) // 31 days left
    expect(dailyAllowance(c(20_000), '2024-03-12')).toBe(1000) // 20 days left
    expect(dailyAllowance(c(31_030), '2024-03-31')).toBe(31_030) // the last day
    expect(dailyAllowance(c(100), '2024-02-28')).toBe(50) // leap year: 28th and 29th
    expect(dailyAllowance(c(100), '2023-02-28')).toBe(100)
  })

  it('rounds down to the cent so the days never add up to more than available', () => {
    expect(dailyAllowance(c(31_030), '2024-03-01')).toBe(1000) // 1000.97
    expect(dailyAllowance(c(2999), '2024-04-01')).toBe(99) // 99.97 over 30 days
    for (const available of [1, 29, 30, 31, 999, 1001, 123_457]) {
      for (const today of ['2024-02-01', '2024-04-17', '2024-12-31']) {
        const days = daysLeftInMonth(today)
        const perDay = dailyAllowance(c(available), today)
        expect(perDay * days).toBeLessThanOrEqual(available)
        expect((perDay + 1) * days).toBeGreaterThan(available)
      }
    }
  })

  it('is never below 0', () => {
    expect(dailyAllowance(c(0), '2024-03-15')).toBe(0)
    expect(dailyAllowance(c(-50_000), '2024-03-15')).toBe(0)
    expect(dailyAllowance(c(10), '2024-03-01')).toBe(0) // less than a cent a day
  })

  it('stays exact for very large amounts', () => {
    const available = 31 * 281_474_976_710_000 - 1
    expect(dailyAllowance(c(available), '2024-03-01')).toBe(281_474_976_709_999)
  })
})

describe('a month seen from today', () => {
  it('knows past, current and future months', () => {
    expect(monthTense('2024-02-01', '2024-03-15')).toBe('past')
    expect(monthTense('2024-02-29', '2024-03-01')).toBe('past')
    expect(monthTense('2024-03-01', '2024-03-15')).toBe('current')
    expect(monthTense('2024-03-31', '2024-03-15')).toBe('current')
    expect(monthTense('2024-04-01', '2024-03-31')).toBe('future')
    expect(monthTense('2023-12-01', '2024-01-01')).toBe('past')
  })

  it('gives a past month no days and no allowance, a future month all of its days', () => {
    expect(monthAllowance(c(30_000), '2024-02-01', '2024-03-15')).toEqual({
      dailyAllowance: 0,
      daysLeft: 0,
    })
    expect(monthAllowance(c(30_000), '2024-04-01', '2024-03-15')).toEqual({
      dailyAllowance: 1000,
      daysLeft: 30,
    })
    // this month: 17 days left from the 15th, today included
    expect(monthAllowance(c(17_000), '2024-03-01', '2024-03-15')).toEqual({
      dailyAllowance: 1000,
      daysLeft: 17,
    })
    expect(monthAllowance(c(-5), '2024-04-01', '2024-03-15')).toEqual({
      dailyAllowance: 0,
      daysLeft: 30,
    })
  })
})
