// GET /api/savings-challenges (each challenge with its progress from real data) and
// GET /api/savings-challenges/catalog (what one can start), plus the goals a challenge can feed
// (GET /api/goals under the goals root, the same cache entry as the Goals page), and today's
// daily allowance (the dashboard's monthly summary).
import { useQuery } from '@tanstack/react-query'
import { getMonthlySummary } from '../../../../contract/analytics'
import { challengeCatalog, listChallenges } from '../../../../contract/challenges'
import { listGoals } from '../../../../contract/goals'
import { callEndpoint } from '../../../lib/api'
import { API_ROOTS } from '../../../lib/query-keys'

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
  return useQuery({
    queryKey: ['/api/analytics/monthly-summary'],
    queryFn: ({ signal }) => callEndpoint(getMonthlySummary, { signal }),
    select: (summary) => summary.dailyAllowance,
  })
}

export function useGoalOptions() {
  return useQuery({
    queryKey: [API_ROOTS.goals],
    queryFn: ({ signal }) => callEndpoint(listGoals, { signal }),
  })
}
