// POST /api/transactions/bulk: categorize (optimistically: the rows change at once and go back
// if the server refuses) or delete many selected transactions.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { bulkTransactions } from '#src/contract/transactions'
import { callEndpoint } from '#src/web/lib/api'
import { invalidateLedger } from '#src/web/lib/query-keys'
import type { TransactionPages } from './get-transactions'
import { transactionKeys } from './transaction-keys'

type Snapshot = [readonly unknown[], TransactionPages | undefined][]

export function useCategorizeTransactions() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ ids, categoryId }: { ids: string[]; categoryId: string | null }) =>
      callEndpoint(bulkTransactions, { body: { action: 'categorize', ids, categoryId } }),
    onMutate: async ({ ids, categoryId }): Promise<{ snapshot: Snapshot }> => {
      const key = [...transactionKeys.all, 'infinite']
      await queryClient.cancelQueries({ queryKey: key })
      const snapshot: Snapshot = queryClient.getQueriesData<TransactionPages>({ queryKey: key })
      const chosen = new Set(ids)
      queryClient.setQueriesData<TransactionPages>({ queryKey: key }, (data) =>
        data === undefined
          ? data
          : {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.map((t) =>
                  chosen.has(t.id) && t.kind === 'standard' && t.splits.length === 0
                    ? { ...t, categoryId }
                    : t,
                ),
              })),
            },
      )
      return { snapshot }
    },
    onError: (_error, _vars, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data)
    },
    onSettled: () => invalidateLedger(queryClient),
  })
}

export function useDeleteTransactions() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (ids: string[]) =>
      callEndpoint(bulkTransactions, { body: { action: 'delete', ids } }),
    onSuccess: (_answer, ids) =>
      invalidateLedger(
        queryClient,
        [],
        ids.map((id) => transactionKeys.one(id)),
      ),
  })
}
