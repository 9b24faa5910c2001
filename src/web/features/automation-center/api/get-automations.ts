// GET /api/automations: the household's automations the member may see, each with its next
// run and its last run.
import { useQuery } from '@tanstack/react-query'
import { listAutomations } from '#src/contract/automations'
import { callEndpoint } from '#src/web/lib/api'
import { automationKeys } from './automation-keys'

export function useAutomationList(enabled: boolean) {
  return useQuery({
    queryKey: automationKeys.all,
    queryFn: ({ signal }) => callEndpoint(listAutomations, { signal }),
    enabled,
  })
}
