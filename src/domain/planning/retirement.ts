// Retirement planning: a deterministic projection in today's money, the FIRE number,
// a seeded Monte Carlo simulation and what-if variations.
//
// Everything is in today's money: the real annual return is r = (1 + return) ÷ (1 + inflation) − 1,
// applied monthly as (1 + r)^(1/12) − 1; contributions come at each month's end and rise by the
// yearly raise (a real raise) on each birthday; in retirement the month's withdrawal is taken at
// its end. The FIRE number is the yearly spending ÷ the withdrawal rate.
//
// Withdrawal strategies, each year of retirement (other income, e.g. a pension from its age,
// lowers what the portfolio must pay):
// - constant: the planned spending less other income, the same in today's money every year (the
//   "4 % rule" keeps the first year's withdrawal and raises it with inflation);
// - percent: the withdrawal rate × the portfolio at the start of each year (never runs out, but
//   spending moves with the markets);
// - guardrails (Guyton–Klinger, simplified): start with the planned spending; each year the
//   portfolio pays the spending reached so far less that year's other income; when that
//   withdrawal is more than 120 % of the first year's rate of the portfolio, cut it by 10 %; when
//   below 80 %, raise it by 10 % (the spending moves by the same amount, and stays there). So a
//   pension that starts after retiring lowers what the portfolio pays, and the rails act on that.
// A path succeeds when the money lasts to the plan's end and no year's spending (withdrawal plus
// other income) falls below `minimumSpendingShare` (80 %) of the plan.
//
// Pure and seeded: the same input and seed give the same answer on every machine.

import { asCents, type Cents } from '../money'
import { MARKET_HISTORY } from './market-history'

export const WITHDRAWAL_STRATEGIES = ['constant', 'percent', 'guardrails'] as const
export type WithdrawalStrategy = (typeof WITHDRAWAL_STRATEGIES)[number]

export type RetirementInput = {
  currentAge: number
  retirementAge: number
  /** default 95 */
  planUntilAge: number
  savings: Cents
  monthlyContribution: Cents
  /** real yearly raise of the contribution, a fraction */
  contributionRaise?: number
  /** nominal expected yearly return, a fraction: 0.06 */
  annualReturn: number
  /** yearly standard deviation of returns, a fraction: 0.15 */
  volatility: number
  inflation: number
  /** planned yearly spending in retirement, today's money */
  annualSpending: Cents
  /** a fraction: 0.04 */
  withdrawalRate: number
  strategy?: WithdrawalStrategy
  otherIncome?: readonly { annual: Cents; fromAge: number }[]
  /** the share of planned spending a path may fall to and still count as a success; default 0.8 */
  minimumSpendingShare?: number
  /** the historical backtest's mix: the share in stocks, the rest in bonds; default 0.6 */
  stockShare?: number
}

export class RetirementError extends RangeError {
  readonly field: string
  constructor(field: string, message: string) {
    super(message)
    this.name = 'RetirementError'
    this.field = field
  }
}

const MAX_AGE = 120

export function checkRetirementInput(input: RetirementInput): void {
  const { currentAge, retirementAge, planUntilAge } = input
  if (!Number.isInteger(currentAge) || currentAge < 0 || currentAge > MAX_AGE)
    throw new RetirementError('currentAge', `Must be a whole age from 0 to ${MAX_AGE}`)
  if (!Number.isInteger(retirementAge) || retirementAge < currentAge || retirementAge > MAX_AGE)
    throw new RetirementError('retirementAge', 'Must be a whole age, not before the current age')
  if (!Number.isInteger(planUntilAge) || planUntilAge <= retirementAge || planUntilAge > MAX_AGE)
    throw new RetirementError('planUntilAge', `Must be a whole age after the retirement age, at most ${MAX_AGE}`)
  if (input.savings < 0) throw new RetirementError('savings', 'Must not be negative')
  if (input.monthlyContribution < 0) throw new RetirementError('monthlyContribution', 'Must not be negative')
  if (input.annualSpending < 0) throw new RetirementError('annualSpending', 'Must not be negative')
  const fraction = (field: keyof RetirementInput, v: number | undefined, min: number, max: number) => {
    if (v !== undefined && (!Number.isFinite(v) || v < min || v > max))
      throw new RetirementError(field, `Must be a fraction from ${min} to ${max} (0.05 is 5 %)`)
  }
  fraction('annualReturn', input.annualReturn, -0.5, 0.5)
  fraction('volatility', input.volatility, 0, 1)
  fraction('inflation', input.inflation, -0.1, 0.5)
  fraction('contributionRaise', input.contributionRaise, -0.5, 0.5)
  fraction('minimumSpendingShare', input.minimumSpendingShare, 0, 1)
  fraction('stockShare', input.stockShare, 0, 1)
  if (!Number.isFinite(input.withdrawalRate) || input.withdrawalRate <= 0 || input.withdrawalRate > 0.5)
    throw new RetirementError('withdrawalRate', 'Must be a fraction above 0 and at most 0.5 (0.04 is 4 %)')
  input.otherIncome?.forEach((o, i) => {
    if (o.annual < 0) throw new RetirementError(`otherIncome.${i}.annual`, 'Must not be negative')
    if (!Number.isInteger(o.fromAge) || o.fromAge < 0 || o.fromAge > MAX_AGE)
      throw new RetirementError(`otherIncome.${i}.fromAge`, `Must be a whole age from 0 to ${MAX_AGE}`)
  })
}

/** (1 + nominal) ÷ (1 + inflation) − 1 */
export function realReturn(nominal: number, inflation: number): number {
  return (1 + nominal) / (1 + inflation) - 1
}

/** (1 + r)^(1/12) − 1 */
export function monthlyRate(annual: number): number {
  return Math.pow(1 + annual, 1 / 12) - 1
}

export function fireNumber(annualSpending: Cents, withdrawalRate: number): Cents {
  return asCents(Math.round(annualSpending / withdrawalRate))
}

function otherIncomeAt(input: RetirementInput, age: number): number {
  let total = 0
  for (const o of input.otherIncome ?? []) if (age >= o.fromAge) total += o.annual
  return total
}

/** One retirement year's withdrawal rule, stepped a year at a time. */
type Withdrawals = { next(age: number, balance: number): { wanted: number; other: number } }

function withdrawals(input: RetirementInput, balanceAtRetirement: number): Withdrawals {
  const strategy = input.strategy ?? 'constant'
  const planned = input.annualSpending
  // guardrails: the yearly spending the rails have set so far (withdrawal plus other income),
  // starting at the plan's; each year the portfolio pays it less that year's other income, so a
  // pension that starts later lowers the withdrawal, and the rails judge that withdrawal
  let spending: number = planned
  const firstRate = balanceAtRetirement > 0 ? Math.max(0, planned - otherIncomeAt(input, input.retirementAge)) / balanceAtRetirement : 0
  return {
    next(age, balance) {
      const other = otherIncomeAt(input, age)
      const need = Math.max(0, planned - other)
      let withdrawal: number
      if (strategy === 'percent') withdrawal = input.withdrawalRate * balance
      else if (strategy === 'guardrails') {
        withdrawal = Math.max(0, spending - other)
        if (withdrawal > 0 && firstRate > 0) {
          const rate = balance > 0 ? withdrawal / balance : Infinity
          const railed = rate > firstRate * 1.2 ? withdrawal * 0.9 : rate < firstRate * 0.8 ? withdrawal * 1.1 : withdrawal
          // the cut or raise moves the spending by what it moves the withdrawal
          spending += railed - withdrawal
          withdrawal = railed
        }
      } else withdrawal = need
      return { wanted: withdrawal, other }
    },
  }
}

export type YearPoint = { age: number; balance: Cents }

export type Projection = {
  realReturn: number
  fireNumber: Cents
  /** at the retirement birthday */
  projectedAtRetirement: Cents
  /** the age (with months, as a decimal rounded to 0.1) at which savings first reach the FIRE number before retiring; null if they don't */
  fiAge: number | null
  /** the age the money runs out, or null when it lasts */
  depletedAge: number | null
  /** the balance at each birthday from now to the plan's end */
  years: YearPoint[]
}

/**
 * The path of one sequence of yearly real returns (one per year of age from now to the plan's
 * end): balances at each birthday, whether the money lasted, the lowest share of planned spending.
 */
function runPath(
  input: RetirementInput,
  yearlyReturn: (yearIndex: number) => number,
  record: ((yearIndex: number, balance: number) => void) | null,
): { atRetirement: number; fiMonth: number | null; depletedAt: number | null; ending: number; lowestShare: number } {
  const years = input.planUntilAge - input.currentAge
  const accumulationYears = input.retirementAge - input.currentAge
  const fire = input.annualSpending / input.withdrawalRate
  const raise = input.contributionRaise ?? 0
  let balance: number = input.savings
  let fiMonth: number | null = balance >= fire && fire > 0 ? 0 : null
  let atRetirement = balance
  let depletedAt: number | null = null
  let lowestShare = Infinity
  let plan: Withdrawals | null = null
  let contribution: number = input.monthlyContribution
  record?.(0, balance)
  for (let y = 0; y < years; y++) {
    const m = monthlyRate(yearlyReturn(y))
    const growth = 1 + m
    if (y < accumulationYears) {
      for (let k = 1; k <= 12; k++) {
        balance = balance * growth + contribution
        if (fiMonth === null && fire > 0 && balance >= fire) fiMonth = y * 12 + k
      }
      contribution *= 1 + raise
      if (y + 1 === accumulationYears) atRetirement = balance
    } else {
      plan ??= withdrawals(input, balance)
      const age = input.currentAge + y
      const { wanted, other } = plan.next(age, balance)
      // the portfolio pays what it has: short of what was wanted, the money has run out
      const paid = Math.min(wanted, Math.max(0, balance))
      if (wanted - paid > 0.5 && depletedAt === null) depletedAt = age
      const monthly = paid / 12
      for (let k = 0; k < 12; k++) balance = balance * growth - monthly
      if (balance < 0) balance = 0
      const planned = input.annualSpending
      const share = planned > 0 ? (paid + other) / planned : 1
      if (share < lowestShare) lowestShare = share
    }
    record?.(y + 1, balance)
  }
  if (accumulationYears === 0) atRetirement = input.savings
  return { atRetirement, fiMonth, depletedAt, ending: balance, lowestShare: lowestShare === Infinity ? 1 : lowestShare }
}

/** The deterministic projection at the expected real return every year. */
export function projectRetirement(input: RetirementInput): Projection {
  checkRetirementInput(input)
  const r = realReturn(input.annualReturn, input.inflation)
  const years: YearPoint[] = []
  const path = runPath(input, () => r, (i, balance) => {
    years.push({ age: input.currentAge + i, balance: asCents(Math.round(balance)) })
  })
  return {
    realReturn: r,
    fireNumber: fireNumber(input.annualSpending, input.withdrawalRate),
    projectedAtRetirement: asCents(Math.round(path.atRetirement)),
    fiAge: path.fiMonth === null ? null : Math.round((input.currentAge + path.fiMonth / 12) * 10) / 10,
    depletedAge: path.depletedAt,
    years,
  }
}

/** sfc32: a small, fast generator with a 128-bit state; seeded through splitmix32. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0
  const split = () => {
    s = (s + 0x9e3779b9) >>> 0
    let z = s
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0
    return (z ^ (z >>> 16)) >>> 0
  }
  let a = split()
  let b = split()
  let c = split()
  let d = split()
  return () => {
    const t = (((a + b) >>> 0) + d) >>> 0
    d = (d + 1) >>> 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) >>> 0
    c = (c << 21) | (c >>> 11)
    c = (c + t) >>> 0
    return t / 4294967296
  }
}

/**
 * Yearly real returns drawn from a lognormal distribution whose mean is `mean` and whose standard
 * deviation is `volatility` (so a year never loses more than everything).
 */
export function lognormalReturns(mean: number, volatility: number, random: () => number): () => number {
  const sigma2 = Math.log(1 + (volatility * volatility) / ((1 + mean) * (1 + mean)))
  const sigma = Math.sqrt(sigma2)
  const mu = Math.log(1 + mean) - sigma2 / 2
  let spare: number | null = null
  return () => {
    let z: number
    if (spare !== null) {
      z = spare
      spare = null
    } else {
      // Box–Muller, both values used
      let u = random()
      while (u === 0) u = random()
      const v = random()
      const radius = Math.sqrt(-2 * Math.log(u))
      z = radius * Math.cos(2 * Math.PI * v)
      spare = radius * Math.sin(2 * Math.PI * v)
    }
    return Math.exp(mu + sigma * z) - 1
  }
}

export type Percentiles = { age: number; p10: Cents; p50: Cents; p90: Cents }

export type MonteCarlo = {
  paths: number
  seed: number
  /** the share of paths that succeed, 0–1 */
  successRate: number
  /** the balance at each birthday: 10th, 50th and 90th percentile across paths */
  percentiles: Percentiles[]
  medianEnding: Cents
  worstEnding: Cents
}

function percentile(sorted: Float64Array, p: number): number {
  // nearest rank
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))
  return sorted[rank] ?? 0
}

export function monteCarlo(input: RetirementInput, options: { paths?: number; seed: number }): MonteCarlo {
  checkRetirementInput(input)
  const paths = options.paths ?? 10_000
  if (!Number.isInteger(paths) || paths < 1 || paths > 100_000) throw new RetirementError('paths', 'Must be from 1 to 100,000')
  const years = input.planUntilAge - input.currentAge
  const r = realReturn(input.annualReturn, input.inflation)
  const draw = lognormalReturns(r, input.volatility, seededRandom(options.seed))
  // balances by year, path-major within a year: [year][path]
  const byYear = Array.from({ length: years + 1 }, () => new Float64Array(paths))
  const endings = new Float64Array(paths)
  const share = input.minimumSpendingShare ?? 0.8
  let successes = 0
  const returns = new Float64Array(years)
  for (let p = 0; p < paths; p++) {
    for (let y = 0; y < years; y++) returns[y] = draw()
    const path = runPath(input, (y) => returns[y] ?? 0, (i, balance) => {
      const row = byYear[i]
      if (row) row[p] = balance
    })
    endings[p] = path.ending
    if (path.depletedAt === null && path.lowestShare >= share - 1e-9) successes += 1
  }
  const percentiles: Percentiles[] = byYear.map((row, i) => {
    row.sort()
    return {
      age: input.currentAge + i,
      p10: asCents(Math.round(percentile(row, 0.1))),
      p50: asCents(Math.round(percentile(row, 0.5))),
      p90: asCents(Math.round(percentile(row, 0.9))),
    }
  })
  endings.sort()
  return {
    paths,
    seed: options.seed,
    successRate: successes / paths,
    percentiles,
    medianEnding: asCents(Math.round(percentile(endings, 0.5))),
    worstEnding: asCents(Math.round(endings[0] ?? 0)),
  }
}

export type Sensitivity = { label: string; change: 'retire_later' | 'spend_less' | 'save_more'; successRate: number; fiAge: number | null }

/** What-ifs the user can act on: retire two years later, spend 10 % less, save 10 % more. */
export function sensitivity(input: RetirementInput, options: { paths?: number; seed: number }): Sensitivity[] {
  const variants: { label: string; change: Sensitivity['change']; input: RetirementInput }[] = [
    {
      label: 'Retire two years later',
      change: 'retire_later',
      input: { ...input, retirementAge: Math.min(input.retirementAge + 2, input.planUntilAge - 1) },
    },
    { label: 'Spend 10 % less', change: 'spend_less', input: { ...input, annualSpending: asCents(Math.round(input.annualSpending * 0.9)) } },
    {
      label: 'Save 10 % more',
      change: 'save_more',
      input: { ...input, monthlyContribution: asCents(Math.round(input.monthlyContribution * 1.1)) },
    },
  ]
  return variants.map((v) => ({
    label: v.label,
    change: v.change,
    successRate: monteCarlo(v.input, options).successRate,
    fiAge: projectRetirement(v.input).fiAge,
  }))
}

export type HistoryYear = readonly [year: number, stocks: number, bonds: number, inflation: number]

export type Backtest = {
  /** the mix replayed: the share in stocks */
  stockShare: number
  firstYear: number
  lastYear: number
  /** every start year whose whole plan fits in the history */
  starts: { startYear: number; success: boolean; ending: Cents; depletedAge: number | null }[]
  successRate: number
  /** the start year that went worst: the earliest to run out, else the lowest ending balance */
  worstStartYear: number
  worstEnding: Cents
  medianEnding: Cents
}

/**
 * Replays the plan through history: for every start year whose plan (one year per year of age
 * from now to the plan's end) fits in the record, the real return of each year is the mix of
 * that year's stock and bond returns less that year's inflation. Null when the plan is longer
 * than the history.
 */
export function historicalBacktest(
  input: RetirementInput,
  history: readonly HistoryYear[] = MARKET_HISTORY,
): Backtest | null {
  checkRetirementInput(input)
  const years = input.planUntilAge - input.currentAge
  const share = input.stockShare ?? 0.6
  const minimum = input.minimumSpendingShare ?? 0.8
  if (years > history.length || history.length === 0) return null
  const real = history.map(([, stocks, bonds, inflation]) => (1 + share * stocks + (1 - share) * bonds) / (1 + inflation) - 1)
  const starts: Backtest['starts'] = []
  for (let s = 0; s + years <= history.length; s++) {
    const path = runPath(input, (y) => real[s + y] ?? 0, null)
    starts.push({
      startYear: history[s]?.[0] ?? 0,
      success: path.depletedAt === null && path.lowestShare >= minimum - 1e-9,
      ending: asCents(Math.round(path.ending)),
      depletedAge: path.depletedAt,
    })
  }
  let worst = starts[0]
  for (const x of starts) {
    if (!worst) break
    const earlier = x.depletedAge !== null && (worst.depletedAge === null || x.depletedAge < worst.depletedAge)
    const sameFate = (x.depletedAge === null) === (worst.depletedAge === null) && x.depletedAge === worst.depletedAge
    if (earlier || (sameFate && x.ending < worst.ending)) worst = x
  }
  const endings = Float64Array.from(starts.map((x) => x.ending)).sort()
  return {
    stockShare: share,
    firstYear: starts[0]?.startYear ?? 0,
    lastYear: history[history.length - 1]?.[0] ?? 0,
    starts,
    successRate: starts.filter((x) => x.success).length / starts.length,
    worstStartYear: worst?.startYear ?? 0,
    worstEnding: worst?.ending ?? asCents(0),
    medianEnding: asCents(Math.round(percentile(endings, 0.5))),
  }
}
