// The Motivation Coach: the member's streaks, milestones, weekly recap and mood trend,
// read from what they may see (memberScope) and put together by domain/coaching/motivation. The
// allowance is the spending plan's (analytics monthPlan), net worth the dashboard's.
import { and, eq, gt, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm'
import type { MotivationView } from '#src/contract/coaching'
import {
  allowanceDays,
  billPaymentsOnTime,
  goalMilestones,
  lastDays,
  moodTrend,
  motivationMessages,
  netWorthMilestone,
  noSpendDays,
  recapWindow,
  summarise,
  STREAK_DAYS,
  type Recap,
} from '#src/domain/coaching/motivation'
import { categoryTree, totalBudget } from '#src/domain/category-groups'
import { addDays, addMonths, endOfMonth, localDate, startOfMonth, type IsoDate } from '#src/domain/dates'
import { asCents, type Cents } from '#src/domain/money'
import { isRecurrence } from '#src/domain/recurrence'
import type { Db } from '#src/server/db/connect'
import { bills, budgets, categories, creditScores, goalContributions, goals, monthlyRollups, transactions } from '#src/server/db/schema'
import { memberScope, notIn, type MemberScope } from '#src/server/core/scope'
import { netWorth } from '../analytics/service'
import { spendingIn } from './repo'
import { monthPlan } from '../spending-plan/plan'
import type { SessionUser } from '#src/server/core/sessions'

const MOOD_MONTHS = 6

/** Spending per day in [from, to], all of it and without bill payments, in visible accounts. */
async function dailySpending(db: Db, user: SessionUser, scope: MemberScope, from: IsoDate, to: IsoDate) {
  const rows = await db
    .select({
      date: transactions.date,
      all: sql<string>`sum(-${transactions.amount})`,
      noBills: sql<string>`coalesce(sum(-${transactions.amount}) filter (where ${transactions.billId} is null), 0)`,
    })
    .from(transactions)
    .where(spendingIn(user.householdId, scope.noTransactions, from, to))
    .groupBy(transactions.date)
  const all = new Map<IsoDate, Cents>()
  const noBills = new Map<IsoDate, Cents>()
  for (const r of rows) {
    all.set(r.date, asCents(Number(r.all)))
    noBills.set(r.date, asCents(Number(r.noBills)))
  }
  return { all, noBills }
}

async function billsOnTime(db: Db, user: SessionUser, scope: MemberScope, today: IsoDate) {
  const billRows = await db
    .select({ id: bills.id, name: bills.name, nextDueDate: bills.nextDueDate, recurrence: bills.recurrence, anchorDay: bills.anchorDay, isActive: bills.isActive })
    .from(bills)
    .where(eq(bills.householdId, user.householdId))
  const payments = await db
    .select({ billId: transactions.billId, date: transactions.date })
    .from(transactions)
    .where(
      and(
        eq(transactions.householdId, user.householdId),
        isNotNull(transactions.billId),
        gte(transactions.date, addDays(today, -365)),
        notIn(transactions.accountId, scope.noTransactions),
      ),
    )
  return billPaymentsOnTime(
    billRows.flatMap((b) => (isRecurrence(b.recurrence) ? [{ ...b, recurrence: b.recurrence }] : [])),
    payments.flatMap((p) => (p.billId === null ? [] : [{ billId: p.billId, date: p.date }])),
  )
}

/** The mood score of each of the last MOOD_MONTHS months, from the rollups, budgets, goals and credit scores. */
async function moodMonths(db: Db, user: SessionUser, scope: MemberScope, today: IsoDate, currentNetWorth: Cents) {
  const thisMonth = startOfMonth(today)
  const firstMonth = addMonths(thisMonth, -(MOOD_MONTHS - 1))
  const flows = await db
    .select({
      month: monthlyRollups.month,
      income: sql<string>`sum(${monthlyRollups.income}) filter (where ${notIn(monthlyRollups.accountId, scope.noTransactions)})`,
      expense: sql<string>`sum(${monthlyRollups.expense}) filter (where ${notIn(monthlyRollups.accountId, scope.noTransactions)})`,
      // another member's balance-only account stays at today's balance in every month (ADR 0048)
      net: sql<string>`sum(${monthlyRollups.income} - ${monthlyRollups.expense} + ${monthlyRollups.other}) filter (where ${notIn(monthlyRollups.accountId, scope.noTransactions)})`,
    })
    .from(monthlyRollups)
    .where(and(eq(monthlyRollups.householdId, user.householdId), gte(monthlyRollups.month, firstMonth), notIn(monthlyRollups.accountId, scope.hidden)))
    .groupBy(monthlyRollups.month)
  const budgetRows = await db
    .select({ month: budgets.month, categoryId: budgets.categoryId, amount: budgets.amount })
    .from(budgets)
    .where(and(eq(budgets.householdId, user.householdId), gte(budgets.month, firstMonth)))
  const tree = categoryTree(
    await db
      .select({ id: categories.id, parentId: categories.parentId })
      .from(categories)
      .where(eq(categories.householdId, user.householdId)),
  )
  const goalRows = await db
    .select({ id: goals.id, current: goals.currentAmount, target: goals.targetAmount })
    .from(goals)
    .where(and(eq(goals.householdId, user.householdId), eq(goals.isActive, true)))
  const contributions = await db
    .select({ goalId: goalContributions.goalId, date: goalContributions.date, amount: goalContributions.amount })
    .from(goalContributions)
    .where(and(eq(goalContributions.householdId, user.householdId), gt(goalContributions.date, endOfMonth(firstMonth))))
  const scores = await db
    .select({ score: creditScores.score, date: creditScores.date })
    .from(creditScores)
    .where(eq(creditScores.userId, user.id))
  const byMonth = new Map(flows.map((f) => [String(f.month).slice(0, 10), f]))
  // each group's budget once (its own, or its children's): ADR 0036
  const budgetsOf = new Map<string, { categoryId: string; amount: Cents }[]>()
  for (const b of budgetRows) {
    const key = String(b.month).slice(0, 10)
    budgetsOf.set(key, [...(budgetsOf.get(key) ?? []), { categoryId: b.categoryId, amount: asCents(b.amount) }])
  }
  const budgetBy = new Map([...budgetsOf].map(([m, list]) => [m, totalBudget(list, tree)]))
  const months = []
  for (let i = 0; i < MOOD_MONTHS; i++) {
    const first = addMonths(firstMonth, i)
    const last = endOfMonth(first)
    // net worth at the month's end: today's less what came after it
    let after = 0
    for (const [m, f] of byMonth) if (m > first) after += Number(f.net ?? 0)
    const flow = byMonth.get(first)
    const score = scores.filter((s) => s.date <= last).sort((a, b) => (a.date < b.date ? 1 : -1))[0]
    months.push({
      month: first.slice(0, 7),
      input: {
        netWorth: asCents(currentNetWorth - after),
        monthSpending: asCents(Number(flow?.expense ?? 0)),
        totalBudget: budgetBy.get(first) ?? asCents(0),
        monthIncome: asCents(Number(flow?.income ?? 0)),
        activeGoals: goalRows.map((g) => ({
          currentAmount: asCents(g.current - contributions.filter((c) => c.goalId === g.id && c.date > last).reduce((s, c) => s + c.amount, 0)),
          targetAmount: asCents(g.target),
        })),
        creditScore: score?.score ?? null,
      },
    })
  }
  return moodTrend(months)
}

export async function motivation(db: Db, user: SessionUser, now: Date): Promise<MotivationView> {
  const today = localDate(now, user.timeZone)
  const scope = await memberScope(db, user)
  const plan = await monthPlan(db, user, now, undefined, { scope })
  const w = recapWindow(today)
  const days = lastDays(today, STREAK_DAYS)
  const from = days[0] ?? today
  const spending = await dailySpending(db, user, scope, w.lastFrom < from ? w.lastFrom : from, today)
  const allowance = allowanceDays(spending.noBills, plan.dailyAllowance, today)
  const noSpend = noSpendDays(spending.noBills, today)
  const paid = await billsOnTime(db, user, scope, today)
  const worth = await netWorth(db, user, now)

  const goalRows = await db
    .select({ id: goals.id, name: goals.name, current: goals.currentAmount, target: goals.targetAmount })
    .from(goals)
    .where(and(eq(goals.householdId, user.householdId), eq(goals.isActive, true)))
    .orderBy(goals.createdAt)
  const weekContributions = goalRows.length
    ? await db
        .select({ goalId: goalContributions.goalId, total: sql<string>`sum(${goalContributions.amount})` })
        .from(goalContributions)
        .where(and(inArray(goalContributions.goalId, goalRows.map((g) => g.id)), gte(goalContributions.date, w.from), lte(goalContributions.date, w.to)))
        .groupBy(goalContributions.goalId)
    : []
  const added = new Map(weekContributions.map((c) => [c.goalId, asCents(Number(c.total))]))
  const goalSteps = goalMilestones(
    goalRows.map((g) => ({ id: g.id, name: g.name, current: asCents(g.current), target: asCents(g.target), addedThisWeek: added.get(g.id) ?? asCents(0) })),
  )
  const sumIn = (a: IsoDate, b: IsoDate) => {
    let s = 0
    for (const [d, v] of spending.all) if (d >= a && d <= b) s += v
    return asCents(s)
  }
  const spent = sumIn(w.from, w.to)
  const spentLastWeek = sumIn(w.lastFrom, w.lastTo)
  const recap: Recap = {
    from: w.from,
    to: w.to,
    spent,
    spentLastWeek,
    change: asCents(spent - spentLastWeek),
    saved: asCents([...added.values()].reduce((s, v) => s + v, 0)),
    goals: goalSteps
      .filter((g) => (added.get(g.goalId) ?? 0) !== 0)
      .map((g) => ({ goalId: g.goalId, name: g.name, added: added.get(g.goalId) ?? asCents(0), percent: Math.floor(g.percent) })),
  }
  const mood = await moodMonths(db, user, scope, today, worth.netWorth)
  const streaks = { allowance: summarise(allowance), noSpend: summarise(noSpend), bills: summarise(paid) }
  const nw = netWorthMilestone(worth.netWorth, worth.previousNetWorth)
  const messages = motivationMessages(
    { allowance: plan.dailyAllowance, allowanceStreak: streaks.allowance, noSpend: streaks.noSpend, bills: streaks.bills, netWorth: nw, goals: goalSteps, recap, mood },
    user.baseCurrency,
    user.locale,
  )
  return {
    today,
    allowance: plan.dailyAllowance,
    streaks,
    days: allowance.map((d, i) => ({ date: d.date, spent: d.spent, withinAllowance: d.ok, noSpend: noSpend[i]?.ok ?? false })),
    billPayments: [...paid].reverse().slice(0, 10).map((p) => ({ name: p.name, date: p.date, dueDate: p.dueDate, onTime: p.ok })),
    milestones: {
      netWorth: { value: worth.netWorth, reached: nw.reached, next: nw.next, toNext: nw.toNext, crossedThisMonth: nw.crossedThisMonth },
      goals: goalSteps.map((g) => ({ ...g, percent: Math.floor(g.percent) })),
    },
    recap,
    mood,
    messages,
  }
}
