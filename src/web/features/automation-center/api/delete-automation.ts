// DELETE /api/automations/:id: what its runs made stays.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { deleteAutomation } from '#src/contract/automations'
import { callEndpoint } from '#src/web/lib/api'
import { invalidateAutomations } from './automation-keys'

export function useDeleteAutomation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callEndpoint(deleteAutomation, { params: { id } }),
    onSuccess: () => invalidateAutomations(queryClient),
  })
}
