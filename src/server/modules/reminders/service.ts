// Reminders of the signed-in user: the bell's list and unread count, mark read, complete or
// dismiss, and custom reminders.
import type { z } from 'zod'
import {
  reminderPriority,
  reminderStatus,
  reminderType,
  type createReminderBody,
  type listRemindersQuery,
  type Reminder,
  type updateReminderBody,
} from '#src/contract/reminders'
import type { Db } from '#src/server/db/connect'
import { notFound } from '#src/server/http/errors'
import * as repo from './repo'

type Scope = { householdId: string; id: string }

const ownerOf = (user: Scope): repo.Owner => ({ householdId: user.householdId, userId: user.id })

export function toReminderDto(row: repo.ReminderRow): Reminder {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    // the table's check constraints hold these to the contract's values
    type: reminderType.parse(row.type),
    priority: reminderPriority.parse(row.priority),
    dueDate: row.dueDate,
    status: reminderStatus.parse(row.status),
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
  }
}

export async function listReminders(
  db: Db,
  user: Scope,
  query: z.output<typeof listRemindersQuery>,
): Promise<Reminder[]> {
  const rows = await repo.listReminderRows(db, ownerOf(user), {
    status: query.status === 'all' ? undefined : query.status,
    type: query.type,
    priority: query.priority,
  })
  return rows.map(toReminderDto)
}

export async function unreadCount(db: Db, user: Scope): Promise<{ count: number }> {
  return { count: await repo.countUnread(db, ownerOf(user)) }
}

export async function createReminder(
  db: Db,
  user: Scope,
  body: z.output<typeof createReminderBody>,
): Promise<Reminder> {
  const row = await repo.insertReminder(db, {
    householdId: user.householdId,
    userId: user.id,
    ...body,
  })
  return toReminderDto(row)
}

export async function updateReminder(
  db: Db,
  user: Scope,
  id: string,
  body: z.output<typeof updateReminderBody>,
  now: Date,
): Promise<Reminder> {
  const row = await repo.updateReminderRow(db, ownerOf(user), id, { ...body, updatedAt: now })
  if (!row) throw notFound('Reminder')
  return toReminderDto(row)
}

export function markRead(db: Db, user: Scope, id: string, now: Date): Promise<Reminder> {
  return updateReminder(db, user, id, { isRead: true }, now)
}

export async function deleteReminder(db: Db, user: Scope, id: string): Promise<void> {
  if (!(await repo.deleteReminderRow(db, ownerOf(user), id))) throw notFound('Reminder')
}
