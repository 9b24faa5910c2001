import { describe, expect, it } from 'vitest'
import type { IsoDate } from '../dates'
import { asCents } from '../money'
import {
  challengeDays,
  challengeWeek,
  customProgress,
  cutCategoryProgress,
  noSpendProgress,
  roundUp,
  roundUpProgress,
  streak,
  unspentAllowanceProgress,
  week52Amount,
  week52Cumulative,
  week52Progress,
  type Spend,
} from './challenges'

const c = (v: number) => asCents(Math.round(v * 100))
const d = (s: string) => s as IsoDate
const spend = (date: string, amount: number, categoryId: string | null = 'food', accountId = 'card'): Spend => ({
  date: d(date),
  amount: c(amount),
  categoryId,
  accountId,
})

describe('the 52-week challenge', () => {
  it('asks n steps in week n, or 53 − n descending', () => {
    expect(week52Amount(1, c(1), 'ascending')).toBe(c(1))
    expect(week52Amount(52, c(1), 'ascending')).toBe(c(52))
    expect(week52Amount(1, c(1), 'descending')).toBe(c(52))
    expect(week52Cumulative(3, c(1), 'ascending')).toBe(c(6)) // 1 + 2 + 3
    expect(week52Cumulative(3, c(1), 'descending')).toBe(c(153)) // 52 + 51 + 50
    expect(week52Cumulative(52, c(1), 'ascending')).toBe(c(1378))
  })

  it('counts weeks from the start day', () => {
    expect(challengeWeek(d('2026-01-05'), d('2026-01-04'))).toBe(0)
    expect(challengeWeek(d('2026-01-05'), d('2026-01-11'))).toBe(1)
    expect(challengeWeek(d('2026-01-05'), d('2026-01-18'))).toBe(2)
    expect(challengeWeek(d('2026-01-05'), d('2027-06-01'))).toBe(52)
  })

  it('compares what went into the goal with the plan so far', () => {
    // week 3 with a $5 step: 5 + 10 + 15 = $30 expected; $20 saved is behind, of $6,890 in all
    const contributions = [
      { date: d('2026-01-06'), amount: c(5) },
      { date: d('2026-01-13'), amount: c(15) },
      { date: d('2025-12-31'), amount: c(100) }, // before the start: not counted
    ]
    const p = week52Progress({ step: c(5), direction: 'ascending', start: d('2026-01-05') }, contributions, d('2026-01-20'))
    expect(p.value).toBe(c(20))
    expect(p.target).toBe(c(6890))
    expect(p.expectedByNow).toBe(c(30))
    expect(p.status).toBe('behind')
    expect(p.summary).toBe('Week 3 of 52 asks for $15.00. You have saved $20.00 of $6,890.00; by now the plan is $30.00.')
  })
})

describe('streaks', () => {
  const days = (oks: boolean[], start = '2026-01-05') => oks.map((ok, i) => ({ date: challengeDays(d(start), d('2026-12-31'), 'all')[i] as IsoDate, ok }))

  it('a first miss in a week uses its freeze; a second ends the streak', () => {
    // Mon–Sun: ok ok miss ok ok miss ok → the first miss is frozen, the second resets
    expect(streak(days([true, true, false, true, true, false, true]))).toEqual({ current: 1, longest: 4, freezesUsed: 1 })
    // a miss in each of two weeks: both frozen, the streak goes on
    expect(streak(days([true, false, true, true, true, true, true, false, true]))).toEqual({ current: 7, longest: 7, freezesUsed: 2 })
  })
})

describe('no-spend days', () => {
  it('counts weekend days with no spending in the chosen categories', () => {
    // weekends from Sat 10 Jan to Sun 25 Jan 2026: 6 days; spending on food on Sun 11 only
    const weekends = challengeDays(d('2026-01-10'), d('2026-01-25'), 'weekends')
    expect(weekends).toEqual(['2026-01-10', '2026-01-11', '2026-01-17', '2026-01-18', '2026-01-24', '2026-01-25'])
    const p = noSpendProgress(
      { which: 'weekends', categoryIds: ['food'], start: d('2026-01-10'), end: d('2026-01-25') },
      [spend('2026-01-11', -12), spend('2026-01-17', -40, 'rent'), spend('2026-01-18', 50)],
      d('2026-01-18'),
    )
    expect(p.value).toBe(3) // 10, 17, 18 (rent is not counted, income is not spending)
    expect(p.expectedByNow).toBe(4)
    expect(p.target).toBe(6)
    expect(p.status).toBe('behind')
  })
})

describe('round-ups', () => {
  it('rounds each purchase up to the next dollar', () => {
    expect(roundUp(c(-3.4))).toBe(c(0.6))
    expect(roundUp(c(-5))).toBe(c(0))
    expect(roundUp(c(-0.01))).toBe(c(0.99))
    expect(roundUp(c(10))).toBe(c(0))
  })

  it('sums the card purchases since the start', () => {
    const p = roundUpProgress(
      { accountIds: ['card'], start: d('2026-01-01'), target: c(10) },
      [spend('2026-01-02', -3.4), spend('2026-01-03', -7.25), spend('2026-01-03', -1, null, 'checking'), spend('2025-12-31', -0.5)],
      d('2026-01-31'),
    )
    expect(p.value).toBe(c(1.35)) // 0.60 + 0.75
    expect(p.summary).toBe('2 purchases rounded up to $1.35 of $10.00.')
  })
})

describe('keeping the unspent allowance', () => {
  it('adds what is left of each day and counts days within it as a streak', () => {
    // $30 a day for 3 days; spent 10, 45, 0: kept 20 + 0 + 30 = $50; the second day is over
    const p = unspentAllowanceProgress(
      { dailyAllowance: c(30), start: d('2026-03-02'), end: d('2026-03-31'), target: c(100) },
      [spend('2026-03-02', -10), spend('2026-03-03', -45)],
      d('2026-03-04'),
    )
    expect(p.value).toBe(c(50))
    expect(p.streak).toEqual({ current: 2, longest: 2, freezesUsed: 1 })
  })
})

describe('cutting a category', () => {
  it('compares the month with X % under its three-month average', () => {
    // 300, 330, 270 → average 300; 20 % less → a $240 limit; $200 spent so far
    const monthly = new Map([
      ['2026-01', c(300)],
      ['2026-02', c(330)],
      ['2026-03', c(270)],
      ['2026-04', c(200)],
    ])
    const p = cutCategoryProgress({ percent: 20, month: '2026-04', previousMonths: ['2026-01', '2026-02', '2026-03'] }, monthly, d('2026-04-15'))
    expect(p.target).toBe(c(240))
    expect(p.status).toBe('on_track')
    expect(p.summary).toBe('$200.00 spent of a $240.00 limit (20 % under the $300.00 average); $40.00 left.')
    monthly.set('2026-04', c(250))
    expect(cutCategoryProgress({ percent: 20, month: '2026-04', previousMonths: ['2026-01', '2026-02', '2026-03'] }, monthly, d('2026-05-01')).status).toBe('failed')
  })
})

describe('a custom amount by a date', () => {
  it('paces the target over the days', () => {
    // $1,000 from 1 Jan to 1 Nov 2026 (304 days); on 1 Apr (90 days) the pace is 1000 × 90 ÷ 304 = $296.05
    const p = customProgress({ target: c(1000), start: d('2026-01-01'), by: d('2026-11-01') }, [{ date: d('2026-02-01'), amount: c(400) }], d('2026-04-01'))
    expect(p.expectedByNow).toBe(c(296.05))
    expect(p.status).toBe('ahead')
    expect(p.share).toBeCloseTo(0.4, 10)
  })
})
