// Query keys of the spending plan page: the plan of a month under '/api/spending-plan'; budgets
// and categories under their own roots (the dashboard reads both).
import { API_ROOTS } from '#src/web/lib/query-keys'

export const planKeys = {
  all: [API_ROOTS.spendingPlan] as const,
  month: (month: string) => [API_ROOTS.spendingPlan, { month }] as const,
}
