// The Spending Plan page: every category's budget, rollover, spending and what is left for a
// month, and the Smart Spending Plan explained line by line (see analytics.ts for the rules).
// Budgets are the household's; `spent` and `carried` count only the accounts whose transactions
// the member sees, so each member gets their own figures.
import { z } from 'zod'
import { CATEGORY_KINDS } from '../domain/categories'
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

export const spendingPlan = z.object({
  month,
  today: isoDate,
  categories: z.array(planCategory),
  totals: z.object({ budgeted: money, spent: money, available: money }),
  plan: z.object({
    income: money,
    expenses: money,
    billsStillDue: money,
    goalContributions: money,
    available: money,
    dailyAllowance: money,
    daysLeft: z.number().int(),
  }),
  billLines: z.array(z.object({ billId: id, name: z.string(), date: isoDate, amount: money })),
  goalLines: z.array(z.object({ goalId: id, name: z.string(), amount: money })),
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
