// Allocation of investments: how the total splits by asset kind, account, currency and holding,
// as shares of the total (fractions: 0.25 is 25 %), and the drift from a target allocation the
// user sets, with the amount to buy (+) or sell (−) to get back to it.
//
// Positions come in with their value already in one currency (the household's base currency,
// converted by the caller at the day's rate); `currency` is the position's own, for grouping.
// An account's cash is a position of kind 'cash'. When the total is 0 or less, shares are null.

import { asCents, type Cents } from '../money'
import { InvestmentError } from './lots'

export const ASSET_KINDS = ['stock', 'etf', 'fund', 'bond', 'crypto', 'cash', 'other'] as const
export type AssetKind = (typeof ASSET_KINDS)[number]

export type Position = {
  symbol: string
  kind: AssetKind
  accountId: string
  currency: string
  value: Cents
}

export type AllocationDimension = 'kind' | 'account' | 'currency' | 'symbol'

export type AllocationSlice = { key: string; value: Cents; share: number | null }

function keyOf(position: Position, dimension: AllocationDimension): string {
  switch (dimension) {
    case 'kind':
      return position.kind
    case 'account':
      return position.accountId
    case 'currency':
      return position.currency
    case 'symbol':
      return position.symbol
  }
}

function totalOf(positions: readonly { value: Cents }[]): number {
  let total = 0
  for (const p of positions) total += p.value
  return total
}

/** Slices by the dimension, largest first (then by key, so equal values keep a stable order). */
export function allocationBy(
  positions: readonly Position[],
  dimension: AllocationDimension,
): AllocationSlice[] {
  const sums = new Map<string, number>()
  for (const p of positions) {
    const key = keyOf(p, dimension)
    sums.set(key, (sums.get(key) ?? 0) + p.value)
  }
  const total = totalOf(positions)
  return [...sums.entries()]
    .map(([key, value]) => ({
      key,
      value: asCents(value),
      share: total > 0 ? value / total : null,
    }))
    .sort((a, b) => b.value - a.value || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
}

export type TopHoldings = {
  top: AllocationSlice[]
  /** everything after the top ones together; null when there is nothing else */
  rest: { count: number; value: Cents; share: number | null } | null
}

/** The largest holdings by symbol (across accounts), and the rest together. */
export function topHoldings(positions: readonly Position[], count: number): TopHoldings {
  const slices = allocationBy(positions, 'symbol')
  const top = slices.slice(0, Math.max(0, count))
  const others = slices.slice(top.length)
  if (others.length === 0) return { top, rest: null }
  const value = totalOf(others)
  const total = totalOf(positions)
  return {
    top,
    rest: { count: others.length, value: asCents(value), share: total > 0 ? value / total : null },
  }
}

/** A target share of the total in percent, e.g. { key: 'etf', percent: 60 }. */
export type AllocationTarget = { key: string; percent: number }

export type DriftRow = {
  key: string
  value: Cents
  /** share of the total now (null when the total is 0 or less) */
  actual: number | null
  /** target share, as a fraction */
  target: number
  /** actual − target, as a fraction: +0.05 is 5 percentage points over target */
  drift: number | null
  /** what to buy (+) or sell (−) to reach the target */
  toTarget: Cents
}

/** Refuses targets that are not each 0–100 %, once per key, and 100 % together. */
export function checkTargets(targets: readonly AllocationTarget[]): void {
  const seen = new Set<string>()
  let sum = 0
  for (const t of targets) {
    if (!Number.isFinite(t.percent) || t.percent < 0 || t.percent > 100) {
      throw new InvestmentError(
        'bad_target',
        `The target for ${t.key} must be between 0 and 100 % (got ${t.percent}).`,
      )
    }
    if (seen.has(t.key))
      throw new InvestmentError('bad_target', `${t.key} has more than one target.`)
    seen.add(t.key)
    sum += t.percent
  }
  // a little slack for percentages with decimals (33.33 + 33.33 + 33.34) summed in floating point
  if (Math.abs(sum - 100) > 1e-6) {
    throw new InvestmentError(
      'bad_target',
      `Target percentages must add up to 100 (they add up to ${sum}).`,
    )
  }
}

/**
 * Drift of each slice from its target, in the targets' order and then slices with no target
 * (target 0 %). A target with nothing held has value 0 and all of its target to buy.
 */
export function allocationDrift(
  positions: readonly Position[],
  dimension: AllocationDimension,
  targets: readonly AllocationTarget[],
): DriftRow[] {
  checkTargets(targets)
  const slices = allocationBy(positions, dimension)
  const total = totalOf(positions)
  const values = new Map(slices.map((s) => [s.key, s.value]))
  const row = (key: string, percent: number): DriftRow => {
    const value = values.get(key) ?? 0
    const target = percent / 100
    const actual = total > 0 ? value / total : null
    return {
      key,
      value: asCents(value),
      actual,
      target,
      drift: actual === null ? null : actual - target,
      toTarget: asCents(Math.round((total * percent) / 100) - value),
    }
  }
  const targeted = new Set(targets.map((t) => t.key))
  return [
    ...targets.map((t) => row(t.key, t.percent)),
    ...slices.filter((s) => !targeted.has(s.key)).map((s) => row(s.key, 0)),
  ]
}
