// Creating, editing, pausing (optimistic), contributing to and deleting goals. Goal
// contributions are part of the Smart Spending Plan, so the plan and summaries refresh as well.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import {
  type contributeBody,
  contributeToGoal,
  createGoal,
  deleteGoal,
  updateGoal,
  type createGoalBody,
  type Goal,
  type updateGoalBody,
} from '#src/contract/goals'
import { callEndpoint } from '#src/web/lib/api'
import { API_ROOTS, invalidateRoots } from '#src/web/lib/query-keys'
import { goalKeys } from './goal-keys'

const AFFECTED = [
  API_ROOTS.goals,
  API_ROOTS.spendingPlan,
  API_ROOTS.analytics,
  API_ROOTS.reminders,
] as const

export function useCreateGoal() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: z.output<typeof createGoalBody>) => callEndpoint(createGoal, { body }),
    onSuccess: () => invalidateRoots(queryClient, AFFECTED),
  })
}

export function useUpdateGoal() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.output<typeof updateGoalBody> }) =>
      callEndpoint(updateGoal, { params: { id }, body }),
    onMutate: async ({ id, body }) => {
      await queryClient.cancelQueries({ queryKey: goalKeys.all })
      const before = queryClient.getQueryData<Goal[]>(goalKeys.all)
      if (before !== undefined && body.isActive !== undefined) {
        const isActive = body.isActive
        queryClient.setQueryData<Goal[]>(
          goalKeys.all,
          before.map((g) => (g.id === id ? { ...g, isActive } : g)),
        )
      }
      return { before }
    },
    onError: (_e, _v, context) => {
      if (context?.before !== undefined) queryClient.setQueryData(goalKeys.all, context.before)
    },
    onSettled: () => invalidateRoots(queryClient, AFFECTED),
  })
}

export type Contribution = z.output<typeof contributeBody>

export function useContribute() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Contribution }) =>
      callEndpoint(contributeToGoal, { params: { id }, body }),
    onSuccess: () => invalidateRoots(queryClient, AFFECTED),
  })
}

export function useDeleteGoal() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callEndpoint(deleteGoal, { params: { id } }),
    onSuccess: () => invalidateRoots(queryClient, AFFECTED),
  })
}
