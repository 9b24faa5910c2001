// DELETE /api/advisor/conversations/:id: the conversation and its messages go; the list refreshes
// and the conversation's own query is dropped unless it is on screen (dropping it there would
// fetch it again, into a 404, before the page has moved on to a new conversation).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { deleteConversation } from '#src/contract/advisor'
import { callEndpoint } from '#src/web/lib/api'
import { advisorKeys } from './advisor-keys'

export function useDeleteConversation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callEndpoint(deleteConversation, { params: { id } }),
    onSuccess: async (_none, id) => {
      queryClient.removeQueries({
        queryKey: advisorKeys.conversation(id),
        exact: true,
        type: 'inactive',
      })
      await queryClient.invalidateQueries({ queryKey: advisorKeys.conversations, exact: true })
    },
  })
}
