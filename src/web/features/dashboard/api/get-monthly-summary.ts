// GET /api/analytics/monthly-summary: income, expenses, what is available and spending by category.
// The shared query (lib/queries), asked after the first paint like every card's.
import { useQuery } from '@tanstack/react-query'
import { afterFirstPaintQuery } from '#src/web/lib/after-paint'
import { monthlySummaryQuery as shared } from '#src/web/lib/queries/monthly-summary'

export const monthlySummaryQuery = afterFirstPaintQuery(shared)

export function useMonthlySummary() {
  return useQuery(monthlySummaryQuery)
}
