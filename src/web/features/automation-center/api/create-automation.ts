// POST /api/automations: a new automation (a webhook's signing secret is in the answer, once).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { createAutomation, type createAutomationBody } from '#src/contract/automations'
import { callEndpoint } from '#src/web/lib/api'
import { invalidateAutomations } from './automation-keys'

export type NewAutomation = z.output<typeof createAutomationBody>

export function useCreateAutomation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: NewAutomation) => callEndpoint(createAutomation, { body }),
    onSuccess: () => invalidateAutomations(queryClient),
  })
}
