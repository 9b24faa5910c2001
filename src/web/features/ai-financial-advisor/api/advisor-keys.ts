// Query keys of the AI Advisor page, under the '/api/advisor' root (URL parts joined by '/'):
// the status, the member's conversations and each conversation with its messages.
import { API_ROOTS } from '#src/web/lib/query-keys'

const root = API_ROOTS.advisor

export const advisorKeys = {
  all: [root] as const,
  status: [`${root}/status`] as const,
  conversations: [`${root}/conversations`] as const,
  conversation: (id: string) => [`${root}/conversations`, id] as const,
}
