// The API's resources as query-key roots (URL parts, docs/product.md §7), and the invalidations a
// write goes through. Every feature's key factory starts from one of these roots, so a write in one
// page refreshes what every other page (and the dashboard) shows of the same data.
import type { QueryClient } from '@tanstack/react-query'

export const API_ROOTS = {
  accounts: '/api/accounts',
  transactions: '/api/transactions',
  analytics: '/api/analytics',
  spendingPlan: '/api/spending-plan',
  plannedIncome: '/api/planned-income',
  budgets: '/api/budgets',
  categories: '/api/categories',
  goals: '/api/goals',
  bills: '/api/bills',
  reminders: '/api/reminders',
  rules: '/api/rules',
  creditScore: '/api/credit-score',
  reports: '/api/reports',
  settings: '/api/user/settings',
  user: '/api/auth/user',
  household: '/api/household',
  investments: '/api/investments',
  debtPlanning: '/api/debt-planning',
  retirement: '/api/retirement',
  savingsChallenges: '/api/savings-challenges',
  insights: '/api/insights',
  bankConnections: '/api/bank-connections',
  advisor: '/api/advisor',
  coaching: '/api/coaching',
  motivation: '/api/motivation',
  quickbooks: '/api/quickbooks',
} as const

export type ApiRoot = (typeof API_ROOTS)[keyof typeof API_ROOTS]

/**
 * Refreshes every query under these roots ('/api/analytics' also covers '/api/analytics/…'),
 * except those whose keys start with one of `except` (what was just deleted: asking again
 * would only answer 404).
 */
export function invalidateRoots(
  queryClient: QueryClient,
  roots: readonly ApiRoot[],
  except: readonly (readonly string[])[] = [],
): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const key = query.queryKey
      const head = key[0]
      if (typeof head !== 'string') return false
      if (except.some((prefix) => prefix.every((part, i) => key[i] === part))) return false
      return roots.some((r) => head === r || head.startsWith(`${r}/`))
    },
  })
}

/** What a change to the ledger moves: balances, transactions, summaries, the plan and budgets. */
export const LEDGER_ROOTS: readonly ApiRoot[] = [
  API_ROOTS.accounts,
  API_ROOTS.transactions,
  API_ROOTS.analytics,
  API_ROOTS.spendingPlan,
  API_ROOTS.budgets,
  API_ROOTS.reports,
  // a budget's alert goes when spending falls back under its line
  API_ROOTS.reminders,
]

/** After any write that adds, changes or removes transactions (or accounts). */
export function invalidateLedger(
  queryClient: QueryClient,
  also: readonly ApiRoot[] = [],
  except: readonly (readonly string[])[] = [],
): Promise<void> {
  return invalidateRoots(queryClient, [...LEDGER_ROOTS, ...also], except)
}
