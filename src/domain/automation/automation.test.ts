import { describe, expect, it } from 'vitest'
import { asCents } from '../money'
import {
  billDueAlerts,
  budgetAlertPercents,
  dipDays,
  isBalanceUnder,
  isBillDueWithin,
  isTransactionOver,
} from './alerts'
import { dueDates, firstMonthlyDate, nextScheduleDate, scheduleDates } from './schedule'
import { isFresh, parseSignatureHeader, signatureHeaderValue, signedText } from './signature'

const c = asCents

describe('automation schedule', () => {
  it('keeps the 31st through short months', () => {
    expect(scheduleDates('2026-01-31', 'monthly', '2026-01-01', '2026-04-30')).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
    ])
  })
  it('steps two weeks at a time', () => {
    expect(scheduleDates('2026-03-02', 'biweekly', '2026-03-01', '2026-04-01')).toEqual([
      '2026-03-02',
      '2026-03-16',
      '2026-03-30',
    ])
    expect(scheduleDates('2026-03-02', 'weekly', '2026-03-10', '2026-03-23')).toEqual([
      '2026-03-16',
      '2026-03-23',
    ])
  })
  it('finds the next date on or after a day', () => {
    expect(nextScheduleDate('2026-01-15', 'quarterly', '2026-05-01')).toBe('2026-07-15')
    expect(nextScheduleDate('2026-01-15', 'quarterly', '2026-07-15')).toBe('2026-07-15')
    expect(nextScheduleDate('2026-06-01', 'yearly', '2026-03-15')).toBe('2026-06-01')
    expect(nextScheduleDate('2025-02-28', 'yearly', '2026-03-01')).toBe('2027-02-28')
  })
  it('makes only dates since the automation exists, and catches up at most 31 days', () => {
    // floor = max(Jan 1, Mar 10, May 2 − 31 days = Apr 1)
    expect(dueDates('2026-01-01', 'monthly', '2026-03-10', '2026-05-02')).toEqual([
      '2026-04-01',
      '2026-05-01',
    ])
    expect(dueDates('2026-01-01', 'monthly', '2026-03-10', '2026-03-31')).toEqual([])
    expect(dueDates('2026-03-15', 'weekly', '2026-03-15', '2026-03-15')).toEqual(['2026-03-15'])
  })
  it('starts a monthly transfer on its day, the last day of a short month', () => {
    expect(firstMonthlyDate(31, '2026-02-10')).toBe('2026-02-28')
    expect(firstMonthlyDate(15, '2026-03-15')).toBe('2026-03-15')
    expect(firstMonthlyDate(15, '2026-03-16')).toBe('2026-04-15')
    expect(firstMonthlyDate(15, '2026-12-20')).toBe('2027-01-15')
    // the anchor day comes back after the short month
    expect(scheduleDates('2026-02-28', 'monthly', '2026-02-01', '2026-04-30', 31)).toEqual([
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
    ])
  })
})

describe('alert conditions', () => {
  it('compares spending strictly, to the cent', () => {
    expect(isTransactionOver(c(-20001), c(20000))).toBe(true)
    expect(isTransactionOver(c(-20000), c(20000))).toBe(false)
    expect(isTransactionOver(c(30000), c(20000))).toBe(false)
  })
  it('a balance under', () => {
    expect(isBalanceUnder(c(49999), c(50000))).toBe(true)
    expect(isBalanceUnder(c(50000), c(50000))).toBe(false)
    expect(isBalanceUnder(c(-100), c(0))).toBe(true)
  })
  it('budgets at 80 % and 100 %', () => {
    expect(budgetAlertPercents(c(7999), c(10000))).toEqual([])
    expect(budgetAlertPercents(c(8000), c(10000))).toEqual([80])
    expect(budgetAlertPercents(c(10000), c(10000))).toEqual([80, 100])
    expect(budgetAlertPercents(c(1), c(0))).toEqual([80, 100])
  })
  it('bills due within N days, today included, past due not', () => {
    expect(isBillDueWithin('2026-03-15', '2026-03-15', 3)).toBe(true)
    expect(isBillDueWithin('2026-03-15', '2026-03-18', 3)).toBe(true)
    expect(isBillDueWithin('2026-03-15', '2026-03-19', 3)).toBe(false)
    expect(isBillDueWithin('2026-03-15', '2026-03-14', 3)).toBe(false)
  })
  it('a bill-due dry run: each due date of the last 90 days, alerted N days before', () => {
    // the 31st of each month keeps its anchor through February; the next one (Apr 30) is not
    // within 3 days of today, Mar 31 is not paid yet so nothing after it is alerted
    const monthly = { nextDueDate: '2026-03-17', recurrence: 'monthly', anchorDay: 17 } as const
    expect(billDueAlerts(monthly, 3, '2025-12-15', '2026-03-15')).toEqual([
      { due: '2025-12-17', alertOn: '2025-12-15' },
      { due: '2026-01-17', alertOn: '2026-01-14' },
      { due: '2026-02-17', alertOn: '2026-02-14' },
      { due: '2026-03-17', alertOn: '2026-03-14' },
    ])
    const endOfMonth = { nextDueDate: '2026-03-31', recurrence: 'monthly', anchorDay: 31 } as const
    expect(billDueAlerts(endOfMonth, 0, '2026-01-01', '2026-03-15').map((a) => a.due)).toEqual([
      '2026-01-31',
      '2026-02-28',
    ])
    const weekly = { nextDueDate: '2026-03-20', recurrence: 'weekly', anchorDay: 20 } as const
    expect(billDueAlerts(weekly, 0, '2026-02-25', '2026-03-15').map((a) => a.due)).toEqual([
      '2026-02-27',
      '2026-03-06',
      '2026-03-13',
    ])
    // a one-off bill: its one date; a bill overdue since before the window: none
    expect(
      billDueAlerts({ nextDueDate: '2026-03-16', recurrence: 'once', anchorDay: 16 }, 2, '2025-12-15', '2026-03-15'),
    ).toEqual([{ due: '2026-03-16', alertOn: '2026-03-14' }])
    expect(billDueAlerts({ nextDueDate: '2025-11-01', recurrence: 'monthly', anchorDay: 1 }, 3, '2025-12-15', '2026-03-15')).toEqual([])
  })
  it('one alert per dip under a balance', () => {
    const days = [
      { date: '2026-03-01', balance: c(60000) },
      { date: '2026-03-02', balance: c(40000) },
      { date: '2026-03-03', balance: c(30000) },
      { date: '2026-03-04', balance: c(70000) },
      { date: '2026-03-05', balance: c(49999) },
    ]
    expect(dipDays(days, c(50000))).toEqual(['2026-03-02', '2026-03-05'])
    expect(dipDays(days.slice(1), c(50000), true)).toEqual(['2026-03-05'])
  })
})

describe('webhook signature format', () => {
  const hex = 'a'.repeat(64)
  it('signs "t.body" and writes t=…,v1=…', () => {
    expect(signedText(1773576000, '{"a":1}')).toBe('1773576000.{"a":1}')
    expect(signatureHeaderValue(1773576000, hex)).toBe(`t=1773576000,v1=${hex}`)
  })
  it('parses the header back, and refuses malformed ones', () => {
    expect(parseSignatureHeader(`t=1773576000,v1=${hex}`)).toEqual({
      timestamp: 1773576000,
      signatures: [hex],
    })
    expect(parseSignatureHeader(`v0=x,v1=${hex},t=5`)).toEqual({ timestamp: 5, signatures: [hex] })
    expect(parseSignatureHeader(`t=abc,v1=${hex}`)).toBeNull()
    expect(parseSignatureHeader('t=1')).toBeNull()
    expect(parseSignatureHeader(`t=1,v1=${hex.slice(1)}`)).toBeNull()
  })
  it('is fresh within five minutes either way', () => {
    expect(isFresh(1000, 1300)).toBe(true)
    expect(isFresh(1000, 1301)).toBe(false)
    expect(isFresh(1300, 1000)).toBe(true)
  })
})
