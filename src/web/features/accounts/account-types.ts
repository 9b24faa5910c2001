// The account types on screen: their labels, icons, the order of the groups, and which ones are
// owed (a card, a loan, a mortgage: their balances are negative, entered as what is owed).
import {
  Banknote,
  CreditCard,
  Home,
  Landmark,
  PiggyBank,
  TrendingUp,
  Wallet,
  Shapes,
  type LucideIcon,
} from 'lucide-react'
import type { AccountType } from '#src/contract/accounts'

export const ACCOUNT_TYPE_INFO: Record<
  AccountType,
  { label: string; group: string; icon: LucideIcon }
> = {
  checking: { label: 'Checking', group: 'Checking', icon: Wallet },
  savings: { label: 'Savings', group: 'Savings', icon: PiggyBank },
  cash: { label: 'Cash', group: 'Cash', icon: Banknote },
  credit_card: { label: 'Credit card', group: 'Credit cards', icon: CreditCard },
  investment: { label: 'Investment', group: 'Investments', icon: TrendingUp },
  loan: { label: 'Loan', group: 'Loans', icon: Landmark },
  mortgage: { label: 'Mortgage', group: 'Mortgages', icon: Home },
  other: { label: 'Other', group: 'Other', icon: Shapes },
}

export const GROUP_ORDER: readonly AccountType[] = [
  'checking',
  'savings',
  'cash',
  'investment',
  'credit_card',
  'loan',
  'mortgage',
  'other',
]

export function isLiability(type: AccountType): boolean {
  return type === 'credit_card' || type === 'loan' || type === 'mortgage'
}
