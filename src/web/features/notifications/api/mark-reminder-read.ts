// PATCH /api/reminders/{id}/read (no body): the dropdown's mark-read action.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { markReminderRead } from '#src/contract/reminders'
import { callEndpoint } from '#src/web/lib/api'
import { reminderKeys } from './reminder-keys'

export function useMarkReminderRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callEndpoint(markReminderRead, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reminderKeys.all }),
  })
}
