// The credit score history: GET /api/credit-score/history (oldest first), POST a new entry and
// DELETE one. Keys sit under '/api/credit-score', so the dashboard's card follows every change.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import {
  addCreditScore,
  creditScoreHistory,
  deleteCreditScore,
  type createCreditScoreBody,
} from '#src/contract/credit-score'
import { callEndpoint } from '#src/web/lib/api'
import { API_ROOTS, invalidateRoots } from '#src/web/lib/query-keys'

export const creditScoreKeys = {
  all: [API_ROOTS.creditScore] as const,
  history: () => [API_ROOTS.creditScore, 'history'] as const,
}

export function useCreditHistory() {
  return useQuery({
    queryKey: creditScoreKeys.history(),
    queryFn: ({ signal }) => callEndpoint(creditScoreHistory, { signal }),
  })
}

export function useAddScore() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: z.output<typeof createCreditScoreBody>) =>
      callEndpoint(addCreditScore, { body }),
    onSuccess: () => invalidateRoots(queryClient, [API_ROOTS.creditScore]),
  })
}

export function useDeleteScore() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callEndpoint(deleteCreditScore, { params: { id } }),
    onSuccess: () => invalidateRoots(queryClient, [API_ROOTS.creditScore]),
  })
}
