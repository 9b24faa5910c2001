// Attachment queries, each scoped by household, and the attachment count kept on the
// transaction (changed in the same database transaction as the attachment row).
import { and, asc, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '#src/server/db/connect'
import { attachments, transactions } from '#src/server/db/schema'

export type AttachmentRow = typeof attachments.$inferSelect
export type NewAttachmentRow = typeof attachments.$inferInsert

/** The transaction's account and who entered it; `lock` holds the row until the transaction ends. */
export async function findTransactionOwner(db: DbOrTx, householdId: string, id: string, lock = false) {
  const query = db
    .select({ id: transactions.id, accountId: transactions.accountId, userId: transactions.userId })
    .from(transactions)
    .where(and(eq(transactions.householdId, householdId), eq(transactions.id, id)))
  const [row] = lock ? await query.for('update') : await query
  return row
}

/** The attachment with its transaction's account and who entered that transaction. */
export async function findAttachmentWithTransaction(db: DbOrTx, householdId: string, id: string) {
  const [row] = await db
    .select({ a: attachments, accountId: transactions.accountId, enteredBy: transactions.userId })
    .from(attachments)
    .innerJoin(transactions, eq(transactions.id, attachments.transactionId))
    .where(and(eq(attachments.householdId, householdId), eq(attachments.id, id)))
  return row
}

/** The transaction's attachments, oldest first. */
export function listAttachmentRows(db: DbOrTx, householdId: string, transactionId: string): Promise<AttachmentRow[]> {
  return db
    .select()
    .from(attachments)
    .where(and(eq(attachments.householdId, householdId), eq(attachments.transactionId, transactionId)))
    .orderBy(asc(attachments.createdAt), asc(attachments.id))
}

/** Adds one to the transaction's attachment count; the new count. */
export async function incrementAttachmentCount(db: DbOrTx, transactionId: string): Promise<number | undefined> {
  const [counted] = await db
    .update(transactions)
    .set({ attachmentCount: sql`${transactions.attachmentCount} + 1` })
    .where(eq(transactions.id, transactionId))
    .returning({ count: transactions.attachmentCount })
  return counted?.count
}

/** Takes one off the transaction's attachment count, never below zero. */
export async function decrementAttachmentCount(db: DbOrTx, transactionId: string): Promise<void> {
  await db
    .update(transactions)
    .set({ attachmentCount: sql`greatest(${transactions.attachmentCount} - 1, 0)` })
    .where(eq(transactions.id, transactionId))
}

export async function insertAttachment(db: DbOrTx, values: NewAttachmentRow): Promise<AttachmentRow | undefined> {
  const [inserted] = await db.insert(attachments).values(values).returning()
  return inserted
}

export async function deleteAttachmentRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(attachments).where(eq(attachments.id, id))
}
