// Planned income (ADR 0044): a paycheck a member expects (amount, schedule, account) or an
// irregular monthly estimate. It wins over the income the plan finds in the history for the same
// payee. Adults set the household's; a teen sets only income paid into their own accounts.
import { z } from 'zod'
import { INCOME_SCHEDULES } from '../domain/plan/kinds'
import { MEMBER_READ, TEEN_WRITE, endpoint } from './endpoint'
import { id, idParams, isoDate, positiveMoney, requiredText, trimmed } from './common'

export const incomeSchedule = z.enum(INCOME_SCHEDULES)

export const plannedIncome = z.object({
  id,
  name: z.string(),
  /** the payee the bank writes for it ('' = its name) */
  payee: z.string(),
  /** each payment; for an irregular income, what a month is expected to bring */
  amount: positiveMoney,
  schedule: incomeSchedule,
  /** the next payday (for an irregular income, any day: it has no dates) */
  nextDate: isoDate,
  /** the second payday of a twice-a-month income (1–31); null otherwise */
  secondDay: z.number().int().nullable(),
  /** the account it is paid into; null to a member who does not see that account whole */
  accountId: id.nullable(),
  isActive: z.boolean(),
  /** the member who set it */
  userId: id,
})
export type PlannedIncome = z.output<typeof plannedIncome>

const day = z.number({ error: 'Must be a day of the month' }).int('Must be a whole day').min(1, 'Must be 1 to 31').max(31, 'Must be 1 to 31')

export const createPlannedIncomeBody = z.object({
  name: requiredText(80, 'Name'),
  payee: trimmed(120, 'Payee').default(''),
  amount: positiveMoney,
  schedule: incomeSchedule.default('monthly'),
  nextDate: isoDate,
  secondDay: day.nullable().default(null),
  accountId: id.nullable().default(null),
})

export const updatePlannedIncomeBody = z
  .object({
    name: requiredText(80, 'Name'),
    payee: trimmed(120, 'Payee'),
    amount: positiveMoney,
    schedule: incomeSchedule,
    nextDate: isoDate,
    secondDay: day.nullable(),
    accountId: id.nullable(),
    isActive: z.boolean(),
  })
  .partial()

export const listPlannedIncome = endpoint({
  method: 'GET',
  path: '/api/planned-income',
  summary: 'The income members expect (the plan counts it before it arrives)',
  tag: 'budgets',
  access: MEMBER_READ,
  response: z.array(plannedIncome),
})

export const createPlannedIncome = endpoint({
  method: 'POST',
  path: '/api/planned-income',
  summary: 'Plan an income: a paycheck with its schedule, or an irregular monthly estimate',
  tag: 'budgets',
  access: TEEN_WRITE,
  status: 201,
  body: createPlannedIncomeBody,
  response: plannedIncome,
})

export const updatePlannedIncome = endpoint({
  method: 'PATCH',
  path: '/api/planned-income/:id',
  summary: 'Change a planned income',
  tag: 'budgets',
  access: TEEN_WRITE,
  params: idParams,
  body: updatePlannedIncomeBody,
  response: plannedIncome,
})

export const deletePlannedIncome = endpoint({
  method: 'DELETE',
  path: '/api/planned-income/:id',
  summary: 'Delete a planned income',
  tag: 'budgets',
  access: TEEN_WRITE,
  params: idParams,
  response: null,
})
