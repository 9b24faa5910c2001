// GET /api/rules for the read-only summary of the categorisation rules (adults and the owner
// may read them; the same cache entry as the Rules page).
import { useQuery } from '@tanstack/react-query'
import { listRules } from '../../../../contract/rules'
import { callEndpoint } from '../../../lib/api'

export function useRulesSummary(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/rules'],
    queryFn: ({ signal }) => callEndpoint(listRules, { signal }),
    enabled,
  })
}
