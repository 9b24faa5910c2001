// POST /api/advisor/messages: a question and its answer with the figures it used. When the
// server has a model (answers stream from it) the question goes through the stream instead and
// the reply grows as it arrives; either way the conversation is loaded before the hook resolves,
// so the page swaps its pending bubbles for the stored messages without a flash.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { askAdvisor, type AskResponse } from '#src/contract/advisor'
import { callEndpoint } from '#src/web/lib/api'
import { advisorKeys } from './advisor-keys'
import { askStreaming, StreamUnavailable, type AskInput } from './ask-advisor-stream'
import { conversationQuery } from './get-conversation'

export type AskVariables = AskInput & { stream: boolean; onDelta: (text: string) => void }

async function ask({ stream, onDelta, ...input }: AskVariables): Promise<AskResponse> {
  if (stream) {
    try {
      return await askStreaming(input, onDelta)
    } catch (error) {
      if (!(error instanceof StreamUnavailable)) throw error
    }
  }
  return callEndpoint(askAdvisor, { body: input })
}

export function useAskAdvisor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (variables: AskVariables) => {
      const answer = await ask(variables)
      await Promise.all([
        queryClient
          .fetchQuery({ ...conversationQuery(answer.conversationId), staleTime: 0 })
          .catch(() => undefined),
        queryClient.invalidateQueries({ queryKey: advisorKeys.conversations, exact: true }),
        queryClient.invalidateQueries({ queryKey: advisorKeys.status, exact: true }),
      ])
      return answer
    },
  })
}
