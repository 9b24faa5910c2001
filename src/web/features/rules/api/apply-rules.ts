// POST /api/rules/apply: run the rules over stored transactions. Categories, payees and notes
// may change, so the ledger's queries (lists, summaries, the plan) refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { applyRulesToTransactions, type applyRulesBody } from '../../../../contract/rules'
import { callEndpoint } from '../../../lib/api'
import { invalidateLedger } from '../../../lib/query-keys'

export type ApplyRules = z.output<typeof applyRulesBody>

export function useApplyRules() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ApplyRules) => callEndpoint(applyRulesToTransactions, { body }),
    onSuccess: () => invalidateLedger(queryClient),
  })
}
