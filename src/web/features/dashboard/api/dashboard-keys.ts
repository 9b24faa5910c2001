// Query keys of the dashboard's calls: URL parts (docs/product.md §7), so a write elsewhere that
// invalidates ['/api/credit-score'] or ['/api/transactions'] refreshes the dashboard too.
export const dashboardKeys = {
  accounts: () => ['/api/accounts'] as const,
  recentTransactions: (limit: number) => ['/api/transactions', { limit }] as const,
  budgets: () => ['/api/budgets'] as const,
  goals: () => ['/api/goals'] as const,
  creditScore: () => ['/api/credit-score'] as const,
  creditScoreHistory: () => ['/api/credit-score', 'history'] as const,
  categories: () => ['/api/categories'] as const,
  netWorth: () => ['/api/analytics/net-worth'] as const,
  monthlySummary: () => ['/api/analytics/monthly-summary'] as const,
  upcomingBills: (days: number) => ['/api/bills/upcoming', { days }] as const,
}
