// Net worth (docs/product.md §3, §9): the plain sum of signed account balances (what is owed on a
// card or loan is negative), and its change against the previous value as a percentage.

import { asCents, type Cents } from './money'

export function netWorth(balances: readonly Cents[]): Cents {
  let total = 0
  for (const balance of balances) total += balance
  return asCents(total)
}

/**
 * Percentage change from `previous` to `current`, measured against |previous| so that moving
 * from −100 to 90 reads as +190% (an improvement), not −190%; null when previous is 0.
 */
export function netWorthChangePercent(current: Cents, previous: Cents): number | null {
  if (previous === 0) return null
  return ((current - previous) * 100) / Math.abs(previous)
}
