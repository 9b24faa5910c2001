// Credit score entries of the signed-in user: the latest for the dashboard card, the history,
// and adding or removing an entry (the contract holds scores to 300–850).
import type { z } from 'zod'
import type { createCreditScoreBody, CreditScore } from '#src/contract/credit-score'
import type { Db } from '#src/server/db/connect'
import { notFound } from '#src/server/http/errors'
import * as repo from './repo'

type Scope = { householdId: string; id: string }

const ownerOf = (user: Scope): repo.Owner => ({ householdId: user.householdId, userId: user.id })

function toCreditScoreDto(row: repo.CreditScoreRow): CreditScore {
  return { id: row.id, score: row.score, provider: row.provider, date: row.date }
}

export async function latestCreditScore(db: Db, user: Scope): Promise<CreditScore | null> {
  const [row] = await repo.newestCreditScoreRows(db, ownerOf(user), 1)
  return row ? toCreditScoreDto(row) : null
}

export async function creditScoreHistory(db: Db, user: Scope): Promise<CreditScore[]> {
  const rows = await repo.listCreditScoreRows(db, ownerOf(user))
  return rows.map(toCreditScoreDto)
}

export async function addCreditScore(
  db: Db,
  user: Scope,
  body: z.output<typeof createCreditScoreBody>,
): Promise<CreditScore> {
  return toCreditScoreDto(await repo.insertCreditScore(db, ownerOf(user), { ...body, date: body.date.slice(0, 10) }))
}

export async function deleteCreditScore(db: Db, user: Scope, id: string): Promise<void> {
  if (!(await repo.deleteCreditScoreRow(db, ownerOf(user), id))) throw notFound('Credit score')
}
