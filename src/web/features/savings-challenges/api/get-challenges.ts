// GET /api/savings-challenges (each challenge with its progress from real data) and
// GET /api/savings-challenges/catalog (what one can start), and today's daily allowance (the
// dashboard's monthly summary). The goals a challenge can feed are the shared goals query.
import { useQuery } from '@tanstack/react-query'
import { challengeCatalog, listChallenges } from '#src/contract/challenges'
import { callEndpoint } from '#src/web/lib/api'
import { monthlySummaryQuery } from '#src/web/lib/queries/monthly-summary'
import { API_ROOTS } from '#src/web/lib/query-keys'

export const challengeKeys = {
  all: [API_ROOTS.savingsChallenges] as const,
  catalog: [API_ROOTS.savingsChallenges, 'catalog'] as const,
}

export function useChallengeList() {
  return useQuery({
    queryKey: challengeKeys.all,
    queryFn: ({ signal }) => callEndpoint(listChallenges, { signal }),
  })
}

export function useChallengeCatalog() {
  return useQuery({
    queryKey: challengeKeys.catalog,
    queryFn: ({ signal }) => callEndpoint(challengeCatalog, { signal }),
    staleTime: Infinity,
  })
}

/**
 * This month's plan (GET /api/analytics/monthly-summary, the dashboard's cache entry): its daily
 * allowance is what "keep the change of your daily allowance" starts from.
 */
export function useTodayAllowance() {
  return useQuery({ ...monthlySummaryQuery, select: (summary) => summary.dailyAllowance })
}
