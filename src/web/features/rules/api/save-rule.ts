// POST /api/rules (a new rule, tried after the others) and PATCH /api/rules/{id} (an edit, or
// switching it on or off: shown at once, put back if the server refuses).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import {
  createRule,
  updateRule,
  type RuleDto,
  type updateRuleBody,
} from '#src/contract/rules'
import { callEndpoint } from '#src/web/lib/api'
import type { RuleBody } from '../rule-form'
import { ruleKeys } from './rule-keys'

export type RuleChange = z.output<typeof updateRuleBody>

export function useCreateRule() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: RuleBody) => callEndpoint(createRule, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ruleKeys.all }),
  })
}

export function useUpdateRule() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RuleChange }) =>
      callEndpoint(updateRule, { params: { id }, body }),
    onMutate: async ({ id, body }) => {
      await queryClient.cancelQueries({ queryKey: ruleKeys.all })
      const before = queryClient.getQueryData<RuleDto[]>(ruleKeys.all)
      if (before !== undefined && body.isActive !== undefined) {
        const isActive = body.isActive
        queryClient.setQueryData<RuleDto[]>(
          ruleKeys.all,
          before.map((r) => (r.id === id ? { ...r, isActive } : r)),
        )
      }
      return { before }
    },
    onError: (_error, _vars, context) => {
      if (context?.before !== undefined) queryClient.setQueryData(ruleKeys.all, context.before)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ruleKeys.all }),
  })
}
