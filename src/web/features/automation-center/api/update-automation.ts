// PATCH /api/automations/:id: rename, pause, resume or change an automation.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { updateAutomation, type updateAutomationBody } from '#src/contract/automations'
import { callEndpoint } from '#src/web/lib/api'
import { invalidateAutomations } from './automation-keys'

export type AutomationChange = z.output<typeof updateAutomationBody>

export function useUpdateAutomation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AutomationChange }) =>
      callEndpoint(updateAutomation, { params: { id }, body }),
    onSuccess: () => invalidateAutomations(queryClient),
  })
}
