// The Spending Plan page: every category's budget, rollover, spending and what is left for a
// month, and the Smart Spending Plan explained line by line (see analytics.ts for the rules).
// Budgets are the household's; `spent` and `carried` count only the accounts whose transactions
// the member sees, so each member gets their own figures.
import { z } from 'zod'
import { CATEGORY_KINDS } from '../domain/categories'
import { INCOME_LINE_STATUSES, INCOME_ORIGINS } from '../domain/plan/kinds'
import { dueStatus } from './bills'
import { MEMBER_READ, endpoint } from './endpoint'
import { id, isoDate, money } from './common'
import { month } from './budgets'

export const budgetLevel = z.enum(['none', 'good', 'caution', 'warning', 'over'])

export const planCategory = z.object({
  categoryId: id,
  name: z.string(),
  parentId: id.nullable(),
  kind: z.enum(CATEGORY_KINDS),
  budgetId: id.nullable(),
  /**
   * this month's budget. A group's (a top-level category with children) covers the whole
   * group: the budget set on the group when there is one, else its children's added up (ADR 0036)
   */
  budget: money,
  /** the budget set on this category itself (0 when none) */
  ownBudget: money,
  /** a group's children's budgets added up, shown within the group's own (0 for a child) */
  childrenBudget: money,
  rollover: z.boolean(),
  /** left over (or overspent, negative) from last month, when rollover is on */
  carried: money,
  /** spending this month; a group's includes its children's */
  spent: money,
  /** budget + carried − spent */
  available: money,
  /** spent ÷ (budget + carried); null with no budget */
  usage: z.number().nullable(),
  /** 'none' when the category has no budget (and nothing carried in) this month */
  level: budgetLevel,
})

export const incomeLine = z.object({
  key: z.string(),
  label: z.string(),
  /** planned by a member, found in the history, other money in, or the irregular estimate */
  origin: z.enum(INCOME_ORIGINS),
  date: isoDate,
  /** what it counts for in the month's income (0 for a missed payday) */
  amount: money,
  /** what the schedule expected */
  expected: money,
  /** received; expected; late (past its day, still counted for a few days); missed (flagged, not counted) */
  status: z.enum(INCOME_LINE_STATUSES),
  arrivedOn: isoDate.nullable(),
})

export const planAdvice = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('add_income') }),
  z.object({ kind: z.literal('lower_budget'), categoryId: id, name: z.string(), holds: money }),
  z.object({ kind: z.literal('lower_goal'), goalId: id, name: z.string(), stillToSave: money }),
  z.object({ kind: z.literal('bills_over_income'), shortBy: money }),
  z.object({ kind: z.literal('over_budgets'), shortBy: money }),
])

export const spendingPlan = z.object({
  month,
  today: isoDate,
  categories: z.array(planCategory),
  /**
   * the budgeted categories only (ADR 0044): what they allow (with rollovers), what was spent in
   * them, and what is left; spending with no budget is `plan.unbudgetedSpent`, never mixed in
   */
  totals: z.object({ budgeted: money, spent: money, available: money }),
  plan: z.object({
    /** the month's expected income: received + still expected */
    income: money,
    incomeReceived: money,
    incomeStillExpected: money,
    /** spent this month, bill payments included */
    expenses: money,
    /** bills paid this month (inside expenses) */
    billsPaid: money,
    billsStillDue: money,
    goalContributions: money,
    /** what the budgets still hold back */
    plannedSpending: money,
    /** income − expenses − billsStillDue − goalContributions − plannedSpending */
    available: money,
    /** available ÷ daysLeft, rounded down, never below 0 */
    dailyAllowance: money,
    daysLeft: z.number().int(),
    /** income − every bill of the month − goals: the money the budgets divide */
    flexible: money,
    /** the month's budgets added up (with rollovers) */
    budgeted: money,
    /** spending in categories with no budget this month */
    unbudgetedSpent: money,
    /** part of the income is an estimate of irregular income (the lowest of recent months) */
    incomeHasEstimate: z.boolean(),
    /** no income known at all: the page asks for it instead of showing a $0 allowance unexplained */
    incomeUnknown: z.boolean(),
  }),
  incomeLines: z.array(incomeLine),
  billLines: z.array(
    z.object({
      billId: id,
      name: z.string(),
      /** the due date */
      date: isoDate,
      /** what the due date asks for */
      amount: money,
      paid: money,
      remaining: money,
      status: dueStatus,
    }),
  ),
  goalLines: z.array(z.object({ goalId: id, name: z.string(), amount: money })),
  budgetHolds: z.array(z.object({ categoryId: id, name: z.string(), holds: money })),
  /** what would raise a 0 allowance: only actions that would */
  advice: z.array(planAdvice),
})
export type SpendingPlan = z.output<typeof spendingPlan>

export const getSpendingPlan = endpoint({
  method: 'GET',
  path: '/api/spending-plan',
  summary: 'Budgets against spending per category, and the Smart Spending Plan, for a month',
  tag: 'budgets',
  access: MEMBER_READ,
  query: z.object({ month: month.optional() }),
  response: spendingPlan,
})
