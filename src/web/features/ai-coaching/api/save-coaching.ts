// The writes of the AI Coaching page: making this week's actions, accepting or dismissing one,
// and the member's tone. Making the week answers with the whole view, which replaces the cached
// one; the others refresh it.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  acceptCoachingAction,
  dismissCoachingAction,
  generateCoaching,
  setCoachTone,
} from '#src/contract/coaching'
import type { CoachTone } from '#src/domain/coaching/actions'
import { callEndpoint } from '#src/web/lib/api'
import { API_ROOTS, invalidateRoots } from '#src/web/lib/query-keys'
import { coachingKeys } from './coaching-keys'

export function useGenerateCoaching() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => callEndpoint(generateCoaching),
    onSuccess: (view) => queryClient.setQueryData(coachingKeys.view, view),
  })
}

export type Decision = { id: string; decision: 'accept' | 'dismiss' }

export function useDecideAction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, decision }: Decision) =>
      callEndpoint(decision === 'accept' ? acceptCoachingAction : dismissCoachingAction, {
        params: { id },
      }),
    onSuccess: () => invalidateRoots(queryClient, [API_ROOTS.coaching]),
  })
}

export function useSetTone() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (tone: CoachTone) => callEndpoint(setCoachTone, { body: { tone } }),
    onSuccess: () => invalidateRoots(queryClient, [API_ROOTS.coaching]),
  })
}
