// What a transaction is called on screen: its payee, or what kind of entry it is, and the
// category column's text (a transfer and a balance entry have no category).
import type { Transaction } from '#src/contract/transactions'

export type Names = { accounts: Map<string, string>; categories: Map<string, string> }

export function payeeLabel(t: Transaction, names: Names): string {
  if (t.kind === 'transfer') {
    const other =
      t.transferAccountId === null
        ? 'another account'
        : (names.accounts.get(t.transferAccountId) ?? 'another account')
    return t.amount < 0 ? `Transfer to ${other}` : `Transfer from ${other}`
  }
  if (t.merchant !== '') return t.merchant
  if (t.description !== '') return t.description
  if (t.kind === 'opening_balance') return 'Opening balance'
  if (t.kind === 'adjustment') return 'Balance adjustment'
  return t.amount >= 0 ? 'Income' : 'Expense'
}

export function categoryLabel(t: Transaction, names: Names): string {
  if (t.kind === 'transfer') return 'Transfer'
  if (t.kind !== 'standard') return '—'
  if (t.splits.length > 0) return `Split (${t.splits.length})`
  if (t.categoryId === null) return 'Uncategorized'
  return names.categories.get(t.categoryId) ?? 'Category'
}

/** Only ordinary transactions take a category or splits. */
export function isCategorizable(t: Transaction): boolean {
  return t.kind === 'standard'
}

/** Money in: a positive amount that is not one leg of a transfer (an opening balance or an
 *  adjustment that adds is money in too), shown green with a plus. */
export function isMoneyIn(t: Pick<Transaction, 'amount' | 'kind'>): boolean {
  return t.amount > 0 && t.kind !== 'transfer'
}
