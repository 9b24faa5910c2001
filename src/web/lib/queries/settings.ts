// GET /api/user/settings: the signed-in user's preferences (week start, date format, theme,
// notifications), read by the pages that follow them and written by the Settings page.
import { queryOptions } from '@tanstack/react-query'
import { getSettings } from '#src/contract/user'
import { callEndpoint } from '../api'
import { API_ROOTS } from '../query-keys'

export const settingsQuery = queryOptions({
  queryKey: [API_ROOTS.settings] as const,
  queryFn: ({ signal }) => callEndpoint(getSettings, { signal }),
})
