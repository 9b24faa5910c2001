// Savings challenges (ADR 0028): starting, joining, leaving, sweeping into a goal and removing.
// The stored settings come from catalog.ts, the progress from progress.ts (always worked out
// from the household's data as the asking member may see it), the queries from repo.ts.
import type { Challenge } from '#src/contract/challenges'
import { localDate } from '#src/domain/dates'
import type { Cents } from '#src/domain/money'
import type { Db, DbOrTx } from '#src/server/db/connect'
import { AppError, forbidden, invalidField, notFound } from '#src/server/http/errors'
import { memberScope, type MemberScope } from '#src/server/core/scope'
import { monthPlan } from '../spending-plan/plan'
import type { SessionUser } from '#src/server/core/sessions'
import { configOf, datesOf, defaultName, type Body } from './catalog'
import { present } from './progress'
import {
  addMember,
  deleteChallengeRow,
  findChallengeRow,
  goalExists,
  insertChallenge,
  knownCategoryIds,
  listChallengeRows,
  lockGoal,
  recordSweep,
  removeMember,
  type ChallengeRow as Row,
} from './repo'

async function checkReferences(
  db: DbOrTx,
  user: SessionUser,
  scope: MemberScope,
  body: Body,
): Promise<void> {
  const goalId = 'goalId' in body ? body.goalId : undefined
  if (goalId) {
    if (!(await goalExists(db, user.householdId, goalId))) throw invalidField('body.goalId', 'That goal does not exist')
  }
  const categoryIds =
    body.kind === 'no_spend'
      ? body.categoryIds
      : body.kind === 'cut_category'
        ? [body.categoryId]
        : []
  if (categoryIds.length) {
    const known = await knownCategoryIds(db, user.householdId, categoryIds)
    const missing = categoryIds.findIndex((id) => !known.has(id))
    if (missing >= 0)
      throw invalidField(
        body.kind === 'cut_category' ? 'body.categoryId' : `body.categoryIds.${missing}`,
        'That category does not exist',
      )
  }
  if (body.kind === 'round_up') {
    body.accountIds.forEach((id, i) => {
      if (scope.accounts.get(id)?.view !== 'full')
        throw invalidField(`body.accountIds.${i}`, 'That account does not exist')
    })
  }
}

export async function createChallenge(
  db: Db,
  user: SessionUser,
  body: Body,
  now: Date,
): Promise<Challenge> {
  const scope = await memberScope(db, user)
  await checkReferences(db, user, scope, body)
  const { start, end } = datesOf(body, localDate(now, user.timeZone))
  // keeping the change of the daily allowance: the app's own (the dashboard's figure) unless one is given
  let allowance: Cents | null = null
  if (body.kind === 'unspent_allowance' && body.dailyAllowance === undefined) {
    allowance = (await monthPlan(db, user, now, undefined, { scope })).dailyAllowance
    if (allowance <= 0)
      throw invalidField('body.dailyAllowance', 'Your daily allowance is 0 today: enter the daily amount to keep the change of')
  }
  const id = await db.transaction(async (tx) =>
    insertChallenge(
      tx,
      {
        householdId: user.householdId,
        createdBy: user.id,
        kind: body.kind,
        name: body.name || defaultName(body.kind),
        config: configOf(body, allowance),
        goalId: 'goalId' in body ? (body.goalId ?? null) : null,
        startDate: start,
        endDate: end,
      },
      user.id,
    ),
  )
  return getChallenge(db, user, id, now)
}

async function findChallenge(db: DbOrTx, user: SessionUser, id: string): Promise<Row> {
  const row = await findChallengeRow(db, user.householdId, id)
  if (!row) throw notFound('Challenge')
  return row
}

export async function getChallenge(
  db: Db,
  user: SessionUser,
  id: string,
  now: Date,
): Promise<Challenge> {
  const row = await findChallenge(db, user, id)
  const [out] = await present(db, user, [row], now)
  if (!out) throw notFound('Challenge')
  return out
}

export async function listChallenges(db: Db, user: SessionUser, now: Date): Promise<Challenge[]> {
  const rows = await listChallengeRows(db, user.householdId)
  return present(db, user, rows, now)
}

export async function joinChallenge(
  db: Db,
  user: SessionUser,
  id: string,
  now: Date,
): Promise<Challenge> {
  await findChallenge(db, user, id)
  await addMember(db, user.householdId, id, user.id)
  return getChallenge(db, user, id, now)
}

export async function leaveChallenge(
  db: Db,
  user: SessionUser,
  id: string,
  now: Date,
): Promise<Challenge> {
  await findChallenge(db, user, id)
  await removeMember(db, id, user.id)
  return getChallenge(db, user, id, now)
}

export async function deleteChallenge(db: Db, user: SessionUser, id: string): Promise<void> {
  const row = await findChallenge(db, user, id)
  if (row.createdBy !== user.id && user.role !== 'owner' && user.role !== 'adult')
    throw forbidden('Only who started a challenge, or an adult, can remove it')
  await deleteChallengeRow(db, id)
}

/** Moves what a round-up or kept-allowance challenge has gathered, not yet swept, into its goal. */
export async function sweepChallenge(
  db: Db,
  user: SessionUser,
  id: string,
  now: Date,
): Promise<Challenge> {
  const row = await findChallenge(db, user, id)
  if (row.kind !== 'round_up' && row.kind !== 'unspent_allowance')
    throw new AppError(
      409,
      'NOTHING_TO_SWEEP',
      'Only round-up and kept-allowance challenges gather money to sweep',
    )
  if (!row.goalId)
    throw new AppError(409, 'NO_GOAL', 'This challenge feeds no goal: link one to sweep into it')
  const [shown] = await present(db, user, [row], now, { complete: false })
  const gathered = Math.round(
    (shown?.participants ?? []).reduce((s, p) => s + p.progress.value, 0) * 100,
  )
  const swept = Number(row.config.swept ?? 0)
  const amount = gathered - swept
  if (amount <= 0)
    throw new AppError(409, 'NOTHING_TO_SWEEP', 'Nothing new to sweep since the last time')
  const goalId = row.goalId
  await db.transaction(async (tx) => {
    const goal = await lockGoal(tx, user.householdId, goalId)
    if (!goal) throw new AppError(409, 'NO_GOAL', 'The goal this challenge fed is gone')
    await recordSweep(tx, {
      householdId: user.householdId,
      challengeId: id,
      goalId,
      goalAmount: goal.currentAmount,
      amount,
      date: localDate(now, user.timeZone),
      note: `From the challenge "${row.name}"`,
      config: { ...row.config, swept: gathered },
      now,
    })
  })
  return getChallenge(db, user, id, now)
}
