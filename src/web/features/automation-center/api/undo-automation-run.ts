// POST /api/automations/runs/:id/undo: takes back what one run made.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { undoAutomationRun } from '#src/contract/automations'
import { callEndpoint } from '#src/web/lib/api'
import { invalidateAfterRun } from './automation-keys'

export function useUndoAutomationRun() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (runId: string) => callEndpoint(undoAutomationRun, { params: { id: runId } }),
    onSuccess: () => invalidateAfterRun(queryClient),
  })
}
