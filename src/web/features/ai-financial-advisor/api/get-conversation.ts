// GET /api/advisor/conversations/:id: one of the member's conversations with its messages. The
// options are shared with the ask hook, which loads a conversation before the page shows it.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { getConversation } from '#src/contract/advisor'
import { callEndpoint } from '#src/web/lib/api'
import { advisorKeys } from './advisor-keys'

export function conversationQuery(id: string) {
  return queryOptions({
    queryKey: advisorKeys.conversation(id),
    queryFn: ({ signal }) => callEndpoint(getConversation, { params: { id }, signal }),
  })
}

export function useConversation(id: string | null) {
  return useQuery({ ...conversationQuery(id ?? ''), enabled: id !== null })
}
