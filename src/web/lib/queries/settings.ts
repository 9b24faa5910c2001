// GET /api/user/settings: the signed-in user's preferences (week start, date format, theme,
// notifications), read by the pages that follow them.
import { useQuery } from '@tanstack/react-query'
import { getSettings } from '../../../contract/user'
import { callEndpoint } from '../api'
import { API_ROOTS } from '../query-keys'

export const settingsQueryKey = [API_ROOTS.settings] as const

export function useSettings() {
  return useQuery({
    queryKey: settingsQueryKey,
    queryFn: ({ signal }) => callEndpoint(getSettings, { signal }),
  })
}
