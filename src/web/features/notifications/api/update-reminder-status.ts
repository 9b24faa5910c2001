// PATCH /api/reminders/{id} with a status: the dropdown's complete and dismiss actions.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { updateReminder } from '#src/contract/reminders'
import { callEndpoint } from '#src/web/lib/api'
import { reminderKeys } from './reminder-keys'

export type ReminderStatusChange = { id: string; status: 'completed' | 'dismissed' }

export function useUpdateReminderStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, status }: ReminderStatusChange) =>
      callEndpoint(updateReminder, { params: { id }, body: { status } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reminderKeys.all }),
  })
}
