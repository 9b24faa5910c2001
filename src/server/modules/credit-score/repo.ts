// Credit score queries, each scoped by user and household (a score is personal).
import { and, asc, desc, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/connect'
import { creditScores } from '../../db/schema'

export type CreditScoreRow = typeof creditScores.$inferSelect
export type Owner = { householdId: string; userId: string }

const owned = (owner: Owner) =>
  and(eq(creditScores.householdId, owner.householdId), eq(creditScores.userId, owner.userId))

/** By date, then by when it was entered (so a second entry on one day counts as newer). */
export function listCreditScoreRows(
  db: DbOrTx,
  owner: Owner,
  options: { newestFirst?: boolean; limit?: number } = {},
): Promise<CreditScoreRow[]> {
  const dir = options.newestFirst ? desc : asc
  const query = db
    .select()
    .from(creditScores)
    .where(owned(owner))
    .orderBy(dir(creditScores.date), dir(creditScores.createdAt), dir(creditScores.id))
  return options.limit === undefined ? query : query.limit(options.limit)
}

export async function insertCreditScore(
  db: DbOrTx,
  owner: Owner,
  values: { score: number; provider: string; date: string },
): Promise<CreditScoreRow> {
  const [row] = await db
    .insert(creditScores)
    .values({ ...values, householdId: owner.householdId, userId: owner.userId })
    .returning()
  if (!row) throw new Error('insert returned no row')
  return row
}

export async function deleteCreditScoreRow(db: DbOrTx, owner: Owner, id: string): Promise<boolean> {
  const rows = await db
    .delete(creditScores)
    .where(and(owned(owner), eq(creditScores.id, id)))
    .returning({ id: creditScores.id })
  return rows.length > 0
}
