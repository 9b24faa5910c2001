// Reminders (docs/product.md §3 Reminder) and the unread count of the bell and sidebar. Each
// member's own: nobody else (the household's owner included) sees or changes them. Generated ones
// (bills due, goal deadlines, budget alerts) go to the owner and adults, a budget alert counting
// what that member sees; teens and viewers get only the ones they write.
import { z } from 'zod'
import { REMINDER_PRIORITIES, REMINDER_STATUSES, REMINDER_TYPES } from '../domain/reminder-kinds'
import { PERSONAL, endpoint } from './endpoint'
import { id, idParams, isoDate, requiredText, trimmed } from './common'

export const reminderType = z.enum(REMINDER_TYPES)
export const reminderPriority = z.enum(REMINDER_PRIORITIES)
export const reminderStatus = z.enum(REMINDER_STATUSES)

export const reminder = z.object({
  id,
  title: z.string(),
  description: z.string(),
  type: reminderType,
  priority: reminderPriority,
  dueDate: isoDate.nullable(),
  status: reminderStatus,
  isRead: z.boolean(),
  createdAt: z.string(),
})
export type Reminder = z.output<typeof reminder>

export const listRemindersQuery = z.object({
  /** default: active only, as the notification dropdown shows */
  status: z.enum([...REMINDER_STATUSES, 'all']).default('active'),
  type: reminderType.optional(),
  priority: reminderPriority.optional(),
})

export const createReminderBody = z.object({
  title: requiredText(120, 'Title'),
  description: trimmed(1000, 'Description').default(''),
  type: reminderType.default('other'),
  priority: reminderPriority.default('medium'),
  dueDate: isoDate.nullable().default(null),
})

export const updateReminderBody = z
  .object({
    status: reminderStatus,
    isRead: z.boolean(),
    title: requiredText(120, 'Title'),
    description: trimmed(1000, 'Description'),
    priority: reminderPriority,
    dueDate: isoDate.nullable(),
  })
  .partial()

export const listReminders = endpoint({
  method: 'GET',
  path: '/api/reminders',
  summary: 'Reminders (active ones by default), most urgent and soonest first',
  tag: 'reminders',
  access: PERSONAL,
  query: listRemindersQuery,
  response: z.array(reminder),
})

export const unreadCount = endpoint({
  method: 'GET',
  path: '/api/reminders/unread-count',
  summary: 'How many active reminders are unread',
  tag: 'reminders',
  access: PERSONAL,
  response: z.object({ count: z.number().int() }),
})

export const markReminderRead = endpoint({
  method: 'PATCH',
  path: '/api/reminders/:id/read',
  summary: 'Mark a reminder read (no body)',
  tag: 'reminders',
  access: PERSONAL,
  params: idParams,
  response: reminder,
})

export const updateReminder = endpoint({
  method: 'PATCH',
  path: '/api/reminders/:id',
  summary: 'Complete or dismiss a reminder (body status), or edit it',
  tag: 'reminders',
  access: PERSONAL,
  params: idParams,
  body: updateReminderBody,
  response: reminder,
})

export const createReminder = endpoint({
  method: 'POST',
  path: '/api/reminders',
  summary: 'Create a custom reminder',
  tag: 'reminders',
  access: PERSONAL,
  body: createReminderBody,
  response: reminder,
  status: 201,
})

export const deleteReminder = endpoint({
  method: 'DELETE',
  path: '/api/reminders/:id',
  summary: 'Delete a reminder',
  tag: 'reminders',
  access: PERSONAL,
  params: idParams,
  response: null,
})

