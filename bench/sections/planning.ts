// Section 12: the planning simulations, in-process, one at a time: 10,000 seeded
// Monte Carlo paths over 70 years of age (target 300 ms), the historical backtest over every
// start year, and a 600-month debt plan with its minimums-only baseline.
import { asCents } from '../../src/domain/money'
import { compareWithMinimums } from '../../src/domain/planning/debt'
import {
  historicalBacktest,
  monteCarlo,
  type RetirementInput,
} from '../../src/domain/planning/retirement'
import { row, type Row } from '../lib/report'
import { median, percentile } from '../lib/stats'

const RETIREMENT: RetirementInput = {
  currentAge: 25,
  retirementAge: 65,
  planUntilAge: 95,
  savings: asCents(5_000_000),
  monthlyContribution: asCents(100_000),
  annualReturn: 0.07,
  volatility: 0.15,
  inflation: 0.025,
  annualSpending: asCents(6_000_000),
  withdrawalRate: 0.04,
}

function time(runs: number, work: (i: number) => void): number[] {
  work(0) // warm
  const out: number[] = []
  for (let i = 1; i <= runs; i++) {
    const t = performance.now()
    work(i)
    out.push(performance.now() - t)
  }
  return out
}

export function planningSection(say: (line: string) => void): Row[] {
  const rows: Row[] = []
  const mc = time(10, (seed) =>
    monteCarlo({ ...RETIREMENT, currentAge: 25, planUntilAge: 95 }, { paths: 10_000, seed }),
  )
  say(
    `    Monte Carlo, 10,000 paths × 70 years: ${median(mc).toFixed(0)} / ${percentile(mc, 99).toFixed(0)} ms (median / p99 of 10)`,
  )
  rows.push(
    row({
      section: '12 planning',
      figure: 'Monte Carlo: 10,000 seeded paths × 70 years (domain, one at a time)',
      median: median(mc),
      p99: percentile(mc, 99),
      unit: 'ms',
      extra: '10 runs',
      target: { op: '<=', value: 300 },
    }),
  )
  const bt = time(10, () =>
    historicalBacktest({
      ...RETIREMENT,
      currentAge: 65,
      retirementAge: 65,
      monthlyContribution: asCents(0),
    }),
  )
  say(
    `    historical backtest, 30-year plan over every start year: ${median(bt).toFixed(1)} ms median`,
  )
  rows.push(
    row({
      section: '12 planning',
      figure: 'historical backtest: a 30-year plan over every start year since 1871',
      median: median(bt),
      unit: 'ms',
      extra: '10 runs',
    }),
  )
  const debts = Array.from({ length: 10 }, (_, i) => ({
    name: `Debt ${i + 1}`,
    balance: asCents(500_000 + i * 250_000),
    apr: 5 + i * 2,
    minimum: { kind: 'percent' as const, percent: 2, floor: asCents(2_500) },
  }))
  const debt = time(10, () =>
    compareWithMinimums({ debts, strategy: 'avalanche', extraMonthly: asCents(20_000) }),
  )
  say(
    `    debt plan, 10 debts with the minimums-only baseline: ${median(debt).toFixed(1)} ms median`,
  )
  rows.push(
    row({
      section: '12 planning',
      figure: 'debt plan: 10 debts, avalanche and the minimums-only baseline',
      median: median(debt),
      unit: 'ms',
      extra: '10 runs',
    }),
  )
  return rows
}
