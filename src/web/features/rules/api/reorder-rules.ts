// POST /api/rules/reorder: every rule id in the new order (the first matching rule wins). The
// list moves at once; a refusal puts it back.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { reorderRules, type RuleDto } from '#src/contract/rules'
import { callEndpoint } from '#src/web/lib/api'
import { ruleKeys } from './rule-keys'

export function useReorderRules() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (ids: string[]) => callEndpoint(reorderRules, { body: { ids } }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: ruleKeys.all })
      const before = queryClient.getQueryData<RuleDto[]>(ruleKeys.all)
      if (before !== undefined) {
        const byId = new Map(before.map((r) => [r.id, r]))
        queryClient.setQueryData<RuleDto[]>(
          ruleKeys.all,
          ids.flatMap((id, position) => {
            const rule = byId.get(id)
            return rule ? [{ ...rule, position }] : []
          }),
        )
      }
      return { before }
    },
    onError: (_error, _ids, context) => {
      if (context?.before !== undefined) queryClient.setQueryData(ruleKeys.all, context.before)
    },
    onSuccess: (rules) => queryClient.setQueryData(ruleKeys.all, rules),
  })
}
