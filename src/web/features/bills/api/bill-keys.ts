// Query keys of the bills page, under the '/api/bills' root (the dashboard's Upcoming Bills card
// reads '/api/bills/upcoming', which the root's invalidation covers).
import { API_ROOTS } from '#src/web/lib/query-keys'

export const billKeys = {
  all: [API_ROOTS.bills] as const,
  upcoming: (days: number) => ['/api/bills/upcoming', { days }] as const,
  payments: (from: string, to: string) => ['/api/bills/payments', { from, to }] as const,
  /** a bill's linked payments and what could pay its next due date (under the root: a ledger change refreshes them) */
  links: (id: string) => [API_ROOTS.bills, id, 'payments'] as const,
  matches: (id: string) => [API_ROOTS.bills, id, 'matches'] as const,
}
