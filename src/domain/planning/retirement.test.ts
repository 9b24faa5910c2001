import { describe, expect, it } from 'vitest'
import { asCents } from '../money'
import { MARKET_HISTORY, MARKET_HISTORY_FIRST_YEAR, MARKET_HISTORY_LAST_YEAR } from './market-history'
import {
  fireNumber,
  historicalBacktest,
  lognormalReturns,
  monteCarlo,
  monthlyRate,
  projectRetirement,
  realReturn,
  RetirementError,
  seededRandom,
  sensitivity,
  type RetirementInput,
} from './retirement'

const c = (v: number) => asCents(Math.round(v * 100))
const base: RetirementInput = {
  currentAge: 30,
  retirementAge: 40,
  planUntilAge: 95,
  savings: c(10_000),
  monthlyContribution: c(500),
  annualReturn: 0.05,
  volatility: 0,
  inflation: 0,
  annualSpending: c(40_000),
  withdrawalRate: 0.04,
}

describe('the deterministic projection', () => {
  it('uses the real return, applied monthly', () => {
    expect(realReturn(0.07, 0.02)).toBeCloseTo(1.07 / 1.02 - 1, 12)
    expect(realReturn(0.07, 0.02)).toBeCloseTo(0.049019607843, 10)
    expect(Math.pow(1 + monthlyRate(0.05), 12)).toBeCloseTo(1.05, 12)
  })

  it('matches the closed-form future value to the cent', () => {
    // FV = P (1 + m)^n + C ((1 + m)^n − 1) ÷ m, with (1 + m)^120 = 1.05^10
    const m = Math.pow(1.05, 1 / 12) - 1
    const g = Math.pow(1.05, 10)
    const closed = 1_000_000 * g + 50_000 * ((g - 1) / m)
    const p = projectRetirement(base)
    expect(p.projectedAtRetirement).toBe(Math.round(closed))
    // by hand: 10,000 × 1.6288946 + 500 × 154.36316 = 16,288.946 + 77,181.581 = 93,470.527
    expect(p.projectedAtRetirement).toBe(c(93_470.53))
    expect(p.years[0]).toEqual({ age: 30, balance: c(10_000) })
    expect(p.years.at(-1)?.age).toBe(95)
  })

  it('with inflation, projects in today’s money', () => {
    const p = projectRetirement({ ...base, annualReturn: 0.071, inflation: 0.02, contributionRaise: 0 })
    const r = 1.071 / 1.02 - 1
    const m = Math.pow(1 + r, 1 / 12) - 1
    const g = Math.pow(1 + r, 10)
    expect(p.projectedAtRetirement).toBe(Math.round(1_000_000 * g + 50_000 * ((g - 1) / m)))
  })

  it('gives the FIRE number and the age savings reach it', () => {
    expect(fireNumber(c(40_000), 0.04)).toBe(c(1_000_000))
    // nothing saved, $1,000 a month at 0 %: $120,000 (= 4,800 ÷ 0.04) after 120 months, at 40
    const p = projectRetirement({
      ...base,
      savings: c(0),
      monthlyContribution: c(1000),
      annualReturn: 0,
      annualSpending: c(4800),
      retirementAge: 45,
    })
    expect(p.fireNumber).toBe(c(120_000))
    expect(p.fiAge).toBe(40)
    expect(projectRetirement(base).fiAge).toBeNull()
  })

  it('says when the money runs out, and other income delays it', () => {
    // $100,000 at 60, 0 % real, $10,000 a year: ten years, gone at 70
    const retired: RetirementInput = {
      ...base,
      currentAge: 60,
      retirementAge: 60,
      savings: c(100_000),
      monthlyContribution: c(0),
      annualReturn: 0,
      annualSpending: c(10_000),
    }
    const p = projectRetirement(retired)
    expect(p.years.find((y) => y.age === 70)?.balance).toBe(c(0))
    expect(p.depletedAge).toBe(70)
    // a $10,000 pension from 65 pays everything from then on: $50,000 is left at 95
    const withPension = projectRetirement({ ...retired, otherIncome: [{ annual: c(10_000), fromAge: 65 }] })
    expect(withPension.depletedAge).toBeNull()
    expect(withPension.years.at(-1)?.balance).toBe(c(50_000))
  })

  it('raises the contribution by the yearly raise on each birthday', () => {
    // $100 a month from 30, 10 % more each year, nothing saved yet, retiring at 33
    const raised: RetirementInput = { ...base, savings: c(0), monthlyContribution: c(100), contributionRaise: 0.1, retirementAge: 33 }
    // at 0 %: 12 × 100 + 12 × 110 + 12 × 121 = 1,200 + 1,320 + 1,452 = 3,972
    const flat = projectRetirement({ ...raised, annualReturn: 0 })
    expect(flat.years.slice(0, 4)).toEqual([
      { age: 30, balance: c(0) },
      { age: 31, balance: c(1200) },
      { age: 32, balance: c(2520) },
      { age: 33, balance: c(3972) },
    ])
    expect(flat.projectedAtRetirement).toBe(c(3972))
    // at 5 %: a year of $C month-ends grows to C × ((1.05 − 1) ÷ m) = C × 12.2725775 (m = 1.05^(1/12) − 1);
    // 31: 100 × 12.2725775 = 1,227.26; 32: 1,227.2578 × 1.05 + 110 × 12.2725775 = 1,288.6207 + 1,349.9835
    // = 2,638.60; 33: 2,638.6042 × 1.05 + 121 × 12.2725775 = 2,770.5344 + 1,484.9819 = 4,255.52
    const grown = projectRetirement(raised)
    expect(grown.years[1]?.balance).toBe(c(1227.26))
    expect(grown.years[2]?.balance).toBe(c(2638.6))
    expect(grown.projectedAtRetirement).toBe(c(4255.52))
    // a cut works the same way down: 12 × 100 + 12 × 90 = 2,280 at 32
    expect(projectRetirement({ ...raised, annualReturn: 0, contributionRaise: -0.1 }).years[2]?.balance).toBe(c(2280))
  })

  it('names the field of impossible input', () => {
    expect(() => projectRetirement({ ...base, retirementAge: 20 })).toThrow(RetirementError)
    try {
      projectRetirement({ ...base, withdrawalRate: 0 })
    } catch (e) {
      expect((e as RetirementError).field).toBe('withdrawalRate')
    }
  })
})

describe('the Monte Carlo simulation', () => {
  const risky = { ...base, volatility: 0.15, annualReturn: 0.07, inflation: 0.02, savings: c(200_000), monthlyContribution: c(2000) }

  it('is reproducible by seed', () => {
    const a = monteCarlo(risky, { paths: 2000, seed: 42 })
    const b = monteCarlo(risky, { paths: 2000, seed: 42 })
    const other = monteCarlo(risky, { paths: 2000, seed: 43 })
    expect(b).toEqual(a)
    expect(other.percentiles[20]?.p50).not.toBe(a.percentiles[20]?.p50)
    // the fan is ordered
    for (const p of a.percentiles) {
      expect(p.p10).toBeLessThanOrEqual(p.p50)
      expect(p.p50).toBeLessThanOrEqual(p.p90)
    }
    expect(a.worstEnding).toBeLessThanOrEqual(a.medianEnding)
  })

  it('draws returns with the asked mean and volatility', () => {
    const draw = lognormalReturns(0.05, 0.15, seededRandom(7))
    let sum = 0
    let sq = 0
    const n = 50_000
    for (let i = 0; i < n; i++) {
      const r = draw()
      expect(r).toBeGreaterThan(-1)
      sum += r
      sq += r * r
    }
    const mean = sum / n
    expect(mean).toBeCloseTo(0.05, 2)
    expect(Math.sqrt(sq / n - mean * mean)).toBeCloseTo(0.15, 2)
  })

  it('with no volatility, every path is the projection', () => {
    const mc = monteCarlo(base, { paths: 50, seed: 1 })
    const p = projectRetirement(base)
    for (const [i, y] of p.years.entries()) {
      expect(Math.abs((mc.percentiles[i]?.p10 ?? 0) - y.balance)).toBeLessThanOrEqual(1)
      expect(Math.abs((mc.percentiles[i]?.p90 ?? 0) - y.balance)).toBeLessThanOrEqual(1)
    }
  })

  it('is sensible at the extremes', () => {
    expect(monteCarlo({ ...risky, savings: c(50_000_000) }, { paths: 500, seed: 3 }).successRate).toBe(1)
    expect(
      monteCarlo({ ...risky, savings: c(0), monthlyContribution: c(0) }, { paths: 500, seed: 3 }).successRate,
    ).toBe(0)
  })

  it('counts deep spending cuts as failures under a percentage withdrawal', () => {
    // $1,000,000 at 40, 0 % real, 4 % a year: the withdrawal falls 4 % a year, below 80 % of the
    // planned $40,000 after six years
    const percent: RetirementInput = {
      ...base,
      currentAge: 40,
      savings: c(1_000_000),
      monthlyContribution: c(0),
      annualReturn: 0,
      strategy: 'percent',
    }
    expect(monteCarlo(percent, { paths: 10, seed: 1 }).successRate).toBe(0)
    expect(monteCarlo({ ...percent, minimumSpendingShare: 0 }, { paths: 10, seed: 1 }).successRate).toBe(1)
    expect(projectRetirement(percent).depletedAge).toBeNull()
  })

  it('moves guardrail withdrawals by 10 % outside 80–120 % of the first year’s rate, net of a pension that starts later', () => {
    // $100,000 at 60, 0 % real, $10,000 a year; a $6,000 pension from 63. The first year's rate
    // is 10,000 ÷ 100,000 = 10 %, so the rails are at 8 % and 12 %.
    const guarded: RetirementInput = {
      ...base,
      currentAge: 60,
      retirementAge: 60,
      planUntilAge: 64,
      savings: c(100_000),
      monthlyContribution: c(0),
      annualReturn: 0,
      annualSpending: c(10_000),
      strategy: 'guardrails',
      otherIncome: [{ annual: c(6000), fromAge: 63 }],
    }
    const p = projectRetirement(guarded)
    expect(p.years.map((y) => y.balance)).toEqual([
      c(100_000),
      c(90_000), // 60: 10,000 ÷ 100,000 = 10 %: 10,000 taken
      c(80_000), // 61: 10,000 ÷ 90,000 = 11.1 %: within the rails, 10,000
      c(71_000), // 62: 10,000 ÷ 80,000 = 12.5 % > 12 %: cut to 9,000 (spending 9,000)
      c(67_700), // 63: the pension pays 6,000 of the 9,000: 3,000 ÷ 71,000 = 4.2 % < 8 %: raised to 3,300 (spending 9,300)
    ])
    expect(p.depletedAge).toBeNull()
    // the lowest year spends 9,000, 90 % of the plan: a success at the usual 80 %, not at 95 %
    expect(monteCarlo(guarded, { paths: 5, seed: 1 }).successRate).toBe(1)
    expect(monteCarlo({ ...guarded, minimumSpendingShare: 0.95 }, { paths: 5, seed: 1 }).successRate).toBe(0)
    // without the pension the rails keep cutting: 63: 9,000 ÷ 71,000 = 12.7 % > 12 %: 8,100
    expect(projectRetirement({ ...guarded, otherIncome: [] }).years.at(-1)?.balance).toBe(c(62_900))
  })

  it('starts the guardrails from the portfolio’s share when other income is there from the start', () => {
    // $8,000 a year of a $10,000 plan from the portfolio (a $2,000 pension from 60): first rate
    // 8 %, rails 6.4 % and 9.6 %. 60: 8,000 → 92,000; 61: 8,000 ÷ 92,000 = 8.7 %: 8,000 → 84,000
    const p = projectRetirement({
      ...base,
      currentAge: 60,
      retirementAge: 60,
      planUntilAge: 62,
      savings: c(100_000),
      monthlyContribution: c(0),
      annualReturn: 0,
      annualSpending: c(10_000),
      strategy: 'guardrails',
      otherIncome: [{ annual: c(2000), fromAge: 60 }],
    })
    expect(p.years.map((y) => y.balance)).toEqual([c(100_000), c(92_000), c(84_000)])
  })

  it('shows what retiring later, spending less and saving more do', () => {
    const s = sensitivity(risky, { paths: 1000, seed: 9 })
    const now = monteCarlo(risky, { paths: 1000, seed: 9 }).successRate
    expect(s.map((x) => x.change)).toEqual(['retire_later', 'spend_less', 'save_more'])
    for (const x of s) expect(x.successRate).toBeGreaterThanOrEqual(now)
  })
})

describe('the historical backtest', () => {
  it('replays each start year with that year’s mix of returns less inflation', () => {
    // a made-up history of 3 years: +10 % stocks / 0 % bonds with 0 % inflation, then −50 %, then +20 %
    const history = [
      [2000, 0.1, 0, 0],
      [2001, -0.5, 0, 0],
      [2002, 0.2, 0, 0],
    ] as const
    const input: RetirementInput = {
      ...base,
      currentAge: 60,
      retirementAge: 60,
      planUntilAge: 62,
      savings: c(100_000),
      monthlyContribution: c(0),
      annualSpending: c(0),
      stockShare: 1,
    }
    const b = historicalBacktest(input, history)
    expect(b?.starts.map((s) => [s.startYear, s.ending])).toEqual([
      [2000, c(55_000)], // 100,000 × 1.1 × 0.5
      [2001, c(60_000)], // 100,000 × 0.5 × 1.2
    ])
    expect(b?.worstStartYear).toBe(2000)
    // half in bonds: 100,000 × 1.05 × 0.75
    expect(historicalBacktest({ ...input, stockShare: 0.5 }, history)?.starts[0]?.ending).toBe(c(78_750))
    expect(historicalBacktest({ ...input, planUntilAge: 70 }, history)).toBeNull()
  })

  it('runs over the embedded history, and 1966 is a hard year to retire with 4 %', () => {
    expect(MARKET_HISTORY_FIRST_YEAR).toBe(1871)
    expect(MARKET_HISTORY_LAST_YEAR).toBeGreaterThanOrEqual(2020)
    expect(MARKET_HISTORY.find(([y]) => y === 2008)?.[1]).toBeCloseTo(-0.356, 2)
    const b = historicalBacktest({
      ...base,
      currentAge: 65,
      retirementAge: 65,
      planUntilAge: 95,
      savings: c(1_000_000),
      monthlyContribution: c(0),
      annualSpending: c(40_000),
      stockShare: 0.6,
    })
    expect(b).not.toBeNull()
    expect(b?.starts[0]?.startYear).toBe(1871)
    expect(b?.successRate).toBeGreaterThan(0.8)
    expect(b?.starts.find((s) => s.startYear === 1966)?.ending).toBeLessThan(c(1_000_000))
  })
})
