// GET /api/reminders/unread-count: the number on the bell (polled every 2 min) and on the
// sidebar's Reminders item (every 30 s).
import { useQuery } from '@tanstack/react-query'
import { unreadCount } from '#src/contract/reminders'
import { afterFirstPaint } from '#src/web/lib/after-paint'
import { callEndpoint } from '#src/web/lib/api'
import { reminderKeys } from './reminder-keys'

export const BELL_POLL_MS = 2 * 60 * 1000
export const SIDEBAR_POLL_MS = 30 * 1000

export function useUnreadCount(pollMs: number) {
  return useQuery({
    queryKey: reminderKeys.unreadCount(),
    queryFn: async ({ signal }) => {
      await afterFirstPaint()
      return callEndpoint(unreadCount, { signal })
    },
    refetchInterval: pollMs,
    select: (data) => data.count,
  })
}
