// GET /api/savings-challenges (each challenge with its progress from real data) and
// GET /api/savings-challenges/catalog (what one can start), plus the goals a challenge can feed
// (GET /api/goals under the goals root, the same cache entry as the Goals page).
import { useQuery } from '@tanstack/react-query'
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

export function useGoalOptions() {
  return useQuery({
    queryKey: [API_ROOTS.goals],
    queryFn: ({ signal }) => callEndpoint(listGoals, { signal }),
  })
}
