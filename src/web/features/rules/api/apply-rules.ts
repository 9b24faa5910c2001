// POST /api/rules/apply: run the rules over stored transactions. Categories, payees and notes
// may change, so the ledger's queries (lists, summaries, the plan) refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { applyRulesToTransactions, type applyRulesBody } from '#src/contract/rules'
import { callEndpoint } from '#src/web/lib/api'
import { invalidateLedger } from '#src/web/lib/query-keys'

export type ApplyRules = z.output<typeof applyRulesBody>

export function useApplyRules() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ApplyRules) => callEndpoint(applyRulesToTransactions, { body }),
    onSuccess: () => invalidateLedger(queryClient),
  })
}
