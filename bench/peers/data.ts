// The peer comparison's data: the project's own generator (src/server/demo/generator.ts, seed 42)
// for about N transactions, with account keys and category names instead of database ids, so
// Actual and Kinwise import exactly the same rows.
import { writeFile } from 'node:fs/promises'
import { addMonths, localDate, startOfMonth } from '../../src/domain/dates'
import {
  extraPerDayFor,
  generateTransactions,
  type DemoAccounts,
} from '../../src/server/demo/generator'

export type PeerRow = { a: keyof DemoAccounts; d: string; m: number; p: string; c: string | null }
export type PeerData = {
  accounts: { key: keyof DemoAccounts; name: string }[]
  categories: string[]
  month: string
  rows: PeerRow[]
}

const ACCOUNTS: { key: keyof DemoAccounts; name: string }[] = [
  { key: 'checking', name: 'Everyday Checking' },
  { key: 'savings', name: 'High-Yield Savings' },
  { key: 'card', name: 'Visa Rewards' },
  { key: 'investment', name: 'Brokerage' },
  { key: 'loan', name: 'Car Loan' },
  { key: 'mortgage', name: 'Home Mortgage' },
  { key: 'cash', name: 'Wallet' },
]

const CATEGORIES = [
  'Salary',
  'Rent & Mortgage',
  'Electricity & Gas',
  'Internet & Phone',
  'Subscriptions',
  'Insurance',
  'Interest & Dividends',
  'Groceries',
  'Dining Out',
  'Fuel',
  'Shopping',
  'Entertainment',
  'Personal Care',
  'Public Transit',
  'Health',
  'Kids',
  'Pets',
  'Other Income',
]

export function peerData(target: number, now = new Date()): PeerData {
  const today = localDate(now, 'UTC')
  const from = addMonths(startOfMonth(today), -36)
  const accounts = Object.fromEntries(ACCOUNTS.map((a) => [a.key, a.key])) as DemoAccounts
  const categories = Object.fromEntries(CATEGORIES.map((c) => [c, c]))
  const rows: PeerRow[] = []
  generateTransactions(
    {
      householdId: 'h',
      userId: 'u',
      accounts,
      categories,
      from,
      to: today,
      extraPerDay: extraPerDayFor(target, from, today),
    },
    (month) => {
      for (const t of month) {
        rows.push({
          a: t.accountId as keyof DemoAccounts,
          d: t.date,
          m: t.amount,
          p: t.merchant || t.description,
          c: t.categoryId,
        })
      }
    },
  )
  // a full month in the middle of the range
  return {
    accounts: ACCOUNTS,
    categories: CATEGORIES,
    month: addMonths(startOfMonth(today), -6).slice(0, 7),
    rows,
  }
}

export async function writePeerData(target: number, file: string): Promise<PeerData> {
  const data = peerData(target)
  await writeFile(file, JSON.stringify(data))
  return data
}
