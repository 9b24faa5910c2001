// The splits of a page of transactions, read in one query: the transactions list and the data
// export both attach them to their rows.
import { asc, inArray } from 'drizzle-orm'
import type { DbOrTx } from '#src/server/db/connect'
import { transactionSplits } from '#src/server/db/schema'

export type SplitOf = { transactionId: string; categoryId: string | null; amount: number; memo: string }

/** The splits of the given transactions (none for an empty list), in the order they were made. */
export async function splitsOf(db: DbOrTx, transactionIds: string[]): Promise<SplitOf[]> {
  if (!transactionIds.length) return []
  return db
    .select({
      transactionId: transactionSplits.transactionId,
      categoryId: transactionSplits.categoryId,
      amount: transactionSplits.amount,
      memo: transactionSplits.memo,
    })
    .from(transactionSplits)
    .where(inArray(transactionSplits.transactionId, transactionIds))
    .orderBy(asc(transactionSplits.id))
}
