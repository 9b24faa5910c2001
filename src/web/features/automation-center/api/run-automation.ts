// POST /api/automations/:id/run: does what is due now (each period once, as the job would).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { runAutomation } from '#src/contract/automations'
import { callEndpoint } from '#src/web/lib/api'
import { invalidateAfterRun } from './automation-keys'

export function useRunAutomation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callEndpoint(runAutomation, { params: { id } }),
    onSuccess: () => invalidateAfterRun(queryClient),
  })
}
