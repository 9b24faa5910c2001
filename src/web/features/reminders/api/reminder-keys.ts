// Query keys of the reminders page, under the '/api/reminders' root, so a change here also
// refreshes the bell, its dropdown and the sidebar badge.
import type { z } from 'zod'
import type { listRemindersQuery } from '#src/contract/reminders'
import { API_ROOTS } from '#src/web/lib/query-keys'

export type ReminderFilters = z.input<typeof listRemindersQuery>

export const reminderKeys = {
  all: [API_ROOTS.reminders] as const,
  list: (filters: ReminderFilters) => [API_ROOTS.reminders, 'page', filters] as const,
}
