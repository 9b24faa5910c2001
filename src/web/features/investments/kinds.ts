// Asset kinds and activity types as the investments page names them.
import type { ActivityType } from '#src/contract/investments'
import type { AssetKind } from '#src/domain/investments/allocation'

export const KIND_LABELS = {
  stock: 'Stocks',
  etf: 'ETFs',
  fund: 'Funds',
  bond: 'Bonds',
  crypto: 'Crypto',
  cash: 'Cash',
  other: 'Other',
} as const satisfies Record<AssetKind, string>

/** One of a kind, for a security: "Stock", "ETF"… */
export const KIND_SINGULAR = {
  stock: 'Stock',
  etf: 'ETF',
  fund: 'Fund',
  bond: 'Bond',
  crypto: 'Crypto',
  cash: 'Cash',
  other: 'Other',
} as const satisfies Record<AssetKind, string>

const KIND_BY_KEY = new Map<string, string>(Object.entries(KIND_LABELS))

/** The label of a kind the API names (or the key itself, for one this page does not know). */
export function kindLabel(kind: string): string {
  return KIND_BY_KEY.get(kind) ?? kind
}

export const ACTIVITY_LABELS = {
  buy: 'Buy',
  sell: 'Sell',
  dividend: 'Dividend',
  interest: 'Interest',
  fee: 'Fee',
  split: 'Split',
  transfer_in: 'Transfer in',
  transfer_out: 'Transfer out',
} as const satisfies Record<ActivityType, string>
