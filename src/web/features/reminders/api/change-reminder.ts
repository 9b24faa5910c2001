// Reminder changes: mark read, complete or dismiss (optimistic: the row changes at once), create
// a custom reminder and delete one. Every change refreshes the bell and the badge too.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import {
  createReminder,
  deleteReminder,
  markReminderRead,
  updateReminder,
  type createReminderBody,
  type Reminder,
} from '#src/contract/reminders'
import { callEndpoint } from '#src/web/lib/api'
import { reminderKeys } from './reminder-keys'

export type ReminderAction = 'read' | 'completed' | 'dismissed'

export function useChangeReminder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: ReminderAction }) =>
      action === 'read'
        ? callEndpoint(markReminderRead, { params: { id } })
        : callEndpoint(updateReminder, { params: { id }, body: { status: action } }),
    onMutate: async ({ id, action }) => {
      const key = [...reminderKeys.all, 'page']
      await queryClient.cancelQueries({ queryKey: key })
      const snapshot = queryClient.getQueriesData<Reminder[]>({ queryKey: key })
      queryClient.setQueriesData<Reminder[]>({ queryKey: key }, (list) =>
        list?.map((r) =>
          r.id !== id
            ? r
            : action === 'read'
              ? { ...r, isRead: true }
              : { ...r, status: action, isRead: true },
        ),
      )
      return { snapshot }
    },
    onError: (_e, _v, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: reminderKeys.all }),
  })
}

export function useCreateReminder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: z.output<typeof createReminderBody>) =>
      callEndpoint(createReminder, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reminderKeys.all }),
  })
}

export function useDeleteReminder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callEndpoint(deleteReminder, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reminderKeys.all }),
  })
}
