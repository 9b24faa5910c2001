// Monthly budgets per category (docs/product.md §3 Budget: amount).
import { z } from 'zod'
import { ADULT_WRITE, MEMBER_READ, endpoint } from './endpoint'
import { id, idParams, isoMonth, nonNegativeMoney } from './common'

/** A month written YYYY-MM. */
export const month = isoMonth

export const budget = z.object({
  id,
  categoryId: id,
  month,
  amount: nonNegativeMoney,
  rollover: z.boolean(),
})
export type Budget = z.output<typeof budget>

export const upsertBudgetBody = z.object({
  categoryId: id,
  month,
  amount: nonNegativeMoney,
  rollover: z.boolean().default(false),
})

export const listBudgets = endpoint({
  method: 'GET',
  path: '/api/budgets',
  summary: "The budgets of a month (default: this month in the user's time zone)",
  tag: 'budgets',
  access: MEMBER_READ,
  query: z.object({ month: month.optional() }),
  response: z.array(budget),
})

export const upsertBudget = endpoint({
  method: 'PUT',
  path: '/api/budgets',
  summary: 'Set the budget of a category for a month (creates or replaces)',
  tag: 'budgets',
  access: ADULT_WRITE,
  body: upsertBudgetBody,
  response: budget,
})

export const deleteBudget = endpoint({
  method: 'DELETE',
  path: '/api/budgets/:id',
  summary: 'Remove a budget',
  tag: 'budgets',
  access: ADULT_WRITE,
  params: idParams,
  response: null,
})

export const copyBudgets = endpoint({
  method: 'POST',
  path: '/api/budgets/copy',
  summary: "Copy one month's budgets to another (existing ones in the target month are kept)",
  tag: 'budgets',
  access: ADULT_WRITE,
  body: z.object({ fromMonth: month, toMonth: month }),
  response: z.array(budget),
})
