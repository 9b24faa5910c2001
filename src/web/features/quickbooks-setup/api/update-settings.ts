// PUT /api/quickbooks/settings: the INTU.BID written in QBO Web Connect files.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { updateQuickbooksSettings } from '#src/contract/quickbooks'
import { callEndpoint } from '#src/web/lib/api'
import { quickbooksKeys } from './quickbooks-keys'

export function useUpdateQuickbooksSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (intuBid: string) => callEndpoint(updateQuickbooksSettings, { body: { intuBid } }),
    onSuccess: (settings) => queryClient.setQueryData(quickbooksKeys.settings, settings),
  })
}
