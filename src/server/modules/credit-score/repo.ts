// Credit score queries, each scoped by user and household (a score is personal).
import { and, asc, desc, eq, type SQLWrapper } from 'drizzle-orm'
import type { DbOrTx } from '#src/server/db/connect'
import { ownerParams, param, prepared } from '#src/server/db/prepared'
import { creditScores } from '#src/server/db/schema'

export type CreditScoreRow = typeof creditScores.$inferSelect
export type Owner = { householdId: string; userId: string }

const owned = (owner: { householdId: string | SQLWrapper; userId: string | SQLWrapper }) =>
  and(eq(creditScores.householdId, owner.householdId), eq(creditScores.userId, owner.userId))

/** By date, then by when it was entered (so a second entry on one day counts as newer). */
const byDate = (db: DbOrTx, newestFirst: boolean) => {
  const dir = newestFirst ? desc : asc
  return db
    .select()
    .from(creditScores)
    .where(owned(ownerParams))
    .orderBy(dir(creditScores.date), dir(creditScores.createdAt), dir(creditScores.id))
}
const oldestFirst = prepared('credit_scores_oldest_first', (db) => byDate(db, false))
const newest = prepared('credit_scores_newest', (db) => byDate(db, true).limit(param('limit')))

/** Every score of the owner, oldest first. */
export function listCreditScoreRows(db: DbOrTx, owner: Owner): Promise<CreditScoreRow[]> {
  return oldestFirst(db).execute(owner)
}

/** The owner's `limit` newest scores, newest first. */
export function newestCreditScoreRows(db: DbOrTx, owner: Owner, limit: number): Promise<CreditScoreRow[]> {
  return newest(db).execute({ ...owner, limit })
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
