import { describe, expect, it } from 'vitest'
import { asCents } from './money'
import {
  isRecurrence,
  MAX_OCCURRENCES,
  monthlyEquivalent,
  nextDueDate,
  occurrencesBetween,
  RECURRENCES,
  type Recurrence,
} from './recurrence'

describe('RECURRENCES', () => {
  it('lists every schedule', () => {
    expect(RECURRENCES).toEqual(['weekly', 'biweekly', 'monthly', 'quarterly', 'yearly', 'once'])
    expect(isRecurrence('monthly')).toBe(true)
    expect(isRecurrence('daily')).toBe(false)
  })
})

describe('nextDueDate', () => {
  it('has no next date for a one-off', () => {
    expect(nextDueDate('2024-03-10', 'once')).toBeNull()
  })

  it('steps weekly and biweekly by days', () => {
    expect(nextDueDate('2024-02-26', 'weekly')).toBe('2024-03-04')
    expect(nextDueDate('2024-02-22', 'biweekly')).toBe('2024-03-07')
    expect(nextDueDate('2024-12-28', 'weekly')).toBe('2025-01-04')
  })

  it('steps monthly, quarterly and yearly by months', () => {
    expect(nextDueDate('2024-03-10', 'monthly')).toBe('2024-04-10')
    expect(nextDueDate('2024-11-15', 'quarterly')).toBe('2025-02-15')
    expect(nextDueDate('2024-06-01', 'yearly')).toBe('2025-06-01')
  })

  it('keeps the anchor day of a bill due on the 31st', () => {
    const jan = '2024-01-31'
    const feb = nextDueDate(jan, 'monthly', 31)
    expect(feb).toBe('2024-02-29')
    const mar = nextDueDate(feb ?? '', 'monthly', 31)
    expect(mar).toBe('2024-03-31')
    expect(nextDueDate(mar ?? '', 'monthly', 31)).toBe('2024-04-30')
    expect(nextDueDate('2023-01-31', 'monthly', 31)).toBe('2023-02-28')
  })

  it('without an anchor follows the day of the current date', () => {
    expect(nextDueDate('2024-02-29', 'monthly')).toBe('2024-03-29')
  })

  it('keeps a quarterly and a yearly anchor through short months', () => {
    expect(nextDueDate('2024-11-30', 'quarterly', 31)).toBe('2025-02-28')
    expect(nextDueDate('2025-02-28', 'quarterly', 31)).toBe('2025-05-31')
    expect(nextDueDate('2024-02-29', 'yearly', 29)).toBe('2025-02-28')
    expect(nextDueDate('2027-02-28', 'yearly', 29)).toBe('2028-02-29')
  })

  it('refuses an anchor that is not a day of the month', () => {
    expect(() => nextDueDate('2024-01-31', 'monthly', 32)).toThrow(RangeError)
    expect(() => nextDueDate('2024-01-31', 'monthly', 0)).toThrow(RangeError)
  })
})

describe('occurrencesBetween', () => {
  it('lists weekly dates in the window, both ends included', () => {
    expect(occurrencesBetween('2024-03-01', 'weekly', '2024-03-08', '2024-03-29')).toEqual([
      '2024-03-08',
      '2024-03-15',
      '2024-03-22',
      '2024-03-29',
    ])
  })

  it('starts at the first due date, not before', () => {
    expect(occurrencesBetween('2024-03-20', 'weekly', '2024-03-01', '2024-03-31')).toEqual([
      '2024-03-20',
      '2024-03-27',
    ])
  })

  it('skips far ahead from an old first date', () => {
    expect(occurrencesBetween('2000-01-03', 'biweekly', '2024-03-01', '2024-03-31')).toEqual([
      '2024-03-11',
      '2024-03-25',
    ])
    expect(occurrencesBetween('1990-01-31', 'monthly', '2024-02-01', '2024-04-30', 31)).toEqual([
      '2024-02-29',
      '2024-03-31',
      '2024-04-30',
    ])
  })

  it('keeps the anchor day across short months', () => {
    expect(occurrencesBetween('2024-01-31', 'monthly', '2024-01-01', '2024-05-31')).toEqual([
      '2024-01-31',
      '2024-02-29',
      '2024-03-31',
      '2024-04-30',
      '2024-05-31',
    ])
  })

  it('uses an explicit anchor when the first date was clamped', () => {
    expect(occurrencesBetween('2024-02-29', 'monthly', '2024-02-01', '2024-04-30', 31)).toEqual([
      '2024-02-29',
      '2024-03-31',
      '2024-04-30',
    ])
  })

  it('steps quarterly and yearly', () => {
    expect(occurrencesBetween('2023-01-15', 'quarterly', '2023-06-01', '2024-01-31')).toEqual([
      '2023-07-15',
      '2023-10-15',
      '2024-01-15',
    ])
    expect(occurrencesBetween('2020-02-29', 'yearly', '2023-01-01', '2024-12-31')).toEqual([
      '2023-02-28',
      '2024-02-29',
    ])
  })

  it('includes a one-off only inside the window', () => {
    expect(occurrencesBetween('2024-03-10', 'once', '2024-03-01', '2024-03-31')).toEqual([
      '2024-03-10',
    ])
    expect(occurrencesBetween('2024-03-10', 'once', '2024-03-10', '2024-03-10')).toEqual([
      '2024-03-10',
    ])
    expect(occurrencesBetween('2024-02-10', 'once', '2024-03-01', '2024-03-31')).toEqual([])
    expect(occurrencesBetween('2024-04-10', 'once', '2024-03-01', '2024-03-31')).toEqual([])
  })

  it('is empty when the window is reversed or before the first date', () => {
    expect(occurrencesBetween('2024-03-01', 'weekly', '2024-03-31', '2024-03-01')).toEqual([])
    expect(occurrencesBetween('2024-05-01', 'monthly', '2024-03-01', '2024-03-31')).toEqual([])
  })

  it('includes a date on the last day of the window and stops there', () => {
    expect(occurrencesBetween('2024-03-03', 'weekly', '2024-03-25', '2024-03-31')).toEqual([
      '2024-03-31',
    ])
    expect(occurrencesBetween('2024-03-03', 'weekly', '2024-03-25', '2024-03-30')).toEqual([])
  })

  it('stops at MAX_OCCURRENCES for a huge window', () => {
    const dates = occurrencesBetween('2000-01-01', 'weekly', '2000-01-01', '2099-12-31')
    expect(MAX_OCCURRENCES).toBe(1000)
    expect(dates).toHaveLength(MAX_OCCURRENCES)
    expect(dates[0]).toBe('2000-01-01')
    expect(dates[999]).toBe('2019-02-23')
  })

  it('agrees with stepping nextDueDate one date at a time', () => {
    const schedules: [string, Recurrence, number | undefined][] = [
      ['2023-01-31', 'monthly', 31],
      ['2023-03-30', 'quarterly', 30],
      ['2023-01-05', 'weekly', undefined],
      ['2023-01-05', 'biweekly', undefined],
      ['2020-02-29', 'yearly', 29],
    ]
    for (const [first, recurrence, anchor] of schedules) {
      const stepped: string[] = []
      for (
        let d: string | null = first;
        d !== null && d <= '2026-12-31';
        d = nextDueDate(d, recurrence, anchor)
      ) {
        if (d >= '2024-02-10') stepped.push(d)
      }
      expect(occurrencesBetween(first, recurrence, '2024-02-10', '2026-12-31', anchor)).toEqual(
        stepped,
      )
    }
  })
})

describe('monthlyEquivalent', () => {
  const c = asCents

  it.each([
    [1200, 'weekly', 5200], // 12 × 52 / 12
    [1000, 'weekly', 4333], // 4333.33…
    [1000, 'biweekly', 2167], // 2166.67
    [3, 'biweekly', 7], // 6.5 rounds away from zero
    [-3, 'biweekly', -7],
    [1234, 'monthly', 1234],
    [1000, 'quarterly', 333],
    [200, 'quarterly', 67],
    [-200, 'quarterly', -67],
    [12_000, 'yearly', 1000],
    [1000, 'yearly', 83],
    [6, 'yearly', 1], // 0.5 rounds up
    [-6, 'yearly', -1],
    [5000, 'once', 0],
  ] as const)('%d cents %s is %d a month', (amount, recurrence, monthly) => {
    expect(monthlyEquivalent(c(amount), recurrence)).toBe(monthly)
  })
})
