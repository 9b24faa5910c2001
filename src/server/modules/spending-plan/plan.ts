// The daily plan of a month for one member (ADR 0044), read in one round trip (repo.ts) and worked out by
// domain/plan: the Spending Plan page, the dashboard's monthly summary and "Available Today", the
// motivation coach, the challenges and the advisor all take it from here, so every screen shows
// the same number. It counts the accounts of the member's plan (domain/plan/member): every
// account they see whole for owners and adults, a teen's own, the shared ones for a viewer.
import { budgetUsage, categoryBudgetLevel, rolloverAmount } from '#src/domain/budget'
import {
  billOccurrences,
  type BillOccurrence,
  type ScheduledBill,
} from '#src/domain/bills/occurrences'
import {
  categoryTree,
  groupBudget,
  groupOf,
  rollUpToGroups,
  UNCATEGORIZED,
  withChildren,
  type BudgetFigures,
} from '#src/domain/category-groups'
import {
  addDays,
  addMonths,
  compareDates,
  endOfMonth,
  localDate,
  startOfMonth,
  type IsoDate,
} from '#src/domain/dates'
import { detectRecurring } from '#src/domain/insights/recurring'
import { asCents, ZERO, type Cents } from '#src/domain/money'
import { dailyPlan, type DailyPlan, type PlanGoal } from '#src/domain/plan/daily-plan'
import { goalContributionOf } from '#src/domain/plan/goals'
import type { ProjectionGoal } from '#src/domain/plan/projection'
import {
  expectedIncome,
  incomeSources,
  IRREGULAR_MONTHS,
  unscheduledIncomeByMonth,
  type ExpectedIncome,
  type FoundIncomeInput,
  type IncomeArrival,
  type IncomeSource,
} from '#src/domain/plan/income'
import { isIncomeSchedule } from '#src/domain/plan/kinds'
import { inPlan, planAccounts } from '#src/domain/plan/member'
import { isRecurrence } from '#src/domain/recurrence'
import type { Db } from '#src/server/db/connect'
import { memberScope, type MemberScope } from '#src/server/core/scope'
import type { SessionUser } from '#src/server/core/sessions'
import { monthPlanRows } from './repo'

/** Names in the order a person reads them (one collator: localeCompare with options builds one per call). */
const names = new Intl.Collator('en', { sensitivity: 'base' })

/** How far back a rollover chain is followed. */
const ROLLOVER_MONTHS = 24
/** Days of money in that recurring income is found from (six months: three of a monthly payday, and more). */
const INCOME_HISTORY_DAYS = 200

type PlanUser = Pick<SessionUser, 'id' | 'householdId' | 'role' | 'timeZone'>

export type CategoryRow = {
  categoryId: string
  name: string
  parentId: string | null
  kind: 'income' | 'expense'
  budgetId: string | null
  budget: Cents
  ownBudget: Cents
  childrenBudget: Cents
  rollover: boolean
  carried: Cents
  spent: Cents
  available: Cents
  usage: number | null
  level: ReturnType<typeof categoryBudgetLevel>
}

export type MonthPlan = DailyPlan & {
  month: string
  today: IsoDate
  first: IsoDate
  last: IsoDate
  incomeLines: ExpectedIncome['lines']
  incomeHasEstimate: boolean
  incomeUnknown: boolean
  bills: BillOccurrence[]
  goalLines: { goalId: string; name: string; amount: Cents }[]
  categories: CategoryRow[]
  /** the month's spending per category group, largest first (the dashboard's top categories) */
  categorySpending: {
    categoryId: string | null
    categoryName: string
    total: Cents
    children: { categoryId: string | null; categoryName: string; total: Cents }[]
  }[]
  /** the schedules behind the income, for projecting later months (the advisor) */
  incomeSources: IncomeSource[]
  /** the irregular estimate's months, oldest first */
  irregularHistory: Cents[]
  scheduledBills: ScheduledBill[]
  /** the active goals in this member's plan, for projecting later months */
  goals: ProjectionGoal[]
  /** the budgets of this member's plan added up, without what rolled over (the mood's total budget) */
  budgetTotal: Cents
}

/** The top-level expense rows that have a budget (or something rolled over) this month. */
export function budgetedGroups(rows: readonly CategoryRow[]): CategoryRow[] {
  return rows.filter(
    (r) => r.parentId === null && r.kind === 'expense' && r.budget + r.carried !== 0,
  )
}

/** The accounts a member's plan leaves out: every account not in it. */
export function planExclusions(scope: MemberScope): { excluded: string[]; counted: Set<string> } {
  const counted = planAccounts(scope.member, scope.accounts.values())
  return { counted, excluded: [...scope.accounts.keys()].filter((id) => !counted.has(id)) }
}

/**
 * The plan of a month (YYYY-MM; default this month in the member's time zone) seen from today:
 * this month from today, a future month from its first day, a past month as it ended.
 */
export async function monthPlan(
  db: Db,
  user: PlanUser,
  now: Date,
  month?: string,
  options: { scope?: MemberScope } = {},
): Promise<MonthPlan> {
  const today = localDate(now, user.timeZone)
  const first: IsoDate = month ? `${month}-01` : startOfMonth(today)
  const last = endOfMonth(first)
  const scope = options.scope ?? (await memberScope(db, user))
  const { excluded, counted } = planExclusions(scope)
  const member = scope.member

  const rows = await monthPlanRows(db, {
    h: user.householdId,
    excluded,
    first,
    last,
    rolloverFrom: addMonths(first, -ROLLOVER_MONTHS),
    incomeFrom: addDays(first, -INCOME_HISTORY_DAYS),
  })
  const cats = rows.categories

  // ---- income ----
  const arrivals: IncomeArrival[] = rows.arrivals.map((r) => ({ ...r, amount: asCents(r.amount) }))
  // the month's schedule is what the history showed when it began (or today, for a month ahead):
  // its own paydays must not move the series it is judged by
  const asOf = compareDates(first, today) <= 0 ? first : today
  const found: FoundIncomeInput[] = detectRecurring(
    arrivals.filter((a) => compareDates(a.date, asOf) < 0).map((a) => ({ ...a, categoryId: null })),
    asOf,
  ).flatMap((s) =>
    s.amount > 0 && s.cadence !== 'quarterly' && s.cadence !== 'yearly'
      ? [
          {
            payeeKey: s.payeeKey,
            payee: s.payee,
            accountId: s.accountId,
            cadence: s.cadence,
            amount: s.amount,
            nextDate: s.nextDate,
            anchorDay: s.anchorDay,
            stopped: s.stopped,
          },
        ]
      : [],
  )
  // a teen's plan has no planned income without an account of theirs: inPlan says so
  const planned = rows.planned
    .filter((p) => inPlan(member, counted, p.accountId))
    .map((p) => ({
      ...p,
      amount: asCents(p.amount),
      schedule: isIncomeSchedule(p.schedule) ? p.schedule : ('monthly' as const),
      isActive: true,
    }))
  const sources = incomeSources(planned, found)
  const historyMonths = Array.from({ length: IRREGULAR_MONTHS }, (_, i) =>
    addMonths(first, i - IRREGULAR_MONTHS),
  )
  // a month before the first money in this member's plan ever came is no month of history
  const earliest = arrivals.reduce<IsoDate | null>(
    (min, a) => (min === null || compareDates(a.date, min) < 0 ? a.date : min),
    null,
  )
  const irregularHistory =
    earliest !== null && compareDates(earliest, addDays(historyMonths[0] ?? first, 7)) <= 0
      ? unscheduledIncomeByMonth(sources, arrivals, historyMonths, today)
      : []
  const income = expectedIncome({ sources, arrivals, irregularHistory, first, today })

  // ---- categories and budgets ----
  const budgetOf = new Map(rows.budgets.map((b) => [`${b.categoryId}|${b.month}`, b]))
  const spentOf = new Map(
    rows.spending.map((s) => [`${s.categoryId ?? ''}|${s.month}`, Number(s.spent)]),
  )
  const tree = categoryTree(cats)
  const membersOf = new Map(
    cats.map((c) => [c.id, c.parentId === null ? withChildren(tree, c.id) : [c.id]]),
  )
  const spentIn = (categoryId: string, monthStart: IsoDate): Cents =>
    asCents(
      (membersOf.get(categoryId) ?? [categoryId]).reduce(
        (sum, id) => sum + (spentOf.get(`${id}|${monthStart}`) ?? 0),
        0,
      ),
    )
  const carriedInto = (categoryId: string, monthStart: IsoDate, depth: number): Cents => {
    if (depth >= ROLLOVER_MONTHS) return ZERO
    const previous = addMonths(monthStart, -1)
    const prevBudget = budgetOf.get(`${categoryId}|${previous}`)
    if (!prevBudget?.rollover) return ZERO
    return rolloverAmount(
      asCents(prevBudget.amount),
      spentIn(categoryId, previous),
      carriedInto(categoryId, previous, depth + 1),
    )
  }
  const own = new Map<string, BudgetFigures & { budgetId: string | null; rollover: boolean }>()
  for (const c of cats) {
    const b = budgetOf.get(`${c.id}|${first}`)
    own.set(c.id, {
      budgetId: b?.id ?? null,
      budget: b ? asCents(b.amount) : null,
      rollover: b?.rollover ?? false,
      carried: carriedInto(c.id, first, 0),
    })
  }
  const noBudget = { budgetId: null, budget: null, rollover: false, carried: ZERO }
  const childrenOf = (id: string) => cats.filter((c) => c.parentId === id)
  const byName = (a: { name: string }, b: { name: string }) =>
    names.compare(a.name, b.name)
  const ordered = cats
    .filter((c) => c.parentId === null)
    .sort(byName)
    .flatMap((p) => [p, ...childrenOf(p.id).sort(byName)])
  const categoryRows: CategoryRow[] = ordered
    .map((c) => {
      const mine = own.get(c.id) ?? noBudget
      const spent = spentIn(c.id, first)
      const group =
        c.parentId !== null
          ? { budget: mine.budget ?? ZERO, childrenBudget: ZERO, carried: mine.carried }
          : groupBudget(
              mine,
              childrenOf(c.id).map((child) => own.get(child.id) ?? noBudget),
            )
      return { c, mine, spent, group }
    })
    .filter(
      ({ c, spent, group }) =>
        (!c.isHidden && c.kind === 'expense') || group.budget !== 0 || spent !== 0,
    )
    .map(({ c, mine, spent, group }) => {
      const limit = asCents(group.budget + group.carried)
      return {
        categoryId: c.id,
        name: c.name,
        parentId: c.parentId,
        kind: c.kind === 'income' ? ('income' as const) : ('expense' as const),
        budgetId: mine.budgetId,
        budget: asCents(group.budget),
        ownBudget: mine.budget ?? ZERO,
        childrenBudget: asCents(group.childrenBudget),
        rollover: mine.rollover,
        carried: asCents(group.carried),
        spent,
        available: asCents(limit - spent),
        usage: budgetUsage(spent, limit),
        level: categoryBudgetLevel(spent, asCents(group.budget), asCents(group.carried)),
      }
    })

  // ---- bills and goals in this member's plan ----
  const scheduled: ScheduledBill[] = rows.bills
    .filter((b) => inPlan(member, counted, b.accountId))
    .map((b) => ({
      ...b,
      amount: asCents(b.amount),
      recurrence: isRecurrence(b.recurrence) ? b.recurrence : 'once',
    }))
  const occurrences = billOccurrences(
    scheduled,
    rows.payments.map((p) => ({ ...p, amount: asCents(p.amount) })),
    first,
    last,
    today,
  )
  // the goals in this member's plan, as the goal rule and a projection read them
  const goalFacts: ProjectionGoal[] = rows.goals
    .filter((g) => inPlan(member, counted, g.accountId))
    .map((g) => ({
      goalId: g.id,
      name: g.name,
      currentAmount: asCents(g.currentAmount),
      targetAmount: asCents(g.targetAmount),
      monthlyContribution: asCents(g.monthlyContribution),
      contributedThisMonth: asCents(Number(g.contributed)),
    }))
  const planGoals: PlanGoal[] = goalFacts.map((g) => {
    const amount = goalContributionOf({ ...g, isActive: true })
    return {
      goalId: g.goalId,
      name: g.name,
      amount,
      stillToSave: asCents(Math.max(0, amount - g.contributedThisMonth)),
    }
  })

  // a teen plans with their own money: the household's budgets are the adults' plan
  // a teen plans with their own money: the household's budgets are the adults' plan
  const budgetRows = member.role === 'teen' ? [] : budgetedGroups(categoryRows)
  const budgeted = new Set(budgetRows.map((r) => r.categoryId))
  const billsDue = new Map<string, number>()
  for (const o of occurrences) {
    const g = groupOf(tree, o.categoryId)
    if (g !== null) billsDue.set(g, (billsDue.get(g) ?? 0) + o.remaining)
  }
  const monthSpending = rollUpToGroups(
    rows.spending
      .filter((s) => s.month === first)
      .map((s) => ({ categoryId: s.categoryId, total: asCents(Number(s.spent)) })),
    tree,
  )
  const expenses = asCents(monthSpending.reduce((s, g) => s + g.total, 0))
  // spending outside the budgets, bills paid outside them left out (they are the bills' line)
  const billsPaidOutside = occurrences
    .filter((o) => {
      const g = groupOf(tree, o.categoryId)
      return g === null || !budgeted.has(g)
    })
    .reduce((s, o) => s + Math.min(o.paid, o.amount), 0)
  const unbudgetedSpent = asCents(
    Math.max(
      0,
      monthSpending
        .filter((g) => g.groupId === null || !budgeted.has(g.groupId))
        .reduce((s, g) => s + g.total, 0) - billsPaidOutside,
    ),
  )

  const plan = dailyPlan({
    first,
    today,
    income,
    expenses,
    unbudgetedSpent,
    bills: occurrences,
    goals: planGoals,
    budgets: budgetRows.map((r) => ({
      categoryId: r.categoryId,
      name: r.name,
      limit: asCents(r.budget + r.carried),
      spent: r.spent,
    })),
    billsDueInCategory: (id) => asCents(billsDue.get(id) ?? 0),
  })

  const nameOf = new Map(cats.map((c) => [c.id, c.name]))
  const label = (id: string | null) =>
    id === null ? UNCATEGORIZED : (nameOf.get(id) ?? UNCATEGORIZED)
  return {
    ...plan,
    month: first.slice(0, 7),
    today,
    first,
    last,
    incomeLines: income.lines,
    incomeHasEstimate: income.hasEstimate,
    incomeUnknown: income.unknown,
    bills: occurrences,
    goalLines: planGoals
      .filter((g) => g.amount > 0)
      .map(({ goalId, name, amount }) => ({ goalId, name, amount })),
    categories: categoryRows,
    categorySpending: monthSpending
      .filter((g) => g.total > 0)
      .map((g) => ({
        categoryId: g.groupId,
        categoryName: label(g.groupId),
        total: g.total,
        children:
          g.parts.length === 1 && g.parts[0]?.categoryId === g.groupId
            ? []
            : g.parts.map((p) => ({
                categoryId: p.categoryId,
                categoryName: label(p.categoryId),
                total: p.total,
              })),
      }))
      .sort(
        (a, b) =>
          b.total - a.total ||
          names.compare(a.categoryName, b.categoryName),
      ),
    incomeSources: sources,
    irregularHistory,
    scheduledBills: scheduled,
    goals: goalFacts,
    budgetTotal: asCents(budgetRows.reduce((sum, r) => sum + r.budget, 0)),
  }
}
