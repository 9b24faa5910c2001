// GET /api/quickbooks/mappings: each category and visible account with its QuickBooks account
// (or a suggestion by name).
import { useQuery } from '@tanstack/react-query'
import { getQuickbooksMappings } from '#src/contract/quickbooks'
import { callEndpoint } from '#src/web/lib/api'
import { quickbooksKeys } from './quickbooks-keys'

export function useQuickbooksMappings() {
  return useQuery({
    queryKey: quickbooksKeys.mappings,
    queryFn: ({ signal }) => callEndpoint(getQuickbooksMappings, { signal }),
  })
}
