// Savings goals (docs/product.md §3 Goal) and the contributions that fund them.
import { z } from 'zod'
import { ADULT_WRITE, MEMBER_READ, endpoint } from './endpoint'
import { id, idParams, isoDate, money, nonNegativeMoney, positiveMoney, requiredText, trimmed } from './common'

export const goal = z.object({
  id,
  name: z.string(),
  isActive: z.boolean(),
  /** the goal's own amount (its contributions), never read from its account: the same for every member */
  currentAmount: money,
  targetAmount: positiveMoney,
  targetDate: isoDate.nullable(),
  monthlyContribution: nonNegativeMoney,
  /** where the savings are kept; null to a member who does not see that account whole */
  accountId: id.nullable(),
  /** what went in (minus withdrawals) this month */
  contributedThisMonth: money,
  createdAt: z.string(),
})
export type Goal = z.output<typeof goal>

export const createGoalBody = z.object({
  name: requiredText(80, 'Name'),
  targetAmount: positiveMoney,
  currentAmount: nonNegativeMoney.optional(),
  targetDate: isoDate.nullable().default(null),
  monthlyContribution: nonNegativeMoney.optional(),
  accountId: id.nullable().default(null),
  isActive: z.boolean().default(true),
})

export const updateGoalBody = z
  .object({
    name: requiredText(80, 'Name'),
    targetAmount: positiveMoney,
    targetDate: isoDate.nullable(),
    monthlyContribution: nonNegativeMoney,
    accountId: id.nullable(),
    isActive: z.boolean(),
  })
  .partial()

export const contribution = z.object({
  id,
  goalId: id,
  amount: money,
  date: isoDate,
  note: z.string(),
})

export const contributeBody = z.object({
  /** positive to add money, negative to withdraw */
  amount: money.refine((v) => v !== 0, 'Must not be 0'),
  date: isoDate.optional(),
  note: trimmed(200, 'Note').default(''),
})

export const listGoals = endpoint({
  method: 'GET',
  path: '/api/goals',
  summary: 'Every goal',
  tag: 'goals',
  access: MEMBER_READ,
  response: z.array(goal),
})

export const createGoal = endpoint({
  method: 'POST',
  path: '/api/goals',
  summary: 'Create a goal',
  tag: 'goals',
  access: ADULT_WRITE,
  body: createGoalBody,
  response: goal,
  status: 201,
})

export const updateGoal = endpoint({
  method: 'PATCH',
  path: '/api/goals/:id',
  summary: 'Edit or pause a goal',
  tag: 'goals',
  access: ADULT_WRITE,
  params: idParams,
  body: updateGoalBody,
  response: goal,
})

export const deleteGoal = endpoint({
  method: 'DELETE',
  path: '/api/goals/:id',
  summary: 'Delete a goal',
  tag: 'goals',
  access: ADULT_WRITE,
  params: idParams,
  response: null,
})

export const contributeToGoal = endpoint({
  method: 'POST',
  path: '/api/goals/:id/contributions',
  summary: 'Add to (or withdraw from) a goal',
  tag: 'goals',
  access: ADULT_WRITE,
  params: idParams,
  body: contributeBody,
  response: goal,
  status: 201,
})

export const listContributions = endpoint({
  method: 'GET',
  path: '/api/goals/:id/contributions',
  summary: 'The contributions and withdrawals of a goal, newest first',
  tag: 'goals',
  access: MEMBER_READ,
  params: idParams,
  response: z.array(contribution),
})
