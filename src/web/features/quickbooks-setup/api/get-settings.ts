// GET /api/quickbooks/settings: the household's chart of accounts and INTU.BID.
import { useQuery } from '@tanstack/react-query'
import { getQuickbooksSettings } from '#src/contract/quickbooks'
import { callEndpoint } from '#src/web/lib/api'
import { quickbooksKeys } from './quickbooks-keys'

export function useQuickbooksSettings() {
  return useQuery({
    queryKey: quickbooksKeys.settings,
    queryFn: ({ signal }) => callEndpoint(getQuickbooksSettings, { signal }),
  })
}
