import { describe, expect, it } from 'vitest'
import { asCents, type Cents } from '../money'
import { allowanceEffect, planMonth, planProgress } from './progress'

const c = asCents
const paid = (entries: Record<string, number>) =>
  new Map(Object.entries(entries).map(([k, v]) => [k, c(v)] as [string, Cents]))
// a plan starting in January 2027 that pays $300.00, $300.00, $300.00 then $120.50
const planned = [c(30_000), c(30_000), c(30_000), c(12_050)]

describe('planMonth', () => {
  it('numbers months from 1 and crosses the year', () => {
    expect(planMonth('2027-01-01', 1)).toBe('2027-01')
    expect(planMonth('2026-11-01', 3)).toBe('2027-01')
  })
})

describe('planProgress', () => {
  it('is not started before its first month, whatever was paid', () => {
    const p = planProgress('2027-01-01', planned, paid({ '2026-12': 50_000 }), '2026-12')
    expect(p.status).toBe('not_started')
    expect(p.months).toEqual([])
    expect(p.paidToDate).toBe(0)
  })

  it('is on track in its first month: nothing is due yet', () => {
    const p = planProgress('2027-01-01', planned, paid({}), '2027-01')
    expect(p).toMatchObject({
      status: 'on_track',
      plannedDue: 0,
      plannedToDate: 30_000,
      paidToDate: 0,
      behindBy: 0,
    })
    expect(p.months).toEqual([{ month: '2027-01', planned: 30_000, paid: 0 }])
  })

  it('is behind by what the months already over are missing', () => {
    // March: January and February are over (600.00 due); 300.00 + 250.00 paid, 20.00 early in March
    const p = planProgress(
      '2027-01-01',
      planned,
      paid({ '2027-01': 30_000, '2027-02': 25_000, '2027-03': 2_000 }),
      '2027-03',
    )
    expect(p.plannedDue).toBe(60_000)
    expect(p.plannedToDate).toBe(90_000)
    expect(p.paidToDate).toBe(57_000)
    expect(p.behindBy).toBe(3_000) // 600.00 − 570.00
    expect(p.status).toBe('behind')
  })

  it('counts an early payment in the current month toward the months over', () => {
    const p = planProgress(
      '2027-01-01',
      planned,
      paid({ '2027-01': 30_000, '2027-02': 25_000, '2027-03': 5_000 }),
      '2027-03',
    )
    expect(p.behindBy).toBe(0)
    expect(p.status).toBe('on_track')
  })

  it('is ahead once more was paid than planned up to and including this month', () => {
    const p = planProgress(
      '2027-01-01',
      planned,
      paid({ '2027-01': 40_000, '2027-02': 30_000 }),
      '2027-02',
    )
    expect(p.plannedToDate).toBe(60_000)
    expect(p.paidToDate).toBe(70_000)
    expect(p.status).toBe('ahead')
  })

  it('stops at the plan’s last month: later payments are not the plan’s', () => {
    const p = planProgress(
      '2027-01-01',
      planned,
      paid({
        '2027-01': 30_000,
        '2027-02': 30_000,
        '2027-03': 30_000,
        '2027-04': 12_050,
        '2027-05': 99_999,
      }),
      '2027-08',
    )
    expect(p.months.map((m) => m.month)).toEqual(['2027-01', '2027-02', '2027-03', '2027-04'])
    expect(p.plannedDue).toBe(102_050)
    expect(p.paidToDate).toBe(102_050)
    expect(p.status).toBe('on_track')
  })
})

describe('allowanceEffect', () => {
  it('is the allowance with and without the extra, by the spending plan’s rule', () => {
    // 2027-03-12: 20 days left. 1,000.00 available → 50.00 a day; less 200.00 extra → 800.00 → 40.00
    expect(allowanceEffect(c(100_000), '2027-03-12', c(20_000))).toEqual({
      now: 5_000,
      withExtra: 4_000,
      difference: 1_000,
    })
  })

  it('rounds each down to the cent and never goes below zero', () => {
    // 31 days in March from the 1st: 1,000.00 → 32.25 (32.258…); 900.00 → 29.03 (29.032…)
    expect(allowanceEffect(c(100_000), '2027-03-01', c(10_000))).toEqual({
      now: 3_225,
      withExtra: 2_903,
      difference: 322,
    })
    // more extra than available: nothing left a day
    expect(allowanceEffect(c(5_000), '2027-03-30', c(20_000))).toEqual({
      now: 2_500,
      withExtra: 0,
      difference: 2_500,
    })
  })
})
