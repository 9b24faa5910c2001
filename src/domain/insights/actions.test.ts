// Hand-worked checks of the figures behind the insights' one-click actions, to the cent.
import { describe, expect, it } from 'vitest'
import { asCents } from '../money'
import { budgetWithout, roomForUnusual, trimMonth, trimmedBudget, usualMonth, variableSpending, type ActionRow } from './actions'

const c = asCents
const row = (date: string, amount: number, categoryId: string | null = 'food', payee = 'Harbor Grocers', accountId = 'checking'): ActionRow => ({
  accountId,
  payee,
  date,
  amount,
  categoryId,
})

describe('usualMonth', () => {
  it('is the median month before this one, from the first month with spending, quiet months as zero', () => {
    const rows = [
      row('2026-01-10', -8000),
      row('2026-02-11', -8200),
      // March: nothing → 0
      row('2026-04-13', -4100),
      row('2026-05-14', -3900),
      row('2026-05-20', -3900),
      // this month and income are left out
      row('2026-06-10', -13600),
      row('2026-02-01', 5000),
      row('2026-02-01', -99999, 'fun'),
    ]
    // Jan 80.00, Feb 82.00, Mar 0, Apr 41.00, May 78.00 → 78.00
    expect(usualMonth(rows, 'food', '2026-06-01')).toBe(7800)
    expect(usualMonth(rows, 'food', '2026-01-01')).toBe(0)
    expect(usualMonth([], 'food', '2026-06-01')).toBe(0)
  })

  it('looks back twelve months at most', () => {
    const old = Array.from({ length: 24 }, (_, i) => row(`${2024 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-05`, i < 12 ? -100000 : -1000))
    expect(usualMonth(old, 'food', '2026-01-01')).toBe(1000)
  })
})

describe('roomForUnusual', () => {
  it('adds the unusual part of the charge to the budget, or to the usual month without one', () => {
    // 136.00 where 40.00 is usual: 96.00 of room
    expect(roomForUnusual({ budget: null, usualMonth: c(7800), amount: c(13600), usual: c(4000) })).toBe(17400)
    expect(roomForUnusual({ budget: c(30000), usualMonth: c(7800), amount: c(13600), usual: c(4000) })).toBe(39600)
    expect(roomForUnusual({ budget: c(0), usualMonth: c(7800), amount: c(3000), usual: c(4000) })).toBe(0)
  })
})

describe('variableSpending', () => {
  it('totals money out per category in the window and accounts, leaving recurring payments out', () => {
    const rows = [
      row('2026-04-01', -5000),
      row('2026-05-01', -2500),
      row('2026-05-02', -1549, 'subs', 'Netflix'),
      row('2026-05-03', -9000, 'fun', 'Cinema'),
      row('2026-05-04', -1000, 'fun', 'Cinema', 'private'),
      row('2026-05-05', -700, null, 'Kiosk'),
      row('2026-01-01', -90000, 'fun', 'Cinema'),
      row('2026-05-06', 100000, 'salary', 'Payroll'),
    ]
    const spending = variableSpending(rows, {
      accountIds: new Set(['checking']),
      recurring: new Set(['checking:netflix']),
      from: '2026-03-22',
      to: '2026-06-20',
    })
    expect(spending).toEqual([
      { categoryId: 'fun', total: 9000 },
      { categoryId: 'food', total: 7500 },
    ])
  })
})

describe('trimmedBudget and trimMonth', () => {
  it('trims by the shortfall, at most half the budget', () => {
    expect(trimmedBudget(c(21600), c(7394))).toEqual({ amount: 14206, trim: 7394, covers: true })
    expect(trimmedBudget(c(10000), c(7394))).toEqual({ amount: 5000, trim: 5000, covers: false })
    expect(trimmedBudget(c(1), c(500))).toEqual({ amount: 1, trim: 0, covers: false })
  })

  it('puts the trim in the month of the middle day between today and the low point', () => {
    expect(trimMonth('2026-06-20', '2026-07-01')).toBe('2026-06-01')
    expect(trimMonth('2026-06-20', '2026-07-19')).toBe('2026-07-01')
    expect(trimMonth('2026-06-20', '2026-06-20')).toBe('2026-06-01')
  })
})

describe('budgetWithout', () => {
  it('takes a stopped payment’s month off the budget, never below zero', () => {
    expect(budgetWithout(c(5000), c(-1549))).toBe(3451)
    expect(budgetWithout(c(1000), c(-1549))).toBe(0)
  })
})
