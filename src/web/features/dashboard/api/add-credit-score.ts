// POST /api/credit-score {score, provider, date}: a score typed into the dashboard's prompt.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { addCreditScore } from '#src/contract/credit-score'
import { callEndpoint } from '#src/web/lib/api'
import { dashboardKeys } from './dashboard-keys'

export type NewCreditScore = { score: number; provider: string; date: string }

export function useAddCreditScore() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: NewCreditScore) => callEndpoint(addCreditScore, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.creditScore() }),
  })
}
