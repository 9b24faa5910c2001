// Savings goals and their contributions. The current amount changes only through
// contributions (positive) and withdrawals (negative), each recorded with the new total in one
// transaction; `contributedThisMonth` is the net of this month's, in the user's time zone.
// A goal is household data (adults write, every member reads). Its current amount is the goal's
// own (what was contributed), never read from the account it is linked to, so every member sees
// it; but the linked account may be one the member does not see whole (ADR 0023): to them the
// goal's accountId is null, and they can link only an account they see whole (another is an
// unknown account, as if it did not exist).
import type { z } from 'zod'
import type {
  contribution,
  contributeBody,
  createGoalBody,
  Goal,
  updateGoalBody,
} from '#src/contract/goals'
import { endOfMonth, localDate, startOfMonth } from '#src/domain/dates'
import { addCents, asCents, ZERO } from '#src/domain/money'
import type { Db, DbOrTx } from '#src/server/db/connect'
import { badRequest, notFound } from '#src/server/http/errors'
import { memberScope, wholeAccountId, type MemberScope } from '#src/server/core/scope'
import type { SessionUser } from '#src/server/core/sessions'
import * as repo from './repo'

type Scope = Pick<SessionUser, 'householdId' | 'id' | 'timeZone' | 'role'>
type Contribution = z.output<typeof contribution>

export function toGoalDto(row: repo.GoalRow, contributedThisMonth: number, scope: MemberScope): Goal {
  return {
    id: row.id,
    name: row.name,
    isActive: row.isActive,
    currentAmount: asCents(row.currentAmount),
    targetAmount: asCents(row.targetAmount),
    targetDate: row.targetDate,
    monthlyContribution: asCents(row.monthlyContribution),
    accountId: wholeAccountId(scope, row.accountId),
    contributedThisMonth: asCents(contributedThisMonth),
    createdAt: row.createdAt.toISOString(),
  }
}

function toContributionDto(row: repo.ContributionRow): Contribution {
  return {
    id: row.id,
    goalId: row.goalId,
    amount: asCents(row.amount),
    date: row.date,
    note: row.note,
  }
}

function thisMonth(now: Date, timeZone: string): { from: string; to: string } {
  const today = localDate(now, timeZone)
  return { from: startOfMonth(today), to: endOfMonth(today) }
}

async function loadGoal(db: DbOrTx, user: Scope, id: string, now: Date): Promise<Goal> {
  // a household has a handful of goals: one statement for the list and for one of them
  const rows = await repo.selectGoalsWithMonth(db, user.householdId, thisMonth(now, user.timeZone))
  const row = rows.find((r) => r.goal.id === id)
  if (!row) throw notFound('Goal')
  return toGoalDto(row.goal, row.contributedThisMonth, await memberScope(db, user))
}

function requireAccount(scope: MemberScope, accountId: string | null | undefined): void {
  if (accountId && wholeAccountId(scope, accountId) === null) {
    throw badRequest('That account does not exist', 'UNKNOWN_ACCOUNT')
  }
}

export async function listGoals(db: Db, user: Scope, now: Date): Promise<Goal[]> {
  const [rows, scope] = await Promise.all([
    repo.selectGoalsWithMonth(db, user.householdId, thisMonth(now, user.timeZone)),
    memberScope(db, user),
  ])
  return rows.map((r) => toGoalDto(r.goal, r.contributedThisMonth, scope))
}

export async function createGoal(
  db: Db,
  user: Scope,
  body: z.output<typeof createGoalBody>,
): Promise<Goal> {
  return db.transaction(async (tx) => {
    const scope = await memberScope(tx, user)
    requireAccount(scope, body.accountId)
    // a starting amount is money saved before the goal was tracked: not a contribution
    const row = await repo.insertGoal(tx, {
      householdId: user.householdId,
      userId: user.id,
      name: body.name,
      targetAmount: body.targetAmount,
      currentAmount: body.currentAmount ?? ZERO,
      targetDate: body.targetDate,
      monthlyContribution: body.monthlyContribution ?? ZERO,
      accountId: body.accountId,
      isActive: body.isActive,
    })
    return toGoalDto(row, 0, scope)
  })
}

export async function updateGoal(
  db: Db,
  user: Scope,
  id: string,
  body: z.output<typeof updateGoalBody>,
  now: Date,
): Promise<Goal> {
  return db.transaction(async (tx) => {
    if (!(await repo.findGoal(tx, user.householdId, id))) throw notFound('Goal')
    requireAccount(await memberScope(tx, user), body.accountId)
    await repo.updateGoalRow(tx, user.householdId, id, { ...body, updatedAt: now })
    return loadGoal(tx, user, id, now)
  })
}

export async function deleteGoal(db: Db, user: Scope, id: string): Promise<void> {
  if (!(await repo.deleteGoalRow(db, user.householdId, id))) throw notFound('Goal')
}

export async function listContributions(
  db: Db,
  user: Scope,
  goalId: string,
): Promise<Contribution[]> {
  if (!(await repo.findGoal(db, user.householdId, goalId))) throw notFound('Goal')
  const rows = await repo.listContributionRows(db, user.householdId, goalId)
  return rows.map(toContributionDto)
}

/** Adds to (positive) or withdraws from (negative) a goal; never below zero. */
export async function contribute(
  db: Db,
  user: Scope,
  goalId: string,
  body: z.output<typeof contributeBody>,
  now: Date,
): Promise<Goal> {
  return db.transaction(async (tx) => {
    // locked, so two withdrawals at once cannot both pass the check
    const goal = await repo.findGoal(tx, user.householdId, goalId, { lock: true })
    if (!goal) throw notFound('Goal')
    const total = addCents(asCents(goal.currentAmount), body.amount)
    if (total < 0)
      throw badRequest('You cannot withdraw more than the goal holds', 'INSUFFICIENT_GOAL_FUNDS')
    await repo.insertContribution(tx, {
      goalId,
      householdId: user.householdId,
      amount: body.amount,
      date: body.date ?? localDate(now, user.timeZone),
      note: body.note,
    })
    await repo.updateGoalRow(tx, user.householdId, goalId, { currentAmount: total, updatedAt: now })
    return loadGoal(tx, user, goalId, now)
  })
}

// For other modules: they reach this module's data here, never through repo.ts.
export { findGoal, insertContribution, updateGoalRow } from './repo'
