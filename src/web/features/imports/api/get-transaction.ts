// GET /api/transactions/{id}: the stored row a previewed row duplicates (or pairs with as a
// transfer), fetched when the user opens it.
import { useQuery } from '@tanstack/react-query'
import { getTransaction } from '#src/contract/transactions'
import { callEndpoint } from '#src/web/lib/api'
import { importKeys } from './import-keys'

export function useStoredTransaction(id: string, enabled: boolean) {
  return useQuery({
    queryKey: importKeys.transaction(id),
    queryFn: ({ signal }) => callEndpoint(getTransaction, { params: { id }, signal }),
    enabled,
  })
}
