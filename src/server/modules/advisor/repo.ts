// Advisor queries: a member's conversations and their messages (each conversation is its
// member's own, in their household), and how many model answers the household had.
import { and, asc, count, desc, eq, gte } from 'drizzle-orm'
import type { DbOrTx } from '#src/server/db/connect'
import { advisorConversations, advisorMessages } from '#src/server/db/schema'

export type ConversationRow = typeof advisorConversations.$inferSelect
export type NewMessageRow = typeof advisorMessages.$inferInsert

type Owner = { householdId: string; userId: string }

const ownedBy = (owner: Owner) => and(eq(advisorConversations.userId, owner.userId), eq(advisorConversations.householdId, owner.householdId))

export async function findConversation(db: DbOrTx, owner: Owner, id: string): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(advisorConversations)
    .where(and(eq(advisorConversations.id, id), eq(advisorConversations.userId, owner.userId), eq(advisorConversations.householdId, owner.householdId)))
  return row
}

/** The household's model answers since `since`. */
export async function countModelAnswers(db: DbOrTx, householdId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(advisorMessages)
    .innerJoin(advisorConversations, eq(advisorConversations.id, advisorMessages.conversationId))
    .where(and(eq(advisorConversations.householdId, householdId), eq(advisorMessages.role, 'assistant'), eq(advisorMessages.engine, 'model'), gte(advisorMessages.createdAt, since)))
  return row?.n ?? 0
}

/** The conversation's last `limit` messages, newest first. */
export function listRecentMessages(db: DbOrTx, conversationId: string, limit: number) {
  return db
    .select({ role: advisorMessages.role, text: advisorMessages.text, createdAt: advisorMessages.createdAt })
    .from(advisorMessages)
    .where(eq(advisorMessages.conversationId, conversationId))
    .orderBy(desc(advisorMessages.createdAt))
    .limit(limit)
}

export async function touchConversation(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(advisorConversations).set({ updatedAt: at }).where(eq(advisorConversations.id, id))
}

/** The new conversation's id. */
export async function insertConversation(
  db: DbOrTx,
  owner: Owner,
  values: { title: string; createdAt: Date; updatedAt: Date },
): Promise<string | undefined> {
  const [created] = await db
    .insert(advisorConversations)
    .values({ householdId: owner.householdId, userId: owner.userId, ...values })
    .returning({ id: advisorConversations.id })
  return created?.id
}

export async function insertMessages(db: DbOrTx, rows: NewMessageRow[]): Promise<void> {
  await db.insert(advisorMessages).values(rows)
}

/** The member's latest conversations, most recently answered first. */
export function listConversationRows(db: DbOrTx, owner: Owner, limit: number): Promise<ConversationRow[]> {
  return db
    .select()
    .from(advisorConversations)
    .where(ownedBy(owner))
    .orderBy(desc(advisorConversations.updatedAt), desc(advisorConversations.createdAt))
    .limit(limit)
}

export function listMessageRows(db: DbOrTx, conversationId: string) {
  return db.select().from(advisorMessages).where(eq(advisorMessages.conversationId, conversationId)).orderBy(asc(advisorMessages.createdAt))
}

/** Whether the member had such a conversation (it is gone now). */
export async function deleteConversationRow(db: DbOrTx, owner: Owner, id: string): Promise<boolean> {
  const gone = await db
    .delete(advisorConversations)
    .where(and(eq(advisorConversations.id, id), eq(advisorConversations.userId, owner.userId), eq(advisorConversations.householdId, owner.householdId)))
    .returning({ id: advisorConversations.id })
  return gone.length > 0
}
