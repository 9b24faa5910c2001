// DELETE /api/rules/{id}: the rule stops applying; rows it already changed stay as they are.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { deleteRule } from '#src/contract/rules'
import { callEndpoint } from '#src/web/lib/api'
import { ruleKeys } from './rule-keys'

export function useDeleteRule() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callEndpoint(deleteRule, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ruleKeys.all }),
  })
}
