// GET /api/advisor/status: whether a model is configured, what leaves the server when a question
// is asked, the model answers left this month and the suggested questions.
import { useQuery } from '@tanstack/react-query'
import { getAdvisorStatus } from '#src/contract/advisor'
import { callEndpoint } from '#src/web/lib/api'
import { advisorKeys } from './advisor-keys'

export function useAdvisorStatus(enabled = true) {
  return useQuery({
    queryKey: advisorKeys.status,
    queryFn: ({ signal }) => callEndpoint(getAdvisorStatus, { signal }),
    enabled,
  })
}
