// GET /api/advisor/conversations: the member's own conversations, latest first.
import { useQuery } from '@tanstack/react-query'
import { listConversations } from '#src/contract/advisor'
import { callEndpoint } from '#src/web/lib/api'
import { advisorKeys } from './advisor-keys'

export function useConversations(enabled = true) {
  return useQuery({
    queryKey: advisorKeys.conversations,
    queryFn: ({ signal }) => callEndpoint(listConversations, { signal }),
    enabled,
  })
}
