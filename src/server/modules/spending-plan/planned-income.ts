// Planned income (ADR 0044): what members expect to be paid. A member sees the planned income of
// the accounts their plan counts (and, but for a teen, the household's with no account); an adult
// writes any of those, a teen only income paid into their own accounts. Another member's private
// paycheck is "not found", as if it did not exist.
import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { createPlannedIncomeBody, PlannedIncome, updatePlannedIncomeBody } from '../../../contract/planned-income'
import { dayOfMonth } from '../../../domain/dates'
import { asCents } from '../../../domain/money'
import { INCOME_SCHEDULES, type IncomeSchedule } from '../../../domain/plan/kinds'
import { inPlan } from '../../../domain/plan/member'
import type { Db, DbOrTx } from '../../db/connect'
import { plannedIncomes } from '../../db/schema'
import { invalidField, notFound } from '../../http/errors'
import { memberScope, type MemberScope } from '../accounts/scope'
import type { SessionUser } from '../auth/sessions'
import { planExclusions } from './plan'

type Row = typeof plannedIncomes.$inferSelect
type Member = Pick<SessionUser, 'id' | 'householdId' | 'role'>

const schedule = (value: string): IncomeSchedule => (INCOME_SCHEDULES as readonly string[]).includes(value) ? (value as IncomeSchedule) : 'monthly'

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

function visible(scope: MemberScope, row: Pick<Row, 'accountId'>): boolean {
  return inPlan(scope.member, planExclusions(scope).counted, row.accountId)
}

/** The account named must be one the member's plan counts (a teen must name one of their own). */
function requireAccount(scope: MemberScope, accountId: string | null): void {
  if (accountId === null) {
    if (scope.member.role === 'teen') throw invalidField('body.accountId', 'Choose the account of yours it is paid into')
    return
  }
  if (!planExclusions(scope).counted.has(accountId)) throw invalidField('body.accountId', 'That account does not exist', 'UNKNOWN_ACCOUNT')
}

/** A twice-a-month income needs a second payday, another day than the first. */
function requireSecondDay(value: { schedule: IncomeSchedule; nextDate: string; secondDay: number | null }): number | null {
  if (value.schedule !== 'semimonthly') return null
  if (value.secondDay === null) throw invalidField('body.secondDay', 'Choose the second payday of the month')
  if (value.secondDay === dayOfMonth(value.nextDate)) throw invalidField('body.secondDay', 'The second payday must be another day than the first')
  return value.secondDay
}

async function findVisible(db: DbOrTx, scope: MemberScope, id: string): Promise<Row> {
  const [row] = await db.select().from(plannedIncomes).where(and(eq(plannedIncomes.householdId, scope.householdId), eq(plannedIncomes.id, id)))
  if (!row || !visible(scope, row)) throw notFound('Planned income')
  return row
}

export async function listPlannedIncome(db: Db, user: Member): Promise<PlannedIncome[]> {
  const scope = await memberScope(db, user)
  const rows = await db.select().from(plannedIncomes).where(eq(plannedIncomes.householdId, user.householdId)).orderBy(plannedIncomes.createdAt, plannedIncomes.id)
  return rows.filter((r) => visible(scope, r)).map(toDto)
}

export async function createPlannedIncome(db: Db, user: Member, body: z.output<typeof createPlannedIncomeBody>): Promise<PlannedIncome> {
  const scope = await memberScope(db, user)
  requireAccount(scope, body.accountId)
  const secondDay = requireSecondDay(body)
  const [row] = await db
    .insert(plannedIncomes)
    .values({ ...body, secondDay, householdId: user.householdId, userId: user.id })
    .returning()
  if (!row) throw new Error('the insert returned no row')
  return toDto(row)
}

export async function updatePlannedIncome(db: Db, user: Member, id: string, body: z.output<typeof updatePlannedIncomeBody>, now: Date): Promise<PlannedIncome> {
  return db.transaction(async (tx) => {
    const scope = await memberScope(tx, user)
    const row = await findVisible(tx, scope, id)
    if (body.accountId !== undefined) requireAccount(scope, body.accountId)
    const next = { schedule: body.schedule ?? schedule(row.schedule), nextDate: body.nextDate ?? row.nextDate, secondDay: body.secondDay === undefined ? row.secondDay : body.secondDay }
    const secondDay = requireSecondDay(next)
    const [updated] = await tx
      .update(plannedIncomes)
      .set({ ...body, secondDay, updatedAt: now })
      .where(and(eq(plannedIncomes.householdId, user.householdId), eq(plannedIncomes.id, id)))
      .returning()
    if (!updated) throw notFound('Planned income')
    return toDto(updated)
  })
}

export async function deletePlannedIncome(db: Db, user: Member, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const scope = await memberScope(tx, user)
    await findVisible(tx, scope, id)
    await tx.delete(plannedIncomes).where(and(eq(plannedIncomes.householdId, user.householdId), eq(plannedIncomes.id, id)))
  })
}
