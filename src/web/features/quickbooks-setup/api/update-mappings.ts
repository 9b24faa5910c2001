// PUT /api/quickbooks/mappings: map categories and accounts to QuickBooks accounts (null removes).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { updateQuickbooksMappings } from '#src/contract/quickbooks'
import { callEndpoint } from '#src/web/lib/api'
import { quickbooksKeys } from './quickbooks-keys'

export type MappingChanges = z.output<(typeof updateQuickbooksMappings)['body']>

export function useUpdateQuickbooksMappings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: MappingChanges) => callEndpoint(updateQuickbooksMappings, { body }),
    onSuccess: (mappings) => queryClient.setQueryData(quickbooksKeys.mappings, mappings),
  })
}
