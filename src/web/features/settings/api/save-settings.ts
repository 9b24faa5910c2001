// GET and PATCH /api/user/settings. The base currency and locale are also on the signed-in user
// (every amount on screen is formatted with them), so the user query refreshes after a save.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { updateSettings, type updateSettingsBody } from '../../../../contract/user'
import { callEndpoint } from '../../../lib/api'
import { API_ROOTS, invalidateRoots } from '../../../lib/query-keys'
import { settingsQueryKey } from '../../../lib/queries/settings'

export function useSaveSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: z.output<typeof updateSettingsBody>) =>
      callEndpoint(updateSettings, { body }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(settingsQueryKey, saved)
      await invalidateRoots(queryClient, [
        API_ROOTS.user,
        API_ROOTS.analytics,
        API_ROOTS.spendingPlan,
      ])
    },
  })
}
