// Starting, joining, leaving, sweeping and removing challenges. A sweep adds a goal
// contribution, so goals, the spending plan and summaries refresh as well.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import {
  createChallenge,
  deleteChallenge,
  joinChallenge,
  leaveChallenge,
  sweepChallenge,
  type createChallengeBody,
} from '#src/contract/challenges'
import { callEndpoint } from '#src/web/lib/api'
import { API_ROOTS, invalidateRoots } from '#src/web/lib/query-keys'

export type StartChallenge = z.output<typeof createChallengeBody>

const CHALLENGES = [API_ROOTS.savingsChallenges] as const
const SWEPT = [
  API_ROOTS.savingsChallenges,
  API_ROOTS.goals,
  API_ROOTS.spendingPlan,
  API_ROOTS.analytics,
] as const

export function useStartChallenge() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: StartChallenge) => callEndpoint(createChallenge, { body }),
    onSuccess: () => invalidateRoots(queryClient, CHALLENGES),
  })
}

export function useJoinChallenge() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, join }: { id: string; join: boolean }) =>
      callEndpoint(join ? joinChallenge : leaveChallenge, { params: { id } }),
    onSuccess: () => invalidateRoots(queryClient, CHALLENGES),
  })
}

export function useSweepChallenge() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callEndpoint(sweepChallenge, { params: { id } }),
    onSuccess: () => invalidateRoots(queryClient, SWEPT),
  })
}

export function useDeleteChallenge() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callEndpoint(deleteChallenge, { params: { id } }),
    onSuccess: () => invalidateRoots(queryClient, CHALLENGES),
  })
}
