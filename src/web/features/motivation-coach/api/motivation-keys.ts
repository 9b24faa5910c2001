// Query keys of the Motivation Coach page, under the '/api/motivation' root.
import { API_ROOTS } from '#src/web/lib/query-keys'

const root = API_ROOTS.motivation

export const motivationKeys = {
  all: [root] as const,
  view: [root, 'view'] as const,
}
