// Transaction changes for the webhooks that send them (transaction.updated and
// transaction.deleted): the ledger records each changed or deleted row here, in the same database
// transaction as the change, but only while the household has an active webhook listening for
// that event, so a household without one pays a single indexed look-up per write.
import { and, eq, lt, sql } from 'drizzle-orm'
import { changeEvent, type TransactionChange } from '#src/domain/automation/events'
import type { DbOrTx } from '../db/connect'
import { automations, transactionChanges } from '../db/schema'

/** What a webhook says of the row: as it became (updated) or as it was (deleted); cents. */
export type ChangedRow = {
  id: string
  accountId: string
  date: string
  amount: number
  merchant: string
  description: string
  categoryId: string | null
  kind: string
}

const BATCH = 1000

export async function recordChanges(tx: DbOrTx, householdId: string, change: TransactionChange, rows: readonly ChangedRow[]): Promise<void> {
  if (rows.length === 0) return
  const [listening] = await tx
    .select({ id: automations.id })
    .from(automations)
    .where(
      and(
        eq(automations.householdId, householdId),
        eq(automations.type, 'webhook'),
        eq(automations.isActive, true),
        sql`${automations.config}->'events' @> ${JSON.stringify([changeEvent(change)])}::jsonb`,
      ),
    )
    .limit(1)
  if (!listening) return
  for (let i = 0; i < rows.length; i += BATCH) {
    await tx.insert(transactionChanges).values(
      rows.slice(i, i + BATCH).map((r) => ({
        householdId,
        transactionId: r.id,
        accountId: r.accountId,
        change,
        data: { ...r },
      })),
    )
  }
}

/** Drops the changes recorded before `before` (the automations job, CHANGE_KEEP_DAYS). */
export async function purgeChanges(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(transactionChanges).where(lt(transactionChanges.at, before))
}
