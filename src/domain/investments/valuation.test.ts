import { describe, expect, it } from 'vitest'
import { asCents } from '../money'
import { toPrice, toQuantity, type Activity } from './lots'
import { measurePerformance } from './returns'
import { dailyValuation, priceIndex, priceOn, type PricePoint } from './valuation'

const c = asCents
const q = toQuantity
const p = toPrice

// $2,000.00 in on 2024-01-01; 10 ACME bought at $100.00 on 2024-01-02 (no fee);
// prices typed in: $100.00 on 2024-01-02 and $110.00 on 2024-01-04.
const activities: Activity[] = [
  { type: 'transfer_in', date: '2024-01-01', amount: c(200_000) },
  { type: 'buy', date: '2024-01-02', symbol: 'ACME', quantity: q(10), price: p(100) },
]
const prices: PricePoint[] = [
  { symbol: 'ACME', date: '2024-01-02', price: p(100) },
  { symbol: 'ACME', date: '2024-01-04', price: p(110) },
]

describe('dailyValuation', () => {
  it('is cash plus market value at the last known price, day by day', () => {
    const days = dailyValuation(activities, prices, { to: '2024-01-05' })
    expect(days.map((d) => [d.date, d.cash, d.marketValue, d.value, d.flow])).toEqual([
      ['2024-01-01', 200_000, 0, 200_000, 200_000], // the deposit is that day's flow
      ['2024-01-02', 100_000, 100_000, 200_000, 0], // 10 × 100.00
      ['2024-01-03', 100_000, 100_000, 200_000, 0], // no price that day: the 2nd's
      ['2024-01-04', 100_000, 110_000, 210_000, 0], // 10 × 110.00
      ['2024-01-05', 100_000, 110_000, 210_000, 0],
    ])
    expect(days.every((d) => d.missing.length === 0)).toBe(true)
  })

  it('feeds the returns: 210000 / 200000 − 1 = 0.05 over the 5 days', () => {
    const days = dailyValuation(activities, prices, { to: '2024-01-05' })
    const series = days.flatMap((d) => (d.value === null ? [] : [{ date: d.date, value: d.value }]))
    const flows = days.flatMap((d) => (d.flow ? [{ date: d.date, amount: d.flow }] : []))
    const perf = measurePerformance(series, flows, { from: '2024-01-01', to: '2024-01-05' })
    expect(perf.twr).toBeCloseTo(0.05, 9)
    expect(perf.contributions).toBe(200_000)
    expect(perf.gain).toBe(10_000)
  })

  it('reports a holding with no known price as missing, never as 0', () => {
    const withGift: Activity[] = [
      ...activities,
      {
        type: 'transfer_in',
        date: '2024-01-03',
        symbol: 'GIFT',
        quantity: q(5),
        costBasis: c(5000),
      },
    ]
    const days = dailyValuation(withGift, prices, { from: '2024-01-02', to: '2024-01-04' })
    expect(days[0]?.value).toBe(200_000)
    expect(days[1]).toEqual({
      date: '2024-01-03',
      cash: 100_000,
      marketValue: null,
      value: null,
      flow: null, // the shares came in, but at what value is unknown
      missing: ['GIFT'],
    })
    expect(days[2]?.missing).toEqual(['GIFT'])
  })

  it('values shares moving in and out as flows at the day price', () => {
    const moves: Activity[] = [
      {
        type: 'transfer_in',
        date: '2024-01-02',
        symbol: 'ACME',
        quantity: q(4),
        costBasis: c(30_000),
      },
      { type: 'transfer_out', date: '2024-01-04', symbol: 'ACME', quantity: q(1) },
    ]
    const days = dailyValuation(moves, prices, { to: '2024-01-04' })
    // in: 4 × 100.00 = 40000; out: 1 × 110.00 = −11000
    expect(days.map((d) => d.flow)).toEqual([40_000, 0, -11_000])
    expect(days.map((d) => d.value)).toEqual([40_000, 40_000, 33_000])
  })

  it('starts from the holdings of earlier activities, and is empty for an empty range', () => {
    const days = dailyValuation(activities, prices, { from: '2024-01-04', to: '2024-01-04' })
    expect(days).toEqual([
      {
        date: '2024-01-04',
        cash: 100_000,
        marketValue: 110_000,
        value: 210_000,
        flow: 0,
        missing: [],
      },
    ])
    expect(dailyValuation(activities, prices, { from: '2024-01-05', to: '2024-01-04' })).toEqual([])
    expect(dailyValuation([], prices, { to: '2024-01-04' })).toEqual([])
  })
})

describe('priceOn', () => {
  it('is the last known price on or before the day, the table winning over a trade on the same day', () => {
    const index = priceIndex(
      [{ symbol: 'X', date: '2024-01-05', price: p(9) }],
      [
        { type: 'buy', date: '2024-01-03', symbol: 'X', quantity: q(1), price: p(8) },
        { type: 'buy', date: '2024-01-05', symbol: 'X', quantity: q(1), price: p(10) },
      ],
    )
    expect(priceOn(index, 'X', '2024-01-02')).toBeNull()
    expect(priceOn(index, 'X', '2024-01-03')).toBe(p(8))
    expect(priceOn(index, 'X', '2024-01-04')).toBe(p(8))
    expect(priceOn(index, 'X', '2024-01-05')).toBe(p(9))
    expect(priceOn(index, 'X', '2030-01-01')).toBe(p(9))
    expect(priceOn(index, 'Y', '2024-01-05')).toBeNull()
  })
})
