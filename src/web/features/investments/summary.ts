// The summary of holdings shown at the top of the investments page, per currency (the money
// fields of a holding are in its account's currency, and amounts in two currencies are never
// added up): market value, cost basis, unrealised gain and its share of what the priced
// holdings cost, realised gain. A holding with no price is left out of the market value and the
// unrealised gain (never counted at 0) and counted in `unpriced`.
import type { HoldingRow } from '#src/contract/investments'
import { asCents, type Cents } from '#src/domain/money'

export type CurrencySummary = {
  currency: string
  marketValue: Cents
  costBasis: Cents
  unrealizedGain: Cents
  /** unrealised gain over the cost of the holdings that have a price; null when that is 0 */
  unrealizedShare: number | null
  realizedGain: Cents
  /** holdings (quantity above 0) */
  held: number
  /** held with no price */
  unpriced: number
}

export function isHeld(h: Pick<HoldingRow, 'quantity'>): boolean {
  return h.quantity > 0
}

export function summarize(holdings: readonly HoldingRow[]): CurrencySummary[] {
  type Sums = {
    marketValue: number
    costBasis: number
    pricedCost: number
    unrealized: number
    realized: number
    held: number
    unpriced: number
  }
  const byCurrency = new Map<string, Sums>()
  for (const h of holdings) {
    let s = byCurrency.get(h.accountCurrency)
    if (s === undefined) {
      s = {
        marketValue: 0,
        costBasis: 0,
        pricedCost: 0,
        unrealized: 0,
        realized: 0,
        held: 0,
        unpriced: 0,
      }
      byCurrency.set(h.accountCurrency, s)
    }
    s.realized += h.realizedGain
    if (!isHeld(h)) continue
    s.held += 1
    s.costBasis += h.costBasis
    if (h.marketValue === null || h.unrealizedGain === null) {
      s.unpriced += 1
      continue
    }
    s.marketValue += h.marketValue
    s.pricedCost += h.costBasis
    s.unrealized += h.unrealizedGain
  }
  return [...byCurrency.entries()]
    .map(([currency, s]) => ({
      currency,
      marketValue: asCents(s.marketValue),
      costBasis: asCents(s.costBasis),
      unrealizedGain: asCents(s.unrealized),
      unrealizedShare: s.pricedCost > 0 ? s.unrealized / s.pricedCost : null,
      realizedGain: asCents(s.realized),
      held: s.held,
      unpriced: s.unpriced,
    }))
    .sort((a, b) => b.marketValue - a.marketValue || a.currency.localeCompare(b.currency))
}

/** A holding's unrealised gain as a share of its cost; null without a price or a cost. */
export function gainShare(h: Pick<HoldingRow, 'unrealizedGain' | 'costBasis'>): number | null {
  if (h.unrealizedGain === null || h.costBasis <= 0) return null
  return h.unrealizedGain / h.costBasis
}
