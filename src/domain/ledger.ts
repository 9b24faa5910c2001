// What a transaction does to the books: its account balance changes by its amount; a standard
// transaction is income (positive) or spending (negative) in its category — or in each split's
// category — while transfers, opening balances and reconciliation adjustments are neither.
// The server keeps balances and monthly rollups from these deltas in the same database
// transaction as every write, so summaries never scan all history.
import { startOfMonth, type IsoDate } from './dates'
import type { Cents } from './money'

export const TRANSACTION_KINDS = ['standard', 'transfer', 'opening_balance', 'adjustment'] as const
export type TransactionKind = (typeof TRANSACTION_KINDS)[number]

/** Where a transaction came from: typed in, a bank connection, or a statement file. */
export const TRANSACTION_SOURCES = ['manual', 'plaid', 'bank_statement', 'credit_statement', 'import'] as const
export type TransactionSource = (typeof TRANSACTION_SOURCES)[number]

export type LedgerRow = {
  accountId: string
  /** the payee, for the merchant rollups (top merchants) */
  merchant?: string
  categoryId: string | null
  date: IsoDate
  amount: Cents
  kind: TransactionKind
  splits: readonly { categoryId: string | null; amount: Cents }[]
}

export type RollupDelta = {
  accountId: string
  categoryId: string | null
  /** first day of the month */
  month: IsoDate
  income: number
  expense: number
  /** transfers, opening balances and adjustments: they move balances, not income or spending */
  other: number
  count: number
}

/** Income and spending count only for standard transactions. */
export function countsAsIncomeOrSpending(kind: TransactionKind): boolean {
  return kind === 'standard'
}

/** Splits must add up to the transaction's amount, to the cent. */
export function splitsBalance(amount: Cents, splits: readonly { amount: Cents }[]): boolean {
  return splits.reduce((sum, s) => sum + s.amount, 0) === amount
}

/**
 * The rollup changes of adding (sign 1) or removing (sign −1) rows, aggregated by
 * (account, category, month).
 */
export function rollupDeltas(rows: readonly LedgerRow[], sign: 1 | -1): RollupDelta[] {
  const byKey = new Map<string, RollupDelta>()
  const add = (row: LedgerRow, categoryId: string | null, amount: number, countOne: boolean) => {
    const month = startOfMonth(row.date)
    const key = rollupKey({ accountId: row.accountId, categoryId, month })
    let delta = byKey.get(key)
    if (!delta) {
      delta = { accountId: row.accountId, categoryId, month, income: 0, expense: 0, other: 0, count: 0 }
      byKey.set(key, delta)
    }
    if (!countsAsIncomeOrSpending(row.kind)) delta.other += sign * amount
    else if (amount >= 0) delta.income += sign * amount
    else delta.expense += sign * -amount
    if (countOne) delta.count += sign
  }
  for (const row of rows) {
    if (countsAsIncomeOrSpending(row.kind) && row.splits.length > 0) {
      row.splits.forEach((s, i) => add(row, s.categoryId, s.amount, i === 0))
    } else {
      add(row, countsAsIncomeOrSpending(row.kind) ? row.categoryId : null, row.amount, true)
    }
  }
  return [...byKey.values()]
}

/** How much each account's balance moves when rows are added (sign 1) or removed (−1). */
export function balanceDeltas(rows: readonly LedgerRow[], sign: 1 | -1): Map<string, number> {
  const deltas = new Map<string, number>()
  for (const row of rows) deltas.set(row.accountId, (deltas.get(row.accountId) ?? 0) + sign * row.amount)
  return deltas
}

export type MerchantDelta = {
  accountId: string
  merchant: string
  /** first day of the month */
  month: IsoDate
  /** money out, positive: a standard row's amount, or a split's parts that are money out */
  spent: number
  count: number
}

/** What a row spends at its payee: nothing unless it is standard spending. */
export function merchantSpend(row: LedgerRow): number {
  if (!countsAsIncomeOrSpending(row.kind)) return 0
  if (row.splits.length > 0) return row.splits.reduce((sum, s) => (s.amount < 0 ? sum - s.amount : sum), 0)
  return row.amount < 0 ? -row.amount : 0
}

/**
 * The merchant rollup changes of adding (1) or removing (−1) rows, by (account, payee, month):
 * spending and purchases at each payee, as top merchants reports them.
 */
export function merchantDeltas(rows: readonly LedgerRow[], sign: 1 | -1): MerchantDelta[] {
  const byKey = new Map<string, MerchantDelta>()
  addMerchantDeltas(byKey, rows, sign)
  return [...byKey.values()]
}

/** Adds the merchant rollup changes of these rows into sums by (account, month, payee): one key per row. */
function addMerchantDeltas(into: Map<string, MerchantDelta>, rows: readonly LedgerRow[], sign: 1 | -1): void {
  for (const row of rows) {
    const spent = merchantSpend(row)
    if (spent === 0) continue
    const merchant = row.merchant ?? ''
    const month = startOfMonth(row.date)
    const key = merchantKey({ accountId: row.accountId, merchant, month })
    let delta = into.get(key)
    if (!delta) into.set(key, (delta = { accountId: row.accountId, merchant, month, spent: 0, count: 0 }))
    delta.spent += sign * spent
    delta.count += sign
  }
}

/** The row of monthly_rollups a delta moves: (account, category, month). */
const rollupKey = (d: Pick<RollupDelta, 'accountId' | 'categoryId' | 'month'>): string => `${d.accountId}|${d.categoryId ?? ''}|${d.month}`
/** The row of merchant_rollups a delta moves: (account, month, payee). */
const merchantKey = (d: Pick<MerchantDelta, 'accountId' | 'month' | 'merchant'>): string => `${d.accountId}|${d.month}|${d.merchant}`

function sumRollup(into: Map<string, RollupDelta>, d: RollupDelta): void {
  const key = rollupKey(d)
  const sum = into.get(key)
  if (!sum) into.set(key, { ...d })
  else {
    sum.income += d.income
    sum.expense += d.expense
    sum.other += d.other
    sum.count += d.count
  }
}

function sumMerchant(into: Map<string, MerchantDelta>, d: MerchantDelta): void {
  const key = merchantKey(d)
  const sum = into.get(key)
  if (!sum) into.set(key, { ...d })
  else {
    sum.spent += d.spent
    sum.count += d.count
  }
}

const movesRollup = (d: RollupDelta): boolean => d.income !== 0 || d.expense !== 0 || d.other !== 0 || d.count !== 0
const movesMerchant = (d: MerchantDelta): boolean => d.spent !== 0 || d.count !== 0

/** Sums rollup deltas that share a row (one upsert touches each row once), leaving out those that come to nothing. */
export function mergeRollups(deltas: readonly RollupDelta[]): RollupDelta[] {
  const byKey = new Map<string, RollupDelta>()
  for (const d of deltas) sumRollup(byKey, d)
  return [...byKey.values()].filter(movesRollup)
}

/** Sums merchant rollup deltas that share a row, leaving out those that come to nothing. */
export function mergeMerchantRollups(deltas: readonly MerchantDelta[]): MerchantDelta[] {
  const byKey = new Map<string, MerchantDelta>()
  for (const d of deltas) sumMerchant(byKey, d)
  return [...byKey.values()].filter(movesMerchant)
}

/**
 * Balance and rollup deltas summed over many writes, to be applied in one go: a large import's
 * chunks add theirs here and the server writes them when the sums grow large and at the end, in
 * the same database transaction (a handful of statements where each chunk would take three).
 * Sums of deltas are what applying each in turn would give: every delta adds.
 */
export class DeltaTotals {
  readonly balances = new Map<string, number>()
  readonly rollups = new Map<string, RollupDelta>()
  readonly merchants = new Map<string, MerchantDelta>()

  /** Adds the deltas of adding (1) or removing (−1) these rows. */
  add(rows: readonly LedgerRow[], sign: 1 | -1): void {
    for (const [accountId, delta] of balanceDeltas(rows, sign)) this.balances.set(accountId, (this.balances.get(accountId) ?? 0) + delta)
    for (const d of rollupDeltas(rows, sign)) sumRollup(this.rollups, d)
    addMerchantDeltas(this.merchants, rows, sign)
  }

  /** How many sums are held (each is one row to write). */
  get size(): number {
    return this.balances.size + this.rollups.size + this.merchants.size
  }

  /** The sums that move something: each account's balance, then each rollup row's. */
  moves(): { balances: [string, number][]; rollups: RollupDelta[]; merchants: MerchantDelta[] } {
    return {
      balances: [...this.balances].filter(([, d]) => d !== 0),
      rollups: [...this.rollups.values()].filter(movesRollup),
      merchants: [...this.merchants.values()].filter(movesMerchant),
    }
  }

  clear(): void {
    this.balances.clear()
    this.rollups.clear()
    this.merchants.clear()
  }
}
