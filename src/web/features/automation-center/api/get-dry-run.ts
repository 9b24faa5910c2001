// GET /api/automations/:id/dry-run: what the automation would have done over the last 90 days.
// Read only, and always asked afresh when the dialog opens (the data behind it moves).
import { useQuery } from '@tanstack/react-query'
import { dryRunAutomation } from '#src/contract/automations'
import { callEndpoint } from '#src/web/lib/api'
import { automationKeys } from './automation-keys'

export function useDryRun(id: string | null) {
  return useQuery({
    queryKey: automationKeys.dryRun(id ?? ''),
    queryFn: ({ signal }) => callEndpoint(dryRunAutomation, { params: { id: id ?? '' }, signal }),
    enabled: id !== null,
    staleTime: 0,
  })
}
