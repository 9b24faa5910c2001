// DELETE /api/imports/{batchId}: the import's rows go and the rows it linked as transfers are
// restored; accounts it created stay (the answer lists them). The ledger's queries refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { undoImport } from '#src/contract/imports'
import { callEndpoint } from '#src/web/lib/api'
import { invalidateLedger } from '#src/web/lib/query-keys'
import { importKeys } from './import-keys'

export function useUndoImport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (batchId: string) => callEndpoint(undoImport, { params: { batchId } }),
    onSuccess: () =>
      Promise.all([
        invalidateLedger(queryClient),
        queryClient.invalidateQueries({ queryKey: importKeys.list() }),
      ]),
  })
}
