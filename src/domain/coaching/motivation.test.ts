import { describe, expect, it } from 'vitest'
import { asCents } from '../money'
import {
  allowanceDays,
  billPaymentsOnTime,
  goalMilestones,
  lastDays,
  motivationMessages,
  netWorthMilestone,
  noSpendDays,
  previousDueDate,
  recapWindow,
  summarise,
} from './motivation'

const c = asCents

describe('streaks', () => {
  it('the last 30 days end today', () => {
    const days = lastDays('2026-03-15')
    expect(days).toHaveLength(30)
    expect(days[0]).toBe('2026-02-14')
    expect(days.at(-1)).toBe('2026-03-15')
  })

  it('days within the allowance, one miss a week forgiven', () => {
    // allowance 40.00; over on Tue 10 March (50.00) and Thu 12 March (45.00): the same week (Mon 9),
    // so the first is forgiven and the second ends the streak; Fri 13–Sun 15 make a streak of 3
    const spent = new Map([
      ['2026-03-10', c(5000)],
      ['2026-03-12', c(4500)],
      ['2026-03-13', c(4000)],
    ])
    const days = allowanceDays(spent, c(4000), '2026-03-15')
    const s = summarise(days)
    expect(s).toMatchObject({ current: 3, total: 30, okCount: 28, freezesUsed: 1 })
    // up to Mon 9 March: 24 days in a row (14 Feb … 9 Mar), plus Wed 11 after the forgiven Tuesday = 25
    expect(s.longest).toBe(25)
  })

  it('no-spend days count days with no spending', () => {
    const s = summarise(noSpendDays(new Map([['2026-03-15', c(1)]]), '2026-03-15'))
    expect(s.okCount).toBe(29)
    // today's slip uses the week's freeze: the streak goes on (today itself not counted)
    expect(s.current).toBe(29)
  })

  it('bills: each payment against the due date it paid', () => {
    expect(previousDueDate('2026-04-30', 'monthly', 31, 1)).toBe('2026-03-31')
    expect(previousDueDate('2026-04-30', 'monthly', 31, 2)).toBe('2026-02-28')
    expect(previousDueDate('2026-03-20', 'weekly', 20, 2)).toBe('2026-03-06')
    const paid = billPaymentsOnTime(
      [
        { id: 'rent', name: 'Rent', nextDueDate: '2026-04-01', recurrence: 'monthly', anchorDay: 1, isActive: true },
        { id: 'fix', name: 'Plumber', nextDueDate: '2026-03-10', recurrence: 'once', anchorDay: 10, isActive: false },
      ],
      [
        { billId: 'rent', date: '2026-03-01' }, // paid the 1 March due date on the day
        { billId: 'rent', date: '2026-02-03' }, // paid 1 February two days late
        { billId: 'fix', date: '2026-03-09' },
      ],
    )
    expect(paid.map((p) => [p.date, p.dueDate, p.ok])).toEqual([
      ['2026-02-03', '2026-02-01', false],
      ['2026-03-01', '2026-03-01', true],
      ['2026-03-09', '2026-03-10', true],
    ])
    expect(summarise(paid)).toMatchObject({ current: 2, okCount: 2, total: 3 })
  })
})

describe('milestones', () => {
  it('net worth: the round number reached, the next, and whether this month crossed it', () => {
    expect(netWorthMilestone(c(1_234_500), c(990_000))).toEqual({ reached: 1_000_000, next: 2_500_000, toNext: 1_265_500, crossedThisMonth: true })
    expect(netWorthMilestone(c(50_000), c(60_000))).toEqual({ reached: null, next: 100_000, toNext: 50_000, crossedThisMonth: false })
  })

  it('goals: 25/50/75/100 %, reached this week when this week’s money crossed it', () => {
    const [g] = goalMilestones([{ id: 'g', name: 'Trip', current: c(55_000), target: c(100_000), addedThisWeek: c(10_000) }])
    expect(g).toMatchObject({ percent: 55, reached: 50, next: 75, reachedThisWeek: true })
  })
})

describe('the recap and messages', () => {
  it('the last 7 days against the 7 before', () => {
    expect(recapWindow('2026-03-15')).toEqual({ from: '2026-03-09', to: '2026-03-15', lastFrom: '2026-03-02', lastTo: '2026-03-08' })
  })

  it('messages carry the real numbers', () => {
    const none = { current: 0, longest: 0, freezesUsed: 0, total: 30, okCount: 0 }
    const messages = motivationMessages({
      allowance: c(4000),
      allowanceStreak: { ...none, current: 3, okCount: 28 },
      noSpend: { ...none, okCount: 4 },
      bills: { ...none, total: 0 },
      netWorth: netWorthMilestone(c(1_234_500), c(990_000)),
      goals: goalMilestones([{ id: 'g', name: 'Trip', current: c(55_000), target: c(100_000), addedThisWeek: c(10_000) }]),
      recap: { from: '2026-03-09', to: '2026-03-15', spent: c(20_000), spentLastWeek: c(25_000), change: c(-5000), saved: c(10_000), goals: [] },
      mood: [
        { month: '2026-02', score: 55, mood: 'neutral' },
        { month: '2026-03', score: 63, mood: 'neutral' },
      ],
    })
    expect(messages).toEqual([
      '3 days in a row within your daily allowance of $40.00.',
      '4 no-spend days in the last 30 days.',
      'Trip passed 50 % this week.',
      'Your net worth passed $10,000.00 this month.',
      'You spent $50.00 less than the week before.',
      '$100.00 went into your goals this week.',
      'Your mood score rose from 55 to 63.',
    ])
  })

  it('leaves out the allowance streak when the plan has no allowance, and says how to get one', () => {
    const none = { current: 0, longest: 0, freezesUsed: 0, total: 30, okCount: 0 }
    const messages = motivationMessages({
      allowance: c(0),
      allowanceStreak: { ...none, current: 5, okCount: 30 },
      noSpend: { ...none, okCount: 30 },
      bills: { ...none, total: 0 },
      netWorth: netWorthMilestone(c(0), c(0)),
      goals: [],
      recap: { from: '2026-03-09', to: '2026-03-15', spent: c(0), spentLastWeek: c(0), change: c(0), saved: c(0), goals: [] },
      mood: [],
    })
    expect(messages).toEqual([
      '30 no-spend days in the last 30 days.',
      'Your spending plan has no daily allowance left this month: add this month’s income to start an allowance streak.',
    ])
  })
})
