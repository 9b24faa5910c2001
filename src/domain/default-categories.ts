// The categories every new household starts with; people rename, nest, merge or hide them.
import type { CategoryKind } from './categories'

export type DefaultCategory = { name: string; kind: CategoryKind; children?: string[] }

export const DEFAULT_CATEGORIES: readonly DefaultCategory[] = [
  { name: 'Salary', kind: 'income' },
  { name: 'Interest & Dividends', kind: 'income' },
  { name: 'Other Income', kind: 'income' },
  { name: 'Housing', kind: 'expense', children: ['Rent & Mortgage', 'Home Maintenance'] },
  { name: 'Utilities', kind: 'expense', children: ['Electricity & Gas', 'Internet & Phone', 'Water'] },
  { name: 'Groceries', kind: 'expense' },
  { name: 'Dining Out', kind: 'expense' },
  { name: 'Transportation', kind: 'expense', children: ['Fuel', 'Public Transit', 'Car Maintenance'] },
  { name: 'Health', kind: 'expense' },
  { name: 'Insurance', kind: 'expense' },
  { name: 'Shopping', kind: 'expense' },
  { name: 'Entertainment', kind: 'expense' },
  { name: 'Subscriptions', kind: 'expense' },
  { name: 'Personal Care', kind: 'expense' },
  { name: 'Education', kind: 'expense' },
  { name: 'Kids', kind: 'expense' },
  { name: 'Pets', kind: 'expense' },
  { name: 'Travel', kind: 'expense' },
  { name: 'Gifts & Donations', kind: 'expense' },
  { name: 'Fees & Charges', kind: 'expense' },
  { name: 'Taxes', kind: 'expense' },
  { name: 'Other', kind: 'expense' },
]
