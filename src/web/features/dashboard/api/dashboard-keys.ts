// Query keys of the dashboard's calls: URL parts (docs/product.md §7), so a write elsewhere that
// invalidates ['/api/credit-score'] or ['/api/transactions'] refreshes the dashboard too. Accounts,
// categories, goals and the monthly summary are the shared queries of lib/queries.
export const dashboardKeys = {
  recentTransactions: (limit: number) => ['/api/transactions', { limit }] as const,
  budgets: () => ['/api/budgets'] as const,
  creditScore: () => ['/api/credit-score'] as const,
  creditScoreHistory: () => ['/api/credit-score', 'history'] as const,
  netWorth: () => ['/api/analytics/net-worth'] as const,
  upcomingBills: (days: number) => ['/api/bills/upcoming', { days }] as const,
}
