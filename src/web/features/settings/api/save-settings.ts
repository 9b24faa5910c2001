// GET and PATCH /api/user/settings. The base currency and locale are also on the signed-in user
// (every amount on screen is formatted with them), so the user query refreshes after a save; a
// new locale, time zone, date format or currency also changes what the server writes (reminders,
// insights, plan texts, "today"), so every query refreshes then, without a reload.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { updateSettings, type Settings, type updateSettingsBody } from '#src/contract/user'
import { callEndpoint } from '#src/web/lib/api'
import { API_ROOTS, invalidateRoots } from '#src/web/lib/query-keys'
import { settingsQuery } from '#src/web/lib/queries/settings'

export function useSaveSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: z.output<typeof updateSettingsBody>) =>
      callEndpoint(updateSettings, { body }),
    onSuccess: async (saved, body) => {
      const before = queryClient.getQueryData<Settings>(settingsQuery.queryKey)
      queryClient.setQueryData(settingsQuery.queryKey, saved)
      const regional = (['locale', 'timeZone', 'dateFormat', 'baseCurrency'] as const).some(
        (k) => body[k] !== undefined && body[k] !== before?.[k],
      )
      if (regional) {
        await queryClient.invalidateQueries()
        return
      }
      await invalidateRoots(queryClient, [
        API_ROOTS.user,
        API_ROOTS.analytics,
        API_ROOTS.spendingPlan,
      ])
    },
  })
}
