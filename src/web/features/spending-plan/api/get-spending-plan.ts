// GET /api/spending-plan?month=YYYY-MM: every category's budget, rollover, spending and what is
// left, and the Smart Spending Plan's lines for the month.
import { useQuery } from '@tanstack/react-query'
import { getSpendingPlan } from '#src/contract/spending-plan'
import { callEndpoint } from '#src/web/lib/api'
import { planKeys } from './plan-keys'

export function useSpendingPlan(month: string) {
  return useQuery({
    queryKey: planKeys.month(month),
    queryFn: ({ signal }) => callEndpoint(getSpendingPlan, { query: { month }, signal }),
    placeholderData: (previous) => previous,
  })
}
