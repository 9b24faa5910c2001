// Creating, renaming, nesting, hiding, merging and deleting categories. Names and groups show up
// on every page, and a merge moves transactions, budgets and bills: the ledger refreshes too.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import {
  createCategory,
  deleteCategory,
  mergeCategory,
  updateCategory,
  type createCategoryBody,
  type updateCategoryBody,
} from '#src/contract/categories'
import { callEndpoint } from '#src/web/lib/api'
import { API_ROOTS, invalidateLedger } from '#src/web/lib/query-keys'

const ALSO = [API_ROOTS.categories, API_ROOTS.bills] as const

export function useCreateCategory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: z.output<typeof createCategoryBody>) =>
      callEndpoint(createCategory, { body }),
    onSuccess: () => invalidateLedger(queryClient, ALSO),
  })
}

export function useUpdateCategory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.output<typeof updateCategoryBody> }) =>
      callEndpoint(updateCategory, { params: { id }, body }),
    onSuccess: () => invalidateLedger(queryClient, ALSO),
  })
}

export function useMergeCategory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, intoId }: { id: string; intoId: string }) =>
      callEndpoint(mergeCategory, { params: { id }, body: { intoId } }),
    onSuccess: () => invalidateLedger(queryClient, ALSO),
  })
}

export function useDeleteCategory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callEndpoint(deleteCategory, { params: { id } }),
    onSuccess: () => invalidateLedger(queryClient, ALSO),
  })
}
