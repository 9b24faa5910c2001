// GET /api/reminders with the page's filters (status, type, priority).
import { useQuery } from '@tanstack/react-query'
import { listReminders } from '#src/contract/reminders'
import { callEndpoint } from '#src/web/lib/api'
import { reminderKeys, type ReminderFilters } from './reminder-keys'

export function useReminderList(filters: ReminderFilters) {
  return useQuery({
    queryKey: reminderKeys.list(filters),
    queryFn: ({ signal }) => callEndpoint(listReminders, { query: filters, signal }),
    placeholderData: (previous) => previous,
  })
}
