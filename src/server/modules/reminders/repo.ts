// Reminder queries, each scoped by user and household (reminders are personal).
import { and, count, desc, eq, sql, type SQLWrapper } from 'drizzle-orm'
import type { DbOrTx } from '#src/server/db/connect'
import { ownerParams, prepared } from '#src/server/db/prepared'
import { reminders } from '#src/server/db/schema'

export type ReminderRow = typeof reminders.$inferSelect
export type NewReminderRow = typeof reminders.$inferInsert
export type Owner = { householdId: string; userId: string }

const owned = (owner: { householdId: string | SQLWrapper; userId: string | SQLWrapper }) =>
  and(eq(reminders.householdId, owner.householdId), eq(reminders.userId, owner.userId))

const PRIORITY_RANK = sql`case ${reminders.priority} when 'urgent' then 0 when 'high' then 1 when 'medium' then 2 else 3 end`

/** Most urgent first, then soonest due (undated last), then newest. */
export function listReminderRows(
  db: DbOrTx,
  owner: Owner,
  filters: { status?: string; type?: string; priority?: string },
): Promise<ReminderRow[]> {
  return db
    .select()
    .from(reminders)
    .where(
      and(
        owned(owner),
        filters.status ? eq(reminders.status, filters.status) : undefined,
        filters.type ? eq(reminders.type, filters.type) : undefined,
        filters.priority ? eq(reminders.priority, filters.priority) : undefined,
      ),
    )
    .orderBy(
      PRIORITY_RANK,
      sql`${reminders.dueDate} asc nulls last`,
      desc(reminders.createdAt),
      desc(reminders.id),
    )
}

const unreadCount = prepared('unread_count', (db) =>
  db
    .select({ n: count() })
    .from(reminders)
    .where(and(owned(ownerParams), eq(reminders.status, 'active'), eq(reminders.isRead, false))),
)

export async function countUnread(db: DbOrTx, owner: Owner): Promise<number> {
  const [row] = await unreadCount(db).execute(owner)
  return row?.n ?? 0
}

export async function insertReminder(db: DbOrTx, values: NewReminderRow): Promise<ReminderRow> {
  const [row] = await db.insert(reminders).values(values).returning()
  if (!row) throw new Error('insert returned no row')
  return row
}

export async function updateReminderRow(
  db: DbOrTx,
  owner: Owner,
  id: string,
  patch: Partial<
    Pick<
      ReminderRow,
      'status' | 'isRead' | 'title' | 'description' | 'priority' | 'dueDate' | 'updatedAt'
    >
  >,
): Promise<ReminderRow | undefined> {
  const [row] = await db
    .update(reminders)
    .set(patch)
    .where(and(owned(owner), eq(reminders.id, id)))
    .returning()
  return row
}

export async function deleteReminderRow(db: DbOrTx, owner: Owner, id: string): Promise<boolean> {
  const rows = await db
    .delete(reminders)
    .where(and(owned(owner), eq(reminders.id, id)))
    .returning({ id: reminders.id })
  return rows.length > 0
}
