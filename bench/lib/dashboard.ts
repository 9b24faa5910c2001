// The API calls the dashboard makes when it opens: what the server section loads one by one and
// mixed, the instances section across one, two and three instances, and the scale test through
// the pooler (they include every prepared read of ADR 0018).
export const DASHBOARD_CALLS = [
  '/api/auth/user',
  '/api/accounts',
  '/api/transactions?limit=5',
  '/api/budgets',
  '/api/goals',
  '/api/credit-score',
  '/api/credit-score/history',
  '/api/categories',
  '/api/analytics/net-worth',
  '/api/analytics/monthly-summary',
  '/api/bills/upcoming?days=30',
  '/api/reminders/unread-count',
  '/api/subscription/info',
  '/api/config',
] as const

/**
 * Calls of other pages measured the same way, beside the dashboard's: the Spending Plan page reads
 * the same daily plan as the monthly summary, with every line of it (ADR 0044).
 */
export const PAGE_CALLS = ['/api/spending-plan'] as const
