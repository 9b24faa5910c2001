// The SQL of the daily plan and of planned income. A month's plan is read in ONE round trip, a
// named prepared statement (ADR 0018, 0021): the embedded database serves one query at a time,
// and the dashboard asks for the plan on every visit, so eight small queries would be eight
// turns in its queue under load.
import { and, asc, eq, sql } from 'drizzle-orm'
import type { IsoDate } from '#src/domain/dates'
import type { Db, DbOrTx } from '#src/server/db/connect'
import { param, preparedSql } from '#src/server/db/prepared'
import {
  billPayments,
  bills,
  budgets,
  categories,
  goalContributions,
  goals,
  monthlyRollups,
  plannedIncomes,
  transactions,
} from '#src/server/db/schema'

export type PlannedIncomeRow = typeof plannedIncomes.$inferSelect

export type MonthPlanRows = {
  categories: {
    id: string
    name: string
    parentId: string | null
    kind: string
    isHidden: boolean
  }[]
  budgets: { id: string; categoryId: string; month: IsoDate; amount: number; rollover: boolean }[]
  /** spending per category and month: this month's, and earlier ones back to the first budget that rolled over */
  spending: { categoryId: string | null; month: IsoDate; spent: number }[]
  bills: {
    id: string
    name: string
    amount: number
    nextDueDate: IsoDate
    recurrence: string
    anchorDay: number
    endDate: IsoDate | null
    isActive: boolean
    accountId: string | null
    categoryId: string | null
    tolerancePercent: number
  }[]
  /** what settled the month's due dates (declined links left out) */
  payments: { billId: string; dueDate: IsoDate; amount: number }[]
  goals: {
    id: string
    name: string
    isActive: boolean
    currentAmount: number
    targetAmount: number
    monthlyContribution: number
    accountId: string | null
    contributed: number
  }[]
  planned: {
    id: string
    userId: string
    name: string
    payee: string
    amount: number
    schedule: string
    nextDate: IsoDate
    secondDay: number | null
    accountId: string | null
  }[]
  /** money in (not transfers) of the plan's accounts, from incomeFrom to the month's end */
  arrivals: { id: string; accountId: string; payee: string; date: IsoDate; amount: number }[]
}

const list = (query: ReturnType<typeof sql>) =>
  sql`(select coalesce(json_agg(x), '[]'::json) from (${query}) x)`

const monthPlanQuery = preparedSql<MonthPlanRows>('month_plan', () => {
  const h = param('h')
  const excluded = sql`${param('excluded')}::uuid[]`
  return sql`select
    ${list(sql`select k.id, k.name, k.parent_id as "parentId", k.kind, k.is_hidden as "isHidden"
      from ${categories} k where k.household_id = ${h}`)} as categories,
    ${list(sql`select b.id, b.category_id as "categoryId", b.month, b.amount, b.rollover
      from ${budgets} b where b.household_id = ${h} and b.month between ${param('rolloverFrom')} and ${param('first')}`)} as budgets,
    ${list(sql`select r.category_id as "categoryId", r.month, sum(r.expense) as spent
      from ${monthlyRollups} r
      where r.household_id = ${h} and r.month <= ${param('first')}
        -- earlier months only as far back as a budget rolled over: without one, this month alone
        and r.month >= (select coalesce(min(b.month), ${param('first')}) from ${budgets} b
          where b.household_id = ${h} and b.rollover and b.month between ${param('rolloverFrom')} and ${param('first')})
        and r.account_id <> all(${excluded})
      group by r.category_id, r.month`)} as spending,
    ${list(sql`select b.id, b.name, b.amount, b.next_due_date as "nextDueDate", b.recurrence,
        b.anchor_day as "anchorDay", b.end_date as "endDate", b.is_active as "isActive",
        b.account_id as "accountId", b.category_id as "categoryId", b.tolerance_percent as "tolerancePercent"
      from ${bills} b where b.household_id = ${h}`)} as bills,
    ${list(sql`select p.bill_id as "billId", p.due_date as "dueDate", p.amount
      from ${billPayments} p
      where p.household_id = ${h} and p.due_date between ${param('first')} and ${param('last')} and p.kind <> 'declined'`)} as payments,
    ${list(sql`select g.id, g.name, g.is_active as "isActive", g.current_amount as "currentAmount",
        g.target_amount as "targetAmount", g.monthly_contribution as "monthlyContribution", g.account_id as "accountId",
        coalesce((select sum(c.amount) from ${goalContributions} c
          where c.goal_id = g.id and c.date between ${param('first')} and ${param('last')}), 0) as contributed
      from ${goals} g where g.household_id = ${h} and g.is_active
      order by g.created_at, g.id`)} as goals,
    ${list(sql`select i.id, i.user_id as "userId", i.name, i.payee, i.amount, i.schedule, i.next_date as "nextDate",
        i.second_day as "secondDay", i.account_id as "accountId"
      from ${plannedIncomes} i where i.household_id = ${h} and i.is_active
      order by i.created_at, i.id`)} as planned,
    ${list(sql`select t.id, t.account_id as "accountId",
        case when t.merchant <> '' then t.merchant else t.description end as payee, t.date, t.amount
      from ${transactions} t
      where t.household_id = ${h} and t.date between ${param('incomeFrom')} and ${param('last')}
        and t.amount > 0 and t.kind = 'standard' and t.account_id <> all(${excluded})`)} as arrivals`
})

/**
 * Everything a month's plan reads: `excluded` are the accounts outside the member's plan, left
 * out of spending and money in; budgets and spending from `rolloverFrom` (for rollovers), money
 * in from `incomeFrom` (to find recurring income).
 */
export async function monthPlanRows(
  db: Db,
  values: {
    h: string
    excluded: string[]
    first: IsoDate
    last: IsoDate
    rolloverFrom: IsoDate
    incomeFrom: IsoDate
  },
): Promise<MonthPlanRows> {
  const [row] = await monthPlanQuery(db, values)
  if (!row) throw new Error('the plan query returned no row')
  return row
}

export async function listPlannedIncomeRows(
  db: DbOrTx,
  householdId: string,
): Promise<PlannedIncomeRow[]> {
  return db
    .select()
    .from(plannedIncomes)
    .where(eq(plannedIncomes.householdId, householdId))
    .orderBy(asc(plannedIncomes.createdAt), asc(plannedIncomes.id))
}

export async function findPlannedIncomeRow(
  db: DbOrTx,
  householdId: string,
  id: string,
): Promise<PlannedIncomeRow | undefined> {
  const [row] = await db
    .select()
    .from(plannedIncomes)
    .where(and(eq(plannedIncomes.householdId, householdId), eq(plannedIncomes.id, id)))
  return row
}

export async function insertPlannedIncomeRow(
  db: DbOrTx,
  values: typeof plannedIncomes.$inferInsert,
): Promise<PlannedIncomeRow> {
  const [row] = await db.insert(plannedIncomes).values(values).returning()
  if (!row) throw new Error('the insert returned no row')
  return row
}

export async function updatePlannedIncomeRow(
  db: DbOrTx,
  householdId: string,
  id: string,
  values: Partial<typeof plannedIncomes.$inferInsert>,
): Promise<PlannedIncomeRow | undefined> {
  const [row] = await db
    .update(plannedIncomes)
    .set(values)
    .where(and(eq(plannedIncomes.householdId, householdId), eq(plannedIncomes.id, id)))
    .returning()
  return row
}

export async function deletePlannedIncomeRow(
  db: DbOrTx,
  householdId: string,
  id: string,
): Promise<void> {
  await db
    .delete(plannedIncomes)
    .where(and(eq(plannedIncomes.householdId, householdId), eq(plannedIncomes.id, id)))
}
