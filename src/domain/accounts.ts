// The kinds of account a household keeps (docs/product.md §3 Account), and how an account number is
// shown. One list: the contract's zod enum and the database's check constraint both read it.

export const ACCOUNT_TYPES = ['checking', 'savings', 'credit_card', 'investment', 'loan', 'mortgage', 'cash', 'other'] as const
export type AccountType = (typeof ACCOUNT_TYPES)[number]

/**
 * The last four letters or digits of an account number, the only part Kinwise ever keeps or
 * shows (typed in, from a bank connection's mask or from a statement file); null when there are
 * none.
 */
export function lastFour(accountNumber: string | null | undefined): string | null {
  if (!accountNumber) return null
  const chars = accountNumber.replace(/[^A-Za-z0-9]/g, '')
  return chars === '' ? null : chars.slice(-4)
}
