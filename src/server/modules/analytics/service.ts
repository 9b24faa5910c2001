// Net worth and the monthly summary, from maintained balances and monthly rollups (never by
// summing all history), with the Smart Spending Plan arithmetic of domain/monthly-summary.
// Each counts only what the member may see (ADR 0023): net worth the balances of the accounts
// they see at all (balance-only ones included), and previous net worth the rollups of those same
// accounts; income, spending and categories only the accounts whose transactions they see. The
// excluded ids are one array parameter, so each prepared statement keeps one shape and one plan.
import { sql } from 'drizzle-orm'
import type { MonthlySummary } from '../../../contract/analytics'
import { categoryTree, rollUpToGroups, UNCATEGORIZED, type CategoryTotal } from '../../../domain/category-groups'
import { endOfMonth, localDate, startOfMonth, type IsoDate } from '../../../domain/dates'
import { monthAllowance, monthTense, planningDay } from '../../../domain/allowance'
import { rateBook, toBase } from '../../../domain/currency'
import { asCents, type Cents } from '../../../domain/money'
import { billsStillDueLines, goalContributionOf, spendingPlan } from '../../../domain/monthly-summary'
import { netWorthChangePercent } from '../../../domain/net-worth'
import { isRecurrence } from '../../../domain/recurrence'
import type { Db } from '../../db/connect'
import { param, preparedSql } from '../../db/prepared'
import { accounts, bills, categories, goalContributions, goals, households, monthlyRollups } from '../../db/schema'
import { memberScope, type MemberScope } from '../accounts/scope'
import { ratesColumn, ratesFromJson } from '../currencies/rates'
import type { SessionUser } from '../auth/sessions'

type NetWorthRow = {
  base: string
  balances: [string, string][] | string | null
  since: [string, string][] | string | null
  rates: [string, string, string, number][] | string | null
}

// per currency: the balances and what came after last month's end, with the household's base
// and its rates to it, so accounts in another currency convert in the same round trip
const netWorthRows = preparedSql<NetWorthRow>('net_worth', () => {
  const base = sql`(select hb.base_currency from ${households} hb where hb.id = ${param('h')})`
  return sql`
    select ${base} as base,
      (select json_agg(json_build_array(b.currency, b.total::text)) from (
        select a.currency, sum(a.balance) as total from ${accounts} a
        where a.household_id = ${param('h')} and a.id <> all(${param('hidden')}::uuid[])
        group by a.currency) b) as balances,
      (select json_agg(json_build_array(s.currency, s.total::text)) from (
        select a.currency, sum(r.income - r.expense + r.other) as total
        from ${monthlyRollups} r join ${accounts} a on a.id = r.account_id
        where r.household_id = ${param('h')} and r.month >= ${param('monthStart')}
          and r.account_id <> all(${param('hidden')}::uuid[])
        group by a.currency) s) as since,
      ${ratesColumn(param('h'), base)} as rates`
})

const pairs = (v: [string, string][] | string | null): [string, string][] =>
  (typeof v === 'string' ? (JSON.parse(v) as [string, string][]) : v) ?? []

/**
 * Net worth in the household's base currency: each currency's balances converted at today's
 * rate (the latest on or before today). A currency with no rate is left out and named in
 * `missingRates`, never counted at 1. Last month's figure converts at the same rates, so the
 * change is the money that moved, not the rates.
 */
export async function netWorth(db: Db, user: SessionUser, now: Date) {
  const today = localDate(now, user.timeZone)
  const monthStart = startOfMonth(today)
  const h = user.householdId
  const { hidden } = await memberScope(db, user)
  // one round trip (the embedded database serves one query at a time): the balances, and
  // everything dated this month or later (future-dated rows included), which came after last
  // month's end
  const [row] = await netWorthRows(db, { h, monthStart, hidden })
  const book = rateBook(row?.base ?? user.baseCurrency, ratesFromJson(row?.rates))
  const missing = new Set<string>()
  const convert = (list: [string, string][]): Cents => {
    let total = 0
    for (const [currency, amount] of list) {
      const converted = toBase(book, asCents(Number(amount)), currency, today)
      if (converted === null) missing.add(currency)
      else total += converted
    }
    return asCents(total)
  }
  const current = convert(pairs(row?.balances ?? null))
  const previous = asCents(current - convert(pairs(row?.since ?? null)))
  return {
    netWorth: current,
    previousNetWorth: previous,
    changePercent: netWorthChangePercent(current, previous),
    currency: book.base,
    missingRates: [...missing].sort(),
  }
}

export type MonthPlan = {
  month: string
  today: IsoDate
  first: IsoDate
  last: IsoDate
  income: Cents
  expenses: Cents
  billsStillDue: Cents
  goalContributions: Cents
  available: Cents
  dailyAllowance: Cents
  daysLeft: number
  billLines: { billId: string; name: string; date: IsoDate; amount: Cents }[]
  goalLines: { goalId: string; name: string; amount: Cents }[]
  /** only when asked for: the month's spending per category group, largest first (ADR 0036) */
  categorySpending: CategorySpending[]
}

/**
 * The Smart Spending Plan of a month (YYYY-MM; default this month in the user's time zone),
 * with the bill occurrences and goal contributions behind its totals. The plan looks forward
 * from today; a future month is planned from its first day; a past month has nothing left due.
 */
export async function monthPlan(
  db: Db,
  user: SessionUser,
  now: Date,
  month?: string,
  options: { categories?: boolean; scope?: MemberScope } = {},
): Promise<MonthPlan> {
  const today = localDate(now, user.timeZone)
  const first: IsoDate = month ? `${month}-01` : startOfMonth(today)
  const last = endOfMonth(first)
  const h = user.householdId
  const isPast = monthTense(first, today) === 'past'

  const { noTransactions } = options.scope ?? (await memberScope(db, user))
  const loaded = await loadMonth(db, h, noTransactions, first, last, { bills: !isPast, categories: options.categories ?? false })
  const activeBills = loaded.bills
  const goalRows = loaded.goals

  const plannedBills = activeBills.map((b) => ({
    id: b.id,
    name: b.name,
    amount: asCents(b.amount),
    nextDueDate: b.nextDueDate,
    recurrence: isRecurrence(b.recurrence) ? b.recurrence : ('once' as const),
    anchorDay: b.anchorDay,
    endDate: b.endDate,
    isActive: true,
  }))
  const plannedGoals = goalRows.map((g) => ({
    id: g.id,
    name: g.name,
    isActive: g.isActive,
    currentAmount: asCents(g.currentAmount),
    targetAmount: asCents(g.targetAmount),
    monthlyContribution: asCents(g.monthlyContribution),
    contributedThisMonth: asCents(Number(g.contributedThisMonth)),
  }))
  const planDay = planningDay(first, today)
  const plan = spendingPlan(
    {
      income: loaded.income,
      expenses: loaded.expense,
      bills: plannedBills,
      goals: plannedGoals,
    },
    planDay,
  )
  const allowance = monthAllowance(plan.available, first, today)
  return {
    month: first.slice(0, 7),
    today,
    first,
    last,
    income: plan.income,
    expenses: plan.expenses,
    billsStillDue: plan.billsStillDue,
    goalContributions: plan.goalContributions,
    available: plan.available,
    dailyAllowance: allowance.dailyAllowance,
    daysLeft: allowance.daysLeft,
    billLines: billsStillDueLines(plannedBills, planDay).map((l) => ({
      billId: l.bill.id,
      name: l.bill.name,
      date: l.date,
      amount: l.amount,
    })),
    goalLines: plannedGoals
      .map((g) => ({ goalId: g.id, name: g.name, amount: goalContributionOf(g) }))
      .filter((g) => g.amount > 0),
    categorySpending: loaded.categories,
  }
}

type MonthRows = {
  income: string
  expense: string
  bills: { id: string; name: string; amount: number; nextDueDate: IsoDate; recurrence: string; anchorDay: number; endDate: IsoDate | null }[]
  goals: {
    id: string
    name: string
    isActive: boolean
    currentAmount: number
    targetAmount: number
    monthlyContribution: number
    contributedThisMonth: number
  }[]
  categories: { categoryId: string | null; total: number }[]
  names: [string, string, string | null][]
}

// the dashboard's busiest query, planned once per connection (ADR 0018)
const monthRows = preparedSql<MonthRows>('load_month', () => sql`
    select
      (select coalesce(sum(r.income), 0) from ${monthlyRollups} r
        where r.household_id = ${param('h')} and r.month = ${param('first')} and r.account_id <> all(${param('noTx')}::uuid[]))::text as income,
      (select coalesce(sum(r.expense), 0) from ${monthlyRollups} r
        where r.household_id = ${param('h')} and r.month = ${param('first')} and r.account_id <> all(${param('noTx')}::uuid[]))::text as expense,
      (select coalesce(json_agg(b), '[]'::json) from (
        select b.id, b.name, b.amount, b.next_due_date as "nextDueDate", b.recurrence, b.anchor_day as "anchorDay", b.end_date as "endDate"
        from ${bills} b
        where ${param('wantBills')}::boolean and b.household_id = ${param('h')} and b.is_active and b.next_due_date <= ${param('last')}
      ) b) as bills,
      (select coalesce(json_agg(g order by g.created_at, g.id), '[]'::json) from (
        select g.id, g.name, g.is_active as "isActive", g.current_amount as "currentAmount",
          g.target_amount as "targetAmount", g.monthly_contribution as "monthlyContribution", g.created_at,
          coalesce((select sum(c.amount) from ${goalContributions} c
            where c.goal_id = g.id and c.date between ${param('first')} and ${param('last')}), 0) as "contributedThisMonth"
        from ${goals} g
        where g.household_id = ${param('h')} and g.is_active
      ) g) as goals,
      (select coalesce(json_agg(c order by c.total desc, c."categoryId"), '[]'::json) from (
        select r.category_id as "categoryId", sum(r.expense) as total
        from ${monthlyRollups} r
        where ${param('wantCategories')}::boolean and r.household_id = ${param('h')} and r.month = ${param('first')}
          and r.account_id <> all(${param('noTx')}::uuid[])
        group by r.category_id
        having sum(r.expense) > 0
      ) c) as categories,
      (select coalesce(json_agg(json_build_array(k.id, k.name, k.parent_id)), '[]'::json) from ${categories} k
        where ${param('wantCategories')}::boolean and k.household_id = ${param('h')}) as names`)

/**
 * What a month's plan and summary read, in ONE round trip: the embedded database serves one
 * query at a time, so four small queries cost four turns in its queue under load. Bills due by
 * the month's end (when wanted), active goals with this month's contributions, the month's
 * income and spending, and (when wanted) its spending per category, largest first, the last two
 * leaving out the accounts in `noTx` (whose transactions the member may not see).
 */
async function loadMonth(
  db: Db,
  h: string,
  noTx: string[],
  first: IsoDate,
  last: IsoDate,
  want: { bills: boolean; categories: boolean },
): Promise<{
  income: Cents
  expense: Cents
  bills: MonthRows['bills']
  goals: MonthRows['goals']
  categories: CategorySpending[]
}> {
  const rows = await monthRows(db, { h, noTx, first, last, wantBills: want.bills, wantCategories: want.categories })

  const row = rows[0]
  return {
    income: asCents(Number(row?.income ?? 0)),
    expense: asCents(Number(row?.expense ?? 0)),
    bills: row?.bills ?? [],
    goals: row?.goals ?? [],
    categories: spendingByGroup(
      (row?.categories ?? []).map((c) => ({ categoryId: c.categoryId, total: asCents(Number(c.total)) })),
      row?.names ?? [],
    ),
  }
}

type CategorySpending = MonthlySummary['categorySpending'][number]

/**
 * The month's spending per group, largest first (ties by name), each with what makes it up when
 * the group has children: the dashboard's top categories agree with the plan's group rows.
 */
function spendingByGroup(totals: CategoryTotal[], names: [string, string, string | null][]): CategorySpending[] {
  const tree = categoryTree(names.map(([id, , parentId]) => ({ id, parentId })))
  const nameOf = new Map(names.map(([id, name]) => [id, name]))
  const label = (id: string | null) => (id === null ? UNCATEGORIZED : (nameOf.get(id) ?? UNCATEGORIZED))
  return rollUpToGroups(totals, tree)
    .map((g) => ({
      categoryId: g.groupId,
      categoryName: label(g.groupId),
      total: g.total,
      children:
        g.parts.length === 1 && g.parts[0]?.categoryId === g.groupId
          ? []
          : g.parts.map((p) => ({ categoryId: p.categoryId, categoryName: label(p.categoryId), total: p.total })),
    }))
    .sort((a, b) => b.total - a.total || a.categoryName.localeCompare(b.categoryName, 'en', { sensitivity: 'base' }))
}

/** `month` is YYYY-MM; default the current month in the user's time zone. */
export async function monthlySummary(db: Db, user: SessionUser, now: Date, month?: string): Promise<MonthlySummary> {
  const plan = await monthPlan(db, user, now, month, { categories: true })
  return {
    month: plan.month,
    today: plan.today,
    income: plan.income,
    expenses: plan.expenses,
    billsStillDue: plan.billsStillDue,
    goalContributions: plan.goalContributions,
    available: plan.available,
    dailyAllowance: plan.dailyAllowance,
    daysLeft: plan.daysLeft,
    categorySpending: plan.categorySpending,
  }
}
