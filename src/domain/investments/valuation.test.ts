import { describe, expect, it } from 'vitest'
import { asCents } from '../money'
import { toPrice, toQuantity, type Activity, type CashTransfer } from './lots'
import { measurePerformance } from './returns'
import { dailyValuation, priceIndex, priceOn, valuationChanges, valuationDays, type PricePoint } from './valuation'

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

describe('the valuation kept as its changes', () => {
  // shares moved in with no price until the 8th (missing, and that day's flow unknown), a sale,
  // and cash moving through the ledger beside the activities
  const more: Activity[] = [
    ...activities,
    { type: 'transfer_in', date: '2024-01-06', symbol: 'BOLT', quantity: q(2), costBasis: c(5_000) },
    { type: 'sell', date: '2024-01-09', symbol: 'ACME', quantity: q(4), price: p(111) },
  ]
  const morePrices: PricePoint[] = [...prices, { symbol: 'BOLT', date: '2024-01-08', price: p(30) }]
  const ledger: CashTransfer[] = [
    { type: 'transfer_in', date: '2023-12-20', amount: c(1_000) },
    { type: 'transfer_out', date: '2024-01-03', amount: c(500) },
    { type: 'transfer_in', date: '2024-01-09', amount: c(700) },
  ]

  it('keeps only the days that change, and the days with a flow', () => {
    const days = dailyValuation(more, morePrices, { to: '2024-01-12' })
    expect(valuationChanges(days, null).map((d) => d.date)).toEqual([
      '2024-01-01', // the deposit
      '2024-01-02', // the buy
      '2024-01-04', // a new price
      '2024-01-06', // BOLT in with no price: missing, and the day's flow unknown (the 7th is the same, with no flow)
      '2024-01-08', // BOLT priced
      '2024-01-09', // the sale
    ])
  })

  it('gives back every day of the replay, with the ledger added, over any range', () => {
    const changes = valuationChanges(dailyValuation(more, morePrices, { to: '2024-01-12' }), null)
    for (const [from, to] of [
      ['2023-12-15', '2024-01-20'],
      ['2024-01-03', '2024-01-07'],
      ['2024-01-10', '2024-02-01'],
    ] as const) {
      const replayed = dailyValuation([...more, ...ledger], morePrices, { from, to })
      // the changes before `from` may be left out, all but the last one
      const last = changes.filter((d) => d.date < from).at(-1)
      const kept = changes.filter((d) => d.date >= from || d === last)
      expect(valuationDays(kept, ledger, from, to)).toEqual(replayed)
    }
  })

  it('reworked from a day on, joins the days kept before it', () => {
    const days = dailyValuation(more, morePrices, { to: '2024-01-12' })
    const before = valuationChanges(days, null).filter((d) => d.date < '2024-01-07')
    const after = valuationChanges(
      dailyValuation(more, morePrices, { from: '2024-01-07', to: '2024-01-12' }),
      before.at(-1) ?? null,
    )
    expect([...before, ...after]).toEqual(valuationChanges(days, null))
  })
})
