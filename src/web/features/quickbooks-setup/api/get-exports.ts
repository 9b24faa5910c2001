// GET /api/quickbooks/exports: the export log, newest first.
import { useQuery } from '@tanstack/react-query'
import { listQuickbooksExports } from '#src/contract/quickbooks'
import { callEndpoint } from '#src/web/lib/api'
import { quickbooksKeys } from './quickbooks-keys'

export function useQuickbooksExports() {
  return useQuery({
    queryKey: quickbooksKeys.exports,
    queryFn: ({ signal }) => callEndpoint(listQuickbooksExports, { signal }),
  })
}
