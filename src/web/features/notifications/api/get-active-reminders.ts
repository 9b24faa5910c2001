// GET /api/reminders (active only): the notification dropdown's list, fetched while it is open,
// polled every 5 min and stale after 2 min.
import { useQuery } from '@tanstack/react-query'
import { listReminders } from '#src/contract/reminders'
import { callEndpoint } from '#src/web/lib/api'
import { reminderKeys } from './reminder-keys'

export const DROPDOWN_POLL_MS = 5 * 60 * 1000
export const DROPDOWN_STALE_MS = 2 * 60 * 1000

export function useActiveReminders(open: boolean) {
  return useQuery({
    queryKey: reminderKeys.active(),
    queryFn: ({ signal }) => callEndpoint(listReminders, { query: { status: 'active' }, signal }),
    enabled: open,
    refetchInterval: open ? DROPDOWN_POLL_MS : false,
    staleTime: DROPDOWN_STALE_MS,
  })
}
