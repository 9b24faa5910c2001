// Planned income (ADR 0044): what members expect to be paid. A member sees the planned income of
// the accounts their plan counts (and, but for a teen, the household's with no account); an adult
// writes any of those, a teen only income paid into their own accounts. Another member's private
// paycheck is "not found", as if it did not exist.
import type { z } from 'zod'
import type {
  createPlannedIncomeBody,
  PlannedIncome,
  updatePlannedIncomeBody,
} from '#src/contract/planned-income'
import { dayOfMonth } from '#src/domain/dates'
import { asCents } from '#src/domain/money'
import { isIncomeSchedule, type IncomeSchedule } from '#src/domain/plan/kinds'
import { inPlan } from '#src/domain/plan/member'
import type { Db, DbOrTx } from '#src/server/db/connect'
import { invalidField, notFound } from '#src/server/http/errors'
import { memberScope, type MemberScope } from '#src/server/core/scope'
import type { SessionUser } from '#src/server/core/sessions'
import { planExclusions } from './plan'
import * as repo from './repo'

type Row = repo.PlannedIncomeRow
type Member = Pick<SessionUser, 'id' | 'householdId' | 'role'>

const schedule = (value: string): IncomeSchedule => (isIncomeSchedule(value) ? value : 'monthly')

function toDto(row: Row): PlannedIncome {
  return {
    id: row.id,
    name: row.name,
    payee: row.payee,
    amount: asCents(row.amount),
    schedule: schedule(row.schedule),
    nextDate: row.nextDate,
    secondDay: row.secondDay,
    accountId: row.accountId,
    isActive: row.isActive,
    userId: row.userId,
  }
}

/** What of planned income a member may see and name: the accounts of their plan. */
type Reach = { role: MemberScope['member']['role']; counted: ReadonlySet<string> }
const reachOf = (scope: MemberScope): Reach => ({
  role: scope.member.role,
  counted: planExclusions(scope).counted,
})

const visible = (reach: Reach, row: Pick<Row, 'accountId'>) =>
  inPlan(reach, reach.counted, row.accountId)

/** The account named must be one the member's plan counts (a teen must name one of their own). */
function requireAccount(reach: Reach, accountId: string | null): void {
  if (accountId === null) {
    if (reach.role === 'teen')
      throw invalidField('body.accountId', 'Choose the account of yours it is paid into')
    return
  }
  if (!reach.counted.has(accountId))
    throw invalidField('body.accountId', 'That account does not exist', 'UNKNOWN_ACCOUNT')
}

/** A twice-a-month income needs a second payday, another day than the first. */
function requireSecondDay(value: {
  schedule: IncomeSchedule
  nextDate: string
  secondDay: number | null
}): number | null {
  if (value.schedule !== 'semimonthly') return null
  if (value.secondDay === null)
    throw invalidField('body.secondDay', 'Choose the second payday of the month')
  if (value.secondDay === dayOfMonth(value.nextDate))
    throw invalidField('body.secondDay', 'The second payday must be another day than the first')
  return value.secondDay
}

async function findVisible(db: DbOrTx, user: Member, reach: Reach, id: string): Promise<Row> {
  const row = await repo.findPlannedIncomeRow(db, user.householdId, id)
  if (!row || !visible(reach, row)) throw notFound('Planned income')
  return row
}

/** The household's active planned income, as stored (the cash-flow forecast counts it). */
export async function activePlannedIncome(db: DbOrTx, householdId: string): Promise<Row[]> {
  return (await repo.listPlannedIncomeRows(db, householdId)).filter((r) => r.isActive)
}

/** The planned income a member sees, as stored (the export writes it whole). */
export async function visiblePlannedIncome(db: DbOrTx, scope: MemberScope): Promise<Row[]> {
  const reach = reachOf(scope)
  return (await repo.listPlannedIncomeRows(db, scope.householdId)).filter((r) => visible(reach, r))
}

export async function listPlannedIncome(db: Db, user: Member): Promise<PlannedIncome[]> {
  return (await visiblePlannedIncome(db, await memberScope(db, user))).map(toDto)
}

export async function createPlannedIncome(
  db: Db,
  user: Member,
  body: z.output<typeof createPlannedIncomeBody>,
): Promise<PlannedIncome> {
  requireAccount(reachOf(await memberScope(db, user)), body.accountId)
  const secondDay = requireSecondDay(body)
  return toDto(
    await repo.insertPlannedIncomeRow(db, {
      ...body,
      secondDay,
      householdId: user.householdId,
      userId: user.id,
    }),
  )
}

export async function updatePlannedIncome(
  db: Db,
  user: Member,
  id: string,
  body: z.output<typeof updatePlannedIncomeBody>,
  now: Date,
): Promise<PlannedIncome> {
  return db.transaction(async (tx) => {
    const reach = reachOf(await memberScope(tx, user))
    const row = await findVisible(tx, user, reach, id)
    if (body.accountId !== undefined) requireAccount(reach, body.accountId)
    const secondDay = requireSecondDay({
      schedule: body.schedule ?? schedule(row.schedule),
      nextDate: body.nextDate ?? row.nextDate,
      secondDay: body.secondDay === undefined ? row.secondDay : body.secondDay,
    })
    const updated = await repo.updatePlannedIncomeRow(tx, user.householdId, id, {
      ...body,
      secondDay,
      updatedAt: now,
    })
    if (!updated) throw notFound('Planned income')
    return toDto(updated)
  })
}

export async function deletePlannedIncome(db: Db, user: Member, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await findVisible(tx, user, reachOf(await memberScope(tx, user)), id)
    await repo.deletePlannedIncomeRow(tx, user.householdId, id)
  })
}
