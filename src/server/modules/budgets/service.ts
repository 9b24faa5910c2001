// Monthly budgets per category: a month's list, set (create or replace), remove, and copy a
// month onto another. The API's month is YYYY-MM; the database keeps its first day.
import type { z } from 'zod'
import type { Budget, upsertBudgetBody } from '#src/contract/budgets'
import { localDate, startOfMonth } from '#src/domain/dates'
import { asCents } from '#src/domain/money'
import type { Db } from '#src/server/db/connect'
import { badRequest, notFound } from '#src/server/http/errors'
import { settleBudgetAlerts } from '../reminders/generated'
import * as repo from './repo'

type Scope = { householdId: string; timeZone: string }

const monthToDate = (month: string): string => `${month}-01`
const dateToMonth = (date: string): string => date.slice(0, 7)

export function toBudgetDto(row: repo.BudgetRow): Budget {
  return {
    id: row.id,
    categoryId: row.categoryId,
    month: dateToMonth(row.month),
    amount: asCents(row.amount),
    rollover: row.rollover,
  }
}

/** This month in the user's time zone, YYYY-MM. */
export function currentMonth(now: Date, timeZone: string): string {
  return dateToMonth(startOfMonth(localDate(now, timeZone)))
}

export async function listBudgets(
  db: Db,
  user: Scope,
  month: string | undefined,
  now: Date,
): Promise<Budget[]> {
  const chosen = month ?? currentMonth(now, user.timeZone)
  const rows = await repo.listBudgetRows(db, user.householdId, monthToDate(chosen))
  return rows.map(toBudgetDto)
}

export async function upsertBudget(
  db: Db,
  { householdId }: Scope,
  body: z.output<typeof upsertBudgetBody>,
  now: Date,
): Promise<Budget> {
  return db.transaction(async (tx) => {
    if (!(await repo.categoryExists(tx, householdId, body.categoryId))) {
      throw badRequest('That category does not exist', 'UNKNOWN_CATEGORY')
    }
    const row = await repo.upsertBudgetRow(tx, {
      householdId,
      categoryId: body.categoryId,
      month: monthToDate(body.month),
      amount: body.amount,
      rollover: body.rollover,
      now,
    })
    // a bigger budget can leave its alert behind
    await settleBudgetAlerts(tx, householdId, now)
    return toBudgetDto(row)
  })
}

export async function deleteBudget(db: Db, { householdId }: Scope, id: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await repo.deleteBudgetRow(tx, householdId, id))) throw notFound('Budget')
    // a budget that is gone has no alert
    await settleBudgetAlerts(tx, householdId, now)
  })
}

/** Copies fromMonth's budgets into toMonth (categories toMonth already budgets are kept) and returns toMonth's. */
export async function copyBudgets(
  db: Db,
  { householdId }: Scope,
  fromMonth: string,
  toMonth: string,
): Promise<Budget[]> {
  if (fromMonth === toMonth)
    throw badRequest('Choose two different months to copy between', 'SAME_MONTH')
  return db.transaction(async (tx) => {
    await repo.copyBudgetRows(tx, householdId, monthToDate(fromMonth), monthToDate(toMonth))
    const rows = await repo.listBudgetRows(tx, householdId, monthToDate(toMonth))
    return rows.map(toBudgetDto)
  })
}

// For other modules: they reach this module's data here, never through repo.ts.
export { listBudgetRows } from './repo'
