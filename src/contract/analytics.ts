// Dashboard analytics (docs/product.md §7): net worth with last month's, and the monthly summary.
//
// The monthly summary is the member's daily plan for the month (ADR 0044; the same numbers as
// GET /api/spending-plan's `plan`, worked out once in server/modules/spending-plan/plan.ts):
// - income: the month's expected income: what arrived (money in, transfers and opening balances
//   excluded) plus the paydays still expected; incomeReceived is the first part alone;
// - expenses: spending this month as a positive number (bill payments included);
// - billsStillDue: what the month's bills still ask for (unpaid and partly paid due dates,
//   overdue ones included; a due date a payment settled is in expenses only);
// - goalContributions: for each active unfinished goal, the larger of its planned monthly
//   contribution and what was put in this month, capped at what it still needs;
// - plannedSpending: what the budgets still hold back (budget − spent − its bills still due, ≥ 0);
// - available = income − expenses − billsStillDue − goalContributions − plannedSpending;
// - dailyAllowance = available ÷ days left in the month counting today, rounded down, ≥ 0;
// - categorySpending: spending by category group this month (splits counted per category; a
//   subcategory's spending rolls up to its group, listed in the group's children — ADR 0036),
//   largest first; uncategorized spending has categoryId null.
// Net worth is the sum of account balances in the household's base currency (each other
// currency at today's rate; one without a rate is left out and listed in missingRates, never
// counted at 1); previousNetWorth is the net worth at the end of the previous month, at the same
// rates.
// Each member gets their own figures (ADR 0023, 0044): net worth and previousNetWorth add up the
// accounts they see (balance-only ones included, private ones of others never; another member's
// balance-only account at today's balance in previousNetWorth too, ADR 0048); the plan counts
// the member's own plan: what they see whole (owners, adults), a teen's own accounts, the shared
// accounts for a viewer.
import { z } from 'zod'
import { MEMBER_READ, endpoint } from './endpoint'
import { id, isoDate, money } from './common'
import { month } from './budgets'

export const netWorth = z.object({
  netWorth: money,
  previousNetWorth: money,
  /** percent change against the previous value; null when that was 0 */
  changePercent: z.number().nullable(),
  /** the household's base currency: accounts in another one are converted at today's rate */
  currency: z.string(),
  /** currencies of accounts left out of the figures because they have no rate to the base */
  missingRates: z.array(z.string()),
})

const categoryPart = z.object({
  categoryId: id.nullable(),
  categoryName: z.string(),
  total: money,
})

export const categorySpending = categoryPart.extend({
  /**
   * what makes up a group's total, largest first: its subcategories' spending and what was
   * filed on the group itself (empty for a category without subcategory spending)
   */
  children: z.array(categoryPart),
})

export const monthlySummary = z.object({
  month,
  today: isoDate,
  income: money,
  incomeReceived: money,
  expenses: money,
  billsStillDue: money,
  goalContributions: money,
  plannedSpending: money,
  available: money,
  dailyAllowance: money,
  daysLeft: z.number().int(),
  /** no income known: none received, none expected, no history (the page asks for it) */
  incomeUnknown: z.boolean(),
  /**
   * what the mood scores this member on (docs/product.md §9, ADR 0044): the budgets of their plan
   * added up (a group's once; none for a teen, whose plan has no household budgets) and the goals
   * in it
   */
  budgetTotal: money,
  goalIds: z.array(id),
  categorySpending: z.array(categorySpending),
})
export type MonthlySummary = z.output<typeof monthlySummary>

export const getNetWorth = endpoint({
  method: 'GET',
  path: '/api/analytics/net-worth',
  summary: "Net worth now and at the end of last month",
  tag: 'analytics',
  access: MEMBER_READ,
  response: netWorth,
})

export const getMonthlySummary = endpoint({
  method: 'GET',
  path: '/api/analytics/monthly-summary',
  summary: 'Income, expenses, what is available and spending by category for a month (default: this month)',
  tag: 'analytics',
  access: MEMBER_READ,
  query: z.object({ month: month.optional() }),
  response: monthlySummary,
})
