import { describe, expect, it } from 'vitest'
import { asCents } from '../money'
import {
  isOverAYear,
  measurePerformance,
  moneyWeightedReturn,
  timeWeightedReturn,
  xirr,
  type CashFlow,
  type ValuePoint,
} from './returns'

const c = asCents
const point = (date: string, value: number): ValuePoint => ({ date, value: c(value) })
const flow = (date: string, amount: number): CashFlow => ({ date, amount: c(amount) })
const YEAR_2023 = { from: '2023-01-01', to: '2023-12-31' }

describe('no money added or taken out', () => {
  // $10,000.00 at the end of 2022-12-31, $10,800.00 on 2023-03-31, $10,500.00 on 2023-07-01.
  const series = [
    point('2022-12-31', 1_000_000),
    point('2023-03-31', 1_080_000),
    point('2023-07-01', 1_050_000),
  ]
  const range = { from: '2023-01-01', to: '2023-07-01' }

  it('the time-weighted return is the simple return', () => {
    // 1080000/1000000 × 1050000/1080000 = 1.05 → 0.05; 182 days from 2022-12-31, not annualised
    const twr = timeWeightedReturn(series, [], range)
    expect(twr?.cumulative).toBeCloseTo(0.05, 9)
    expect(twr?.days).toBe(182)
    expect(twr?.annualized).toBeNull()
  })

  it('XIRR is the simple return annualised', () => {
    // 1.05^(365/182) − 1 = 0.102795595…
    expect(moneyWeightedReturn(series, [], range)).toBeCloseTo(0.102795595, 8)
    const perf = measurePerformance(series, [], range)
    expect(perf.explanation).toBe(
      "You didn't add or take out money in this period, so both returns measure the same growth; the money-weighted one is shown per year.",
    )
    expect(perf.gain).toBe(50_000)
    expect(perf.contributions).toBe(0)
  })
})

describe('annualisation over more than a year', () => {
  // $10,000.00 at the end of 2020, $11,500.00 a year on, $12,100.00 at the end of 2022
  const series = [
    point('2020-12-31', 1_000_000),
    point('2021-12-31', 1_150_000),
    point('2022-12-31', 1_210_000),
  ]
  const range = { from: '2021-01-01', to: '2022-12-31' }

  it('is (1 + r)^(365 / days) − 1', () => {
    // cumulative 1.21 − 1 = 0.21 over 730 days; 1.21^(365/730) − 1 = 1.1 − 1 = 0.1
    const twr = timeWeightedReturn(series, [], range)
    expect(twr?.days).toBe(730)
    expect(twr?.cumulative).toBeCloseTo(0.21, 9)
    expect(twr?.annualized).toBeCloseTo(0.1, 9)
    // with no flows XIRR agrees: −10000 then +12100 730 days later → 0.1
    const perf = measurePerformance(series, [], range)
    expect(perf.xirr).toBeCloseTo(0.1, 9)
    expect(perf.twrAnnualized).toBeCloseTo(0.1, 9)
    expect(perf.explanation).toBe(
      "You didn't add or take out money in this period, so both returns are the same.",
    )
  })

  it('applies only when the range ends after the same date a year on', () => {
    expect(isOverAYear(YEAR_2023)).toBe(false)
    expect(isOverAYear({ from: '2020-01-01', to: '2020-12-31' })).toBe(false) // 366 days, still one year
    expect(isOverAYear({ from: '2023-01-01', to: '2024-01-01' })).toBe(true)
  })
})

describe('a large contribution just before prices fell', () => {
  // $10,000.00 at the start; up 20 % to $12,000.00 by 2023-06-30; $50,000.00 added at the start
  // of 2023-07-01 (worth $62,000.00 that evening); then down 20 % to $49,600.00 at the year end.
  const series = [
    point('2022-12-31', 1_000_000),
    point('2023-06-30', 1_200_000),
    point('2023-07-01', 6_200_000),
    point('2023-12-31', 4_960_000),
  ]
  const flows = [flow('2023-07-01', 5_000_000)]

  it('TWR chains the periods around the flow: 1.2 × 1.0 × 0.8 − 1 = −0.04', () => {
    // 1200000/1000000 = 1.2; 6200000/(1200000 + 5000000) = 1; 4960000/6200000 = 0.8
    const twr = timeWeightedReturn(series, flows, YEAR_2023)
    expect(twr?.cumulative).toBeCloseTo(-0.04, 9)
    expect(twr?.annualized).toBeNull()
  })

  it('XIRR weighs the fall with the larger sum: −0.279223', () => {
    // −10000 on 2022-12-31, −50000 at the start of 2023-07-01 (= 2023-06-30, day 181),
    // +49600 on 2023-12-31 (day 365): 10000 × (1+r) + 50000 × (1+r)^(184/365) = 49600,
    // solved numerically: r = −0.2792225610…
    const perf = measurePerformance(series, flows, YEAR_2023)
    expect(perf.xirr).toBeCloseTo(-0.279222561, 8)
    expect(perf.twr).toBeCloseTo(-0.04, 9)
    expect(perf.contributions).toBe(5_000_000)
    expect(perf.startValue).toBe(1_000_000)
    expect(perf.marketValue).toBe(4_960_000)
    // 49600 − 10000 − 50000 = −10400.00
    expect(perf.gain).toBe(-1_040_000)
    expect(perf.explanation).toBe(
      "You added money before prices fell, so your money-weighted return is lower than the investments' own return.",
    )
  })

  it('taking money out before prices rose also lowers the money-weighted return', () => {
    // $100,000.00, down 20 % to $80,000.00; $60,000.00 taken out on 2023-07-01; then up 20 %:
    // TWR 0.8 × 1 × 1.2 − 1 = −0.04; XIRR of −100000, +60000 (day 181), +24000 (day 365) = −0.236210
    const down = [
      point('2022-12-31', 10_000_000),
      point('2023-06-30', 8_000_000),
      point('2023-07-01', 2_000_000),
      point('2023-12-31', 2_400_000),
    ]
    const perf = measurePerformance(down, [flow('2023-07-01', -6_000_000)], YEAR_2023)
    expect(perf.twr).toBeCloseTo(-0.04, 9)
    expect(perf.xirr).toBeCloseTo(-0.236209811, 8)
    expect(perf.explanation).toBe(
      "You took money out before prices rose, so your money-weighted return is lower than the investments' own return.",
    )
  })
})

describe('flows that do not change the picture', () => {
  it('with flat prices both returns are 0 and said to be about the same', () => {
    // $10,000.00 flat; $5,000.00 added on 2023-07-01; $15,000.00 flat to the year end
    const series = [
      point('2022-12-31', 1_000_000),
      point('2023-07-01', 1_500_000),
      point('2023-12-31', 1_500_000),
    ]
    const perf = measurePerformance(series, [flow('2023-07-01', 500_000)], YEAR_2023)
    expect(perf.twr).toBeCloseTo(0, 12)
    expect(perf.xirr).toBeCloseTo(0, 10)
    expect(perf.gain).toBe(0)
    expect(perf.explanation).toBe(
      'Your deposits and withdrawals were too small or too evenly timed to matter, so both returns are about the same.',
    )
  })
})

describe('accounts opened or emptied inside the range', () => {
  it('measures a first deposit from its own day', () => {
    // $10,000.00 deposited at the start of 2023-01-01, $11,000.00 at the year end:
    // TWR 10000/(0 + 10000) × 11000/10000 − 1 = 0.1; XIRR −10000 on 2022-12-31, +11000 365 days on = 0.1
    const series = [point('2023-01-01', 1_000_000), point('2023-12-31', 1_100_000)]
    const perf = measurePerformance(series, [flow('2023-01-01', 1_000_000)], YEAR_2023)
    expect(perf.twr).toBeCloseTo(0.1, 9)
    expect(perf.xirr).toBeCloseTo(0.1, 9)
    expect(perf.startValue).toBe(0)
    expect(perf.gain).toBe(100_000)
  })

  it('skips the time with nothing invested after everything is taken out', () => {
    // up 10 % to $11,000.00, all taken out on 2023-07-01, nothing since: TWR 0.1
    const series = [
      point('2022-12-31', 1_000_000),
      point('2023-06-30', 1_100_000),
      point('2023-07-01', 0),
      point('2023-12-31', 0),
    ]
    expect(
      timeWeightedReturn(series, [flow('2023-07-01', -1_100_000)], YEAR_2023)?.cumulative,
    ).toBeCloseTo(0.1, 9)
  })

  it('has no return when nothing was ever invested', () => {
    const perf = measurePerformance([], [], YEAR_2023)
    expect(perf.twr).toBeNull()
    expect(perf.xirr).toBeNull()
    expect(perf.explanation).toBe(
      'Nothing was invested in this period, so there is no return to show.',
    )
  })
})

describe('xirr', () => {
  it('is 0.1 for −1000 and +1100 365 days later', () => {
    expect(
      xirr([
        { date: '2021-01-01', amount: -1000 },
        { date: '2022-01-01', amount: 1100 },
      ]),
    ).toBeCloseTo(0.1, 10)
  })

  it('counts actual days over 365: across 2020 (366 days) it is 1.1^(365/366) − 1', () => {
    // 0.0997135859…
    expect(
      xirr([
        { date: '2020-01-01', amount: -1000 },
        { date: '2021-01-01', amount: 1100 },
      ]),
    ).toBeCloseTo(0.099713586, 8)
  })

  it('solves several flows: −1000, −1000 a year on, +2310 two years on is 0.1', () => {
    // 1000 × 1.1² + 1000 × 1.1 = 1210 + 1100 = 2310
    const r = xirr([
      { date: '2021-01-01', amount: -1000 },
      { date: '2022-01-01', amount: -1000 },
      { date: '2023-01-01', amount: 2310 },
    ])
    expect(r).toBeCloseTo(0.1, 10)
  })

  it('finds large and negative rates, in any order of flows', () => {
    // tripled in 181 days: 3^(365/181) − 1 = 8.16538255…
    expect(
      xirr([
        { date: '2021-07-01', amount: 300 },
        { date: '2021-01-01', amount: -100 },
      ]),
    ).toBeCloseTo(8.165382551, 6)
    // half lost in a year: −0.5
    expect(
      xirr([
        { date: '2021-01-01', amount: -1000 },
        { date: '2022-01-01', amount: 500 },
      ]),
    ).toBeCloseTo(-0.5, 10)
  })

  it('is null when there is no solution', () => {
    expect(xirr([])).toBeNull()
    expect(xirr([{ date: '2021-01-01', amount: -1000 }])).toBeNull()
    expect(
      xirr([
        { date: '2021-01-01', amount: -1000 },
        { date: '2022-01-01', amount: -5 },
      ]),
    ).toBeNull()
    expect(
      xirr([
        { date: '2021-01-01', amount: -1000 },
        { date: '2021-01-01', amount: 1100 },
      ]),
    ).toBeNull()
    // a thousandfold in a day is beyond any rate a number can hold
    expect(
      xirr([
        { date: '2021-01-01', amount: -1 },
        { date: '2021-01-02', amount: 1000 },
      ]),
    ).toBeNull()
  })
})
