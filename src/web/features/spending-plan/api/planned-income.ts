// GET, POST, PATCH and DELETE /api/planned-income: the paychecks a member expects (ADR 0044).
// The plan counts them before they arrive, so every write refreshes the plan, the dashboard's
// monthly summary and the list itself.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import {
  createPlannedIncome,
  deletePlannedIncome,
  listPlannedIncome,
  updatePlannedIncome,
  type createPlannedIncomeBody,
  type updatePlannedIncomeBody,
} from '#src/contract/planned-income'
import { callEndpoint } from '#src/web/lib/api'
import { API_ROOTS, invalidateRoots } from '#src/web/lib/query-keys'

export const plannedIncomeKeys = {
  all: [API_ROOTS.plannedIncome] as const,
}

/** What a planned income moves: the list, the plan and the dashboard's summary. */
const MOVES = [API_ROOTS.plannedIncome, API_ROOTS.spendingPlan, API_ROOTS.analytics] as const

export function plannedIncomeQuery() {
  return queryOptions({
    queryKey: plannedIncomeKeys.all,
    queryFn: ({ signal }) => callEndpoint(listPlannedIncome, { signal }),
  })
}

export function usePlannedIncome() {
  return useQuery(plannedIncomeQuery())
}

export function useCreatePlannedIncome() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: z.output<typeof createPlannedIncomeBody>) =>
      callEndpoint(createPlannedIncome, { body }),
    onSuccess: () => invalidateRoots(queryClient, MOVES),
  })
}

export function useUpdatePlannedIncome() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.output<typeof updatePlannedIncomeBody> }) =>
      callEndpoint(updatePlannedIncome, { params: { id }, body }),
    onSuccess: () => invalidateRoots(queryClient, MOVES),
  })
}

export function useDeletePlannedIncome() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callEndpoint(deletePlannedIncome, { params: { id } }),
    onSuccess: () => invalidateRoots(queryClient, MOVES),
  })
}
