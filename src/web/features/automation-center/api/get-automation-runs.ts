// GET /api/automations/:id/runs: an automation's runs, newest first, with what each changed.
import { useQuery } from '@tanstack/react-query'
import { listAutomationRuns } from '#src/contract/automations'
import { callEndpoint } from '#src/web/lib/api'
import { automationKeys } from './automation-keys'

export function useAutomationRuns(id: string | null) {
  return useQuery({
    queryKey: automationKeys.runs(id ?? ''),
    queryFn: ({ signal }) => callEndpoint(listAutomationRuns, { params: { id: id ?? '' }, signal }),
    enabled: id !== null,
  })
}
