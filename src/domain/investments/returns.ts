// Investment returns, as fractions (0.2 is 20 %): the time-weighted return (how the investments
// themselves did, whatever was added or taken out) and the money-weighted return (XIRR: how the
// user's money did, with the timing of their deposits and withdrawals), and one plain sentence
// on why the two differ.
//
// Timing: a valuation is the value at the end of its day, and an external flow (money in +, out
// −) happens at the start of its day, so it takes part in that day's move. A deposit that buys
// shares the same day is then measured from its first day, and an account opened inside the
// range needs no special case: its first day's return is value / deposit − 1. A range from..to
// runs from the end of the day before `from` to the end of `to`.
//
// Time-weighted: the product of (1 + each sub-period's return) − 1, a sub-period ending at each
// valuation: value / (previous value + flows since) − 1. A sub-period with nothing invested at its
// start (a full withdrawal) is skipped. Annualised as (1 + r)^(365 / days) − 1 only when the range
// is over a year (it ends after the same date a year on), as a shorter range would be
// extrapolated.
//
// Money-weighted: the rate r at which the flows' values discounted by (1 + r)^(days / 365) sum to
// 0 (actual/365, as spreadsheets' XIRR): Newton's method, then bisection when Newton fails; null
// when there is no rate (all flows one way, or no sign change found).

import { addDays, addMonths, daysBetween, type DateRange, type IsoDate } from '../dates'
import { asCents, type Cents } from '../money'

export type ValuePoint = { date: IsoDate; value: Cents }

/** Money into the account (+, a contribution) or out of it (−, a withdrawal). */
export type CashFlow = { date: IsoDate; amount: Cents }

export type TimeWeightedReturn = {
  cumulative: number
  /** null when the range is a year or less */
  annualized: number | null
  /** days from the end of the day before `from` to the end of `to` */
  days: number
}

const byDate = <T extends { date: IsoDate }>(items: readonly T[]): T[] =>
  [...items].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))

/** The range ends after the same date a year on from its start. */
export function isOverAYear(range: DateRange): boolean {
  return range.to > addMonths(addDays(range.from, -1), 12)
}

/** (1 + r)^(365 / days) − 1 */
export function annualize(cumulative: number, days: number): number {
  return Math.pow(1 + cumulative, 365 / days) - 1
}

/** The value at the end of a day: the last point on or before it, 0 before the first. */
function valueAt(series: readonly ValuePoint[], date: IsoDate): number {
  let value = 0
  for (const point of series) {
    if (point.date > date) break
    value = point.value
  }
  return value
}

function chainedGrowth(
  series: readonly ValuePoint[],
  flows: readonly CashFlow[],
  range: DateRange,
): number | null {
  const start = addDays(range.from, -1)
  let previous = valueAt(series, start)
  const inRange = flows.filter((f) => f.date >= range.from && f.date <= range.to)
  let nextFlow = 0
  let growth = 1
  let measured = false
  for (const point of series) {
    if (point.date < range.from) continue
    if (point.date > range.to) break
    let flow = 0
    while (nextFlow < inRange.length && (inRange[nextFlow]?.date ?? '') <= point.date) {
      flow += inRange[nextFlow]?.amount ?? 0
      nextFlow += 1
    }
    const base = previous + flow
    if (base > 0) {
      growth *= point.value / base
      measured = true
    }
    previous = point.value
  }
  return measured ? growth : null
}

/**
 * The time-weighted return over a range, from end-of-day values (daily, or at least on each
 * flow's day: with a gap, a flow counts from the start of the gap) and external flows. Null when
 * nothing was invested at any point of the range.
 */
export function timeWeightedReturn(
  series: readonly ValuePoint[],
  flows: readonly CashFlow[],
  range: DateRange,
): TimeWeightedReturn | null {
  const growth = chainedGrowth(byDate(series), byDate(flows), range)
  if (growth === null) return null
  const cumulative = growth - 1
  const days = daysBetween(addDays(range.from, -1), range.to)
  return { cumulative, annualized: isOverAYear(range) ? annualize(cumulative, days) : null, days }
}

export type DatedAmount = { date: IsoDate; amount: number }

/**
 * The annual rate r with Σ amount × (1 + r)^(−days since the first flow / 365) = 0, the
 * investor's way round: money put in is negative, money taken out (and the final value)
 * positive. Null when there is no such rate.
 */
export function xirr(flows: readonly DatedAmount[]): number | null {
  const sorted = byDate(flows.filter((f) => f.amount !== 0))
  const first = sorted[0]
  if (!first || !sorted.some((f) => f.amount > 0) || !sorted.some((f) => f.amount < 0)) return null
  const scale = Math.max(...sorted.map((f) => Math.abs(f.amount)))
  const amounts = sorted.map((f) => f.amount / scale)
  const years = sorted.map((f) => daysBetween(first.date, f.date) / 365)
  if (years.every((t) => t === 0)) return null

  const npv = (r: number): number => {
    let total = 0
    for (let i = 0; i < amounts.length; i += 1)
      total += (amounts[i] ?? 0) * Math.pow(1 + r, -(years[i] ?? 0))
    return total
  }
  const slope = (r: number): number => {
    let total = 0
    for (let i = 0; i < amounts.length; i += 1) {
      const t = years[i] ?? 0
      total -= t * (amounts[i] ?? 0) * Math.pow(1 + r, -t - 1)
    }
    return total
  }

  let rate = 0.1
  for (let i = 0; i < 100; i += 1) {
    const value = npv(rate)
    const d = slope(rate)
    if (!Number.isFinite(value) || !Number.isFinite(d) || d === 0) break
    const next = rate - value / d
    if (!Number.isFinite(next) || next <= -1) break
    if (Math.abs(next - rate) < 1e-12) {
      if (Math.abs(npv(next)) < 1e-9) return next
      break
    }
    rate = next
  }

  // Bisection between the first pair of neighbouring rates where the value changes sign.
  const grid = [-0.999999, -0.99, -0.9, -0.5, -0.2, 0, 0.2, 0.5, 1, 2, 5, 10, 100, 1000, 1e6]
  let bracket: [number, number] | null = null
  for (let i = 0; i + 1 < grid.length && bracket === null; i += 1) {
    const a = grid[i] ?? 0
    const b = grid[i + 1] ?? 0
    const fa = npv(a)
    const fb = npv(b)
    if (Number.isFinite(fa) && Number.isFinite(fb) && Math.sign(fa) !== Math.sign(fb))
      bracket = [a, b]
  }
  if (bracket === null) return null
  let [lo, hi] = bracket
  let flo = npv(lo)
  for (let i = 0; i < 200 && hi - lo > 1e-13; i += 1) {
    const mid: number = (lo + hi) / 2
    const fmid = npv(mid)
    if (fmid === 0) return mid
    if (Math.sign(fmid) === Math.sign(flo)) {
      lo = mid
      flo = fmid
    } else {
      hi = mid
    }
  }
  return (lo + hi) / 2
}

/**
 * The money-weighted return over a range: the value at the start goes in at the start, each flow
 * at the start of its day (the end of the day before), and the value at the end comes out.
 */
export function moneyWeightedReturn(
  series: readonly ValuePoint[],
  flows: readonly CashFlow[],
  range: DateRange,
): number | null {
  const sortedSeries = byDate(series)
  const start = addDays(range.from, -1)
  const dated: DatedAmount[] = [{ date: start, amount: -valueAt(sortedSeries, start) }]
  for (const f of flows) {
    if (f.date >= range.from && f.date <= range.to)
      dated.push({ date: addDays(f.date, -1), amount: -f.amount })
  }
  dated.push({ date: range.to, amount: valueAt(sortedSeries, range.to) })
  return xirr(dated)
}

export type Performance = {
  twr: number | null
  twrAnnualized: number | null
  xirr: number | null
  /** net money added in the range (withdrawals negative) */
  contributions: Cents
  startValue: Cents
  marketValue: Cents
  /** end value − start value − contributions */
  gain: Cents
  explanation: string
}

// Within half a hundredth of a percentage point a year, the difference is not worth a story.
const SAME = 0.00005

function dailyGrowth(twr: TimeWeightedReturn | null): number | null {
  return twr === null ? null : Math.pow(1 + twr.cumulative, 1 / twr.days)
}

function explain(
  series: readonly ValuePoint[],
  flows: readonly CashFlow[],
  range: DateRange,
  twr: TimeWeightedReturn | null,
  mwr: number | null,
): string {
  if (twr === null) return 'Nothing was invested in this period, so there is no return to show.'
  if (mwr === null) {
    return "Your money-weighted return can't be worked out for these amounts, so only the investments' own return is shown."
  }
  // a flow on the first day is just where the period starts from
  const midway = flows.filter((f) => f.amount !== 0 && f.date > range.from && f.date <= range.to)
  if (midway.length === 0) {
    return isOverAYear(range)
      ? "You didn't add or take out money in this period, so both returns are the same."
      : "You didn't add or take out money in this period, so both returns measure the same growth; the money-weighted one is shown per year."
  }
  const comparable = annualize(twr.cumulative, twr.days)
  if (Math.abs(mwr - comparable) < SAME) {
    return 'Your deposits and withdrawals were too small or too evenly timed to matter, so both returns are about the same.'
  }
  const lower = mwr < comparable
  const outcome = lower
    ? "so your money-weighted return is lower than the investments' own return."
    : "so your money-weighted return is higher than the investments' own return."

  let largest = midway[0]
  for (const f of midway) if (largest && Math.abs(f.amount) > Math.abs(largest.amount)) largest = f
  if (largest) {
    const before = dailyGrowth(
      timeWeightedReturn(series, flows, { from: range.from, to: addDays(largest.date, -1) }),
    )
    const afterReturn = timeWeightedReturn(series, flows, { from: largest.date, to: range.to })
    const after = dailyGrowth(afterReturn)
    if (before !== null && after !== null && afterReturn !== null && before !== after) {
      const weakerAfter = after < before
      const added = largest.amount > 0
      // money added before a weak stretch, or taken out before a strong one, weighs the weak
      // stretch more: the money-weighted return comes out lower
      if (lower === (added === weakerAfter)) {
        const what = weakerAfter
          ? afterReturn.cumulative < 0
            ? 'prices fell'
            : 'a weaker stretch'
          : afterReturn.cumulative > 0
            ? 'prices rose'
            : 'a stronger stretch'
        return `You ${added ? 'added money' : 'took money out'} before ${what}, ${outcome}`
      }
    }
  }
  return lower
    ? `More of your money was invested during the weaker stretches of this period, ${outcome}`
    : `More of your money was invested during the stronger stretches of this period, ${outcome}`
}

/** Both returns over a range, with the money added and the gain, and why the returns differ. */
export function measurePerformance(
  series: readonly ValuePoint[],
  flows: readonly CashFlow[],
  range: DateRange,
): Performance {
  const sortedSeries = byDate(series)
  const sortedFlows = byDate(flows)
  const twr = timeWeightedReturn(sortedSeries, sortedFlows, range)
  const mwr = moneyWeightedReturn(sortedSeries, sortedFlows, range)
  const startValue = valueAt(sortedSeries, addDays(range.from, -1))
  const endValue = valueAt(sortedSeries, range.to)
  let contributions = 0
  for (const f of sortedFlows)
    if (f.date >= range.from && f.date <= range.to) contributions += f.amount
  return {
    twr: twr?.cumulative ?? null,
    twrAnnualized: twr?.annualized ?? null,
    xirr: mwr,
    contributions: asCents(contributions),
    startValue: asCents(startValue),
    marketValue: asCents(endValue),
    gain: asCents(endValue - startValue - contributions),
    explanation: explain(sortedSeries, sortedFlows, range, twr, mwr),
  }
}
