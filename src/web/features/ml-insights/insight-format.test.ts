import { describe, expect, it } from 'vitest'
import { asCents } from '#src/domain/money'
import {
  isRefreshing,
  actionDoneText,
  actionText,
  axisDomain,
  cadenceText,
  chartPoints,
  keepListed,
  lowestPoint,
  plural,
  priceRise,
  toggled,
  changeText,
  confidencePercent,
  confidenceText,
  longDate,
  momentText,
  monthText,
  severityText,
} from './insight-format'

describe('insight words', () => {
  it('names cadences and severities', () => {
    expect(cadenceText('biweekly')).toBe('Every two weeks')
    expect(cadenceText('quarterly')).toBe('Every three months')
    expect(severityText('warning')).toBe('Needs attention')
  })

  it('puts a confidence in words at 90, 70 and 50 %', () => {
    expect(confidenceText(0.95)).toBe('Very likely')
    expect(confidenceText(0.9)).toBe('Very likely')
    expect(confidenceText(0.89)).toBe('Likely')
    expect(confidenceText(0.7)).toBe('Likely')
    expect(confidenceText(0.5)).toBe('Possible')
    expect(confidenceText(0.49)).toBe('Unsure')
    expect(confidencePercent(0.876)).toBe(88)
    expect(confidencePercent(1.2)).toBe(100)
    expect(confidencePercent(Number.NaN)).toBe(0)
  })

  it('signs a price change', () => {
    expect(changeText(0.1)).toBe('+10 %')
    expect(changeText(-0.054)).toBe('−5 %')
    expect(changeText(0.001)).toBe('0 %')
  })

  it('writes the month out', () => {
    expect(longDate('2026-03-12', 'en-US')).toBe('March 12')
    expect(longDate('2026-03-12', 'en-GB')).toBe('12 March')
    expect(longDate('nope', 'en-US')).toBe('nope')
    expect(monthText('2026-03', 'en-US')).toBe('March 2026')
    expect(monthText('2026-03', 'de-DE')).toBe('März 2026')
    expect(monthText('soon', 'en-US')).toBe('soon')
  })

  it('shows a moment in the member’s time zone', () => {
    expect(momentText('2026-03-12T23:30:00Z', 'en-US', 'UTC')).toBe('Mar 12, 2026, 11:30 PM')
    expect(momentText('2026-03-12T23:30:00Z', 'en-US', 'Asia/Tokyo')).toBe('Mar 13, 2026, 8:30 AM')
  })
})

describe('insight actions', () => {
  const bill = {
    action: 'bill',
    recurringId: 'r1',
    name: 'Streamly',
    amount: asCents(1599),
    nextDueDate: '2026-04-03',
    recurrence: 'monthly',
    accountId: 'a1',
    categoryId: null,
  } as const
  it('names each one-click action and what it did', () => {
    expect(actionText({ action: 'rule', name: 'Coffee', payee: 'Bean', categoryId: 'c1' })).toBe(
      'Make a rule',
    )
    expect(actionText({ action: 'rule', name: 'Coffee', payee: 'Bean', categoryId: null })).toBe(
      'Make a rule…',
    )
    expect(
      actionText({
        action: 'budget',
        categoryId: 'c1',
        month: '2026-04',
        amount: asCents(40000),
        rollover: false,
      }),
    ).toBe('Change the budget')
    expect(actionText(bill)).toBe('Make it a bill')
    expect(actionDoneText(bill)).toBe('Streamly is now a bill.')
    const end = { action: 'end_bill', billId: 'b1', name: 'Gym' } as const
    expect(actionText(end)).toBe('End the bill')
    expect(actionDoneText(end)).toBe('Gym has ended: it stays on the bills page, paused.')
    const forget = { action: 'dismiss_recurring', recurringId: 'r1', name: 'Gym' } as const
    expect(actionText(forget)).toBe('Stop tracking it')
    expect(actionDoneText(forget)).toBe('Gym is no longer tracked.')
    expect(
      actionDoneText({ action: 'rule', name: 'Coffee', payee: 'Bean', categoryId: 'c1' }),
    ).toBe('New rule: payees containing “Bean” get a category.')
  })
})

describe('price rises', () => {
  it('badges a charge that grew, not one that fell', () => {
    const rise = { from: asCents(-1299), to: asCents(-1599), date: '2026-03-03', change: 0.231 }
    expect(priceRise(rise)).toBe(rise)
    expect(
      priceRise({ ...rise, from: asCents(-1599), to: asCents(-1299), change: -0.188 }),
    ).toBeNull()
    expect(priceRise(null)).toBeNull()
  })
})

describe('the forecast', () => {
  const points = [
    { date: '2026-03-13', balance: asCents(120050), low: asCents(110000), high: asCents(130000) },
    { date: '2026-03-14', balance: asCents(-2500), low: asCents(-9000), high: asCents(4000) },
    { date: '2026-03-15', balance: asCents(-2500), low: asCents(-2500), high: asCents(-2500) },
  ]
  it('turns cents into the units the axis shows, with a band only when there is one', () => {
    expect(chartPoints(points, (d) => d.slice(5))).toEqual([
      { label: '03-13', date: '2026-03-13', balance: 1200.5, band: [1100, 1300] },
      { label: '03-14', date: '2026-03-14', balance: -25, band: [-90, 40] },
      { label: '03-15', date: '2026-03-15', balance: -25, band: null },
    ])
  })
  it('finds the first day of the lowest balance', () => {
    expect(lowestPoint(points)?.date).toBe('2026-03-14')
    expect(lowestPoint([])).toBeNull()
  })
})

describe('the suggestions’ selection', () => {
  it('toggles one id without touching the old set', () => {
    const before = new Set(['a'])
    expect([...toggled(before, 'b')]).toEqual(['a', 'b'])
    expect([...toggled(before, 'a')]).toEqual([])
    expect([...before]).toEqual(['a'])
  })
  it('keeps only the ids still listed', () => {
    expect([...keepListed(new Set(['a', 'b', 'c']), ['c', 'a', 'd'])]).toEqual(['a', 'c'])
  })
  it('counts in words', () => {
    expect(plural(1, 'suggestion')).toBe('1 suggestion')
    expect(plural(3, 'suggestion')).toBe('3 suggestions')
    expect(plural(2, 'category', 'categories')).toBe('2 categories')
  })
})

describe('the balance axis', () => {
  it('pads a steady balance by 5 % of it, out to round steps', () => {
    // 3,172.17..3,188.16 ± 159.41 → 3,012.76..3,347.57; a quarter of that is 83.7 → steps of 100
    expect(axisDomain([3172.17, 3188.16])).toEqual([3000, 3400])
  })
  it('pads a wide range by a tenth of it, and stops at zero when all is above it', () => {
    // 100..1,100 ± 100 → 0..1,200; a quarter is 300 → steps of 500
    expect(axisDomain([100, 1100])).toEqual([0, 1500])
    // −500..500 ± 100 → −600..600; steps of 500
    expect(axisDomain([-500, 500])).toEqual([-1000, 1000])
  })
  it('has a range even with nothing in it', () => {
    expect(axisDomain([])).toEqual([0, 1])
    expect(axisDomain([0, 0])).toEqual([0, 1])
  })
})

describe('isRefreshing', () => {
  it('is true while the job is queued or running, and not before or after', () => {
    expect(['idle', 'queued', 'running', 'done', 'failed'].map((s) => isRefreshing(s as 'idle'))).toEqual([false, true, true, false, false])
    expect(isRefreshing(undefined)).toBe(false)
  })
})
