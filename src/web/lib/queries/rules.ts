// GET /api/rules: the household's categorisation rules in the order they are tried. One cache
// entry for the Rules page and the automation center's read-only summary.
import { queryOptions } from '@tanstack/react-query'
import { listRules } from '#src/contract/rules'
import { callEndpoint } from '../api'
import { API_ROOTS } from '../query-keys'

export const rulesQuery = queryOptions({
  queryKey: [API_ROOTS.rules] as const,
  queryFn: ({ signal }) => callEndpoint(listRules, { signal }),
})
