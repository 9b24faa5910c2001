// Planning: debt payoff and retirement simulations (domain/planning), and the
// defaults they start from, read from the household's own data as the member may see it.
//
// Debt: balances owed are positive; APRs and percentages are percentages (19.99); month 1 is the
// first month of the plan. Retirement: rates are fractions (0.05 is 5 %); amounts are in today's
// money.
import { z } from 'zod'
import { STRATEGIES } from '../domain/planning/debt'
import { WITHDRAWAL_STRATEGIES } from '../domain/planning/retirement'
import { ADULT_WRITE, MEMBER_READ, endpoint } from './endpoint'
import { id, idParams, isoDate, isoMonth, money, nonNegativeMoney, requiredText } from './common'

const percent = (label: string) =>
  z
    .number({ error: 'Must be a number' })
    .min(0, `${label} must not be negative`)
    .max(1000, `${label} must be at most 1000`)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, `${label} must have at most 2 decimals`)

export const DEBT_STRATEGIES = STRATEGIES

export const debtInput = z.object({
  name: requiredText(80, 'Name'),
  balance: nonNegativeMoney,
  apr: percent('APR'),
  /** the fixed minimum, or the floor when minimumPercent is given */
  minimumPayment: nonNegativeMoney,
  /** a minimum of this percent of the balance (never below minimumPayment) */
  minimumPercent: percent('Minimum percent').optional(),
  /** a promotional APR: give it with promoEnds (or promoMonths); half of a promotion is refused (400) */
  promoApr: percent('Promotional APR').optional(),
  /** the last month (YYYY-MM) the promotional APR applies; not before the plan's first month */
  promoEnds: isoMonth.optional(),
  /** the older form of promoEnds: the last month (1 = the first of the plan) the promotional APR applies */
  promoMonths: z.number().int().min(1).max(600).optional(),
  /** the household account this debt is (a saved plan compares the payments made into it) */
  accountId: id.optional(),
})

export const simulateDebtBody = z.object({
  debts: z.array(debtInput).min(1, 'Add at least one debt').max(50, 'At most 50 debts'),
  strategy: z.enum(DEBT_STRATEGIES),
  extraMonthly: nonNegativeMoney.optional(),
  order: z.array(z.string().max(80)).max(50).optional(),
  oneTime: z
    .array(z.object({ month: z.number().int().min(1).max(600), amount: nonNegativeMoney }))
    .max(120)
    .optional(),
  /** the month the plan starts (default: this month), to date the payoff */
  startMonth: isoMonth.optional(),
})

const scheduleLine = z.object({ name: z.string(), interest: money, payment: money, principal: money, balance: money })
const warning = z.object({ code: z.string(), name: z.string().optional(), message: z.string() })
const strategySummary = z.object({
  strategy: z.enum(DEBT_STRATEGIES),
  finished: z.boolean(),
  months: z.number().int().nullable(),
  totalInterest: money,
  totalPaid: money,
  debtFreeMonth: isoMonth.nullable(),
})

export const debtPlan = z.object({
  strategy: z.enum(DEBT_STRATEGIES),
  finished: z.boolean(),
  /** null when it never finishes (600 months) */
  months: z.number().int().nullable(),
  debtFreeMonth: isoMonth.nullable(),
  totalInterest: money,
  totalPaid: money,
  payoffOrder: z.array(z.object({ name: z.string(), month: z.number().int(), payoffMonth: isoMonth })),
  schedule: z.array(
    z.object({ month: z.number().int(), date: isoMonth, debts: z.array(scheduleLine), interest: money, payment: money, balance: money }),
  ),
  warnings: z.array(warning),
  /** against paying only the minimums; null when either plan never finishes */
  interestSaved: money.nullable(),
  monthsSaved: z.number().int().nullable(),
  /** every strategy side by side, on the same debts and budget */
  strategies: z.array(strategySummary),
  explanation: z.string(),
})
export type DebtPlan = z.output<typeof debtPlan>

export const debtCandidate = z.object({
  accountId: id,
  name: z.string(),
  type: z.enum(['credit_card', 'loan', 'mortgage']),
  /** owed, positive */
  balance: money,
})

export const simulateDebtPlan = endpoint({
  method: 'POST',
  path: '/api/debt-planning/simulate',
  summary: 'Simulate paying off debts by a strategy, month by month, with the minimums-only baseline',
  tag: 'planning',
  access: MEMBER_READ,
  body: simulateDebtBody,
  response: debtPlan,
})

export const listDebtCandidates = endpoint({
  method: 'GET',
  path: '/api/debt-planning/debts',
  summary: "The household's credit card, loan and mortgage accounts the member sees, with what is owed",
  tag: 'planning',
  access: MEMBER_READ,
  response: z.array(debtCandidate),
})

// ---- saved plans: the plan against real life ----

export const saveDebtPlanBody = z.object({
  name: requiredText(80, 'Name'),
  plan: simulateDebtBody,
})

const progressMonth = z.object({ month: isoMonth, planned: money, paid: money })

export const savedDebtPlan = z.object({
  id,
  name: z.string(),
  createdAt: z.string(),
  /** the plan's month 1 */
  startMonth: isoMonth,
  /** what was saved, to open it again in the planner */
  input: simulateDebtBody.extend({ startMonth: isoMonth }),
  debtFreeMonth: isoMonth.nullable(),
  /** the payments planned into the linked debts' accounts against those made (from the transactions) */
  progress: z.object({
    status: z.enum(['not_started', 'on_track', 'ahead', 'behind']),
    /** accounts compared; debts outside the app, or accounts whose transactions the member does not see, are not */
    accountIds: z.array(id),
    plannedDue: money,
    plannedToDate: money,
    paidToDate: money,
    behindBy: money,
    months: z.array(progressMonth),
    /** one sentence with the figures */
    text: z.string(),
  }),
  /** the monthly extra payment against this month's daily allowance */
  allowance: z.object({ extraMonthly: money, now: money, withExtra: money, difference: money, text: z.string() }),
})
export type SavedDebtPlan = z.output<typeof savedDebtPlan>

export const debtPlanBillsBody = z.object({
  /** the day of the month each payment is due (1–28, so every month has it) */
  dueDay: z.number({ error: 'Must be a number' }).int('Due day must be a whole number').min(1, 'Due day must be 1 to 28').max(28, 'Due day must be 1 to 28'),
})

export const debtPlanBills = z.object({
  bills: z.array(
    z.object({
      id,
      name: z.string(),
      amount: money,
      nextDueDate: isoDate,
      /** the due date in the month the plan pays the debt off: the bill's last; null when it never does */
      endDate: isoDate.nullable(),
    }),
  ),
})

export const listDebtPlans = endpoint({
  method: 'GET',
  path: '/api/debt-planning/plans',
  summary: 'Saved debt plans, each with the payments made against it and its effect on the daily allowance',
  tag: 'planning',
  access: MEMBER_READ,
  response: z.array(savedDebtPlan),
})

export const saveDebtPlan = endpoint({
  method: 'POST',
  path: '/api/debt-planning/plans',
  summary: 'Save a debt plan to follow it against the payments actually made',
  tag: 'planning',
  access: ADULT_WRITE,
  body: saveDebtPlanBody,
  response: savedDebtPlan,
  status: 201,
})

export const deleteDebtPlan = endpoint({
  method: 'DELETE',
  path: '/api/debt-planning/plans/:id',
  summary: 'Delete a saved debt plan (bills made from it stay)',
  tag: 'planning',
  access: ADULT_WRITE,
  params: idParams,
  response: null,
})

export const createDebtPlanBills = endpoint({
  method: 'POST',
  path: '/api/debt-planning/plans/:id/bills',
  summary: "Create this month's planned payment of each debt as a monthly bill with reminders, ending in the month the debt is paid off",
  tag: 'planning',
  access: ADULT_WRITE,
  params: idParams,
  body: debtPlanBillsBody,
  response: debtPlanBills,
  status: 201,
})

const fraction = (label: string, min: number, max: number) =>
  z
    .number({ error: 'Must be a number' })
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max} (0.05 is 5 %)`)

const age = (label: string) => z.number({ error: 'Must be a number' }).int(`${label} must be a whole number`).min(0).max(120)

export const simulateRetirementBody = z.object({
  currentAge: age('Current age'),
  retirementAge: age('Retirement age'),
  planUntilAge: age('Plan-until age').default(95),
  savings: nonNegativeMoney,
  monthlyContribution: nonNegativeMoney,
  contributionRaise: fraction('Yearly raise', -0.5, 0.5).default(0),
  annualReturn: fraction('Annual return', -0.5, 0.5),
  volatility: fraction('Volatility', 0, 1),
  inflation: fraction('Inflation', -0.1, 0.5),
  annualSpending: nonNegativeMoney,
  withdrawalRate: fraction('Withdrawal rate', 0.001, 0.5),
  strategy: z.enum(WITHDRAWAL_STRATEGIES).default('constant'),
  otherIncome: z.array(z.object({ annual: nonNegativeMoney, fromAge: age('From age') })).max(10).default([]),
  seed: z.number().int().min(0).max(4294967295).default(1),
  /** the historical backtest's share in stocks (the rest in bonds); default 0.6 */
  stockShare: fraction('Stock share', 0, 1).optional(),
  /** also run the what-ifs (retire 2 years later, spend 10 % less, save 10 % more) */
  sensitivity: z.boolean().default(false),
})

export const retirementResult = z.object({
  realReturn: z.number(),
  fireNumber: money,
  projectedAtRetirement: money,
  /** the age savings reach the FIRE number before retiring; null when they don't */
  fiAge: z.number().nullable(),
  depletedAge: z.number().int().nullable(),
  /** share of 10,000 seeded paths that succeed, 0–1 */
  successRate: z.number(),
  percentiles: z.array(z.object({ age: z.number().int(), p10: money, p50: money, p90: money })),
  projection: z.array(z.object({ age: z.number().int(), balance: money })),
  paths: z.number().int(),
  seed: z.number().int(),
  medianEnding: money,
  worstEnding: money,
  sensitivity: z.array(
    z.object({ label: z.string(), change: z.string(), successRate: z.number(), fiAge: z.number().nullable() }),
  ),
  /** every start year of US history (Shiller's data, 1871 on) the plan fits in; null when it is longer than the record */
  backtest: z
    .object({
      stockShare: z.number(),
      firstYear: z.number().int(),
      lastYear: z.number().int(),
      successRate: z.number(),
      worstStartYear: z.number().int(),
      worstEnding: money,
      medianEnding: money,
      starts: z.array(z.object({ startYear: z.number().int(), success: z.boolean(), ending: money, depletedAge: z.number().int().nullable() })),
    })
    .nullable(),
  explanation: z.string(),
})
export type RetirementResult = z.output<typeof retirementResult>

export const simulateRetirement = endpoint({
  method: 'POST',
  path: '/api/retirement/simulate',
  summary: 'Project retirement savings in today’s money and run 10,000 seeded Monte Carlo paths',
  tag: 'planning',
  access: MEMBER_READ,
  body: simulateRetirementBody,
  response: retirementResult,
})

export const retirementDefaults = endpoint({
  method: 'GET',
  path: '/api/retirement/defaults',
  summary: "Starting values from the household's data: investment accounts' value and the last 12 months' spending",
  tag: 'planning',
  access: MEMBER_READ,
  response: z.object({
    savings: money,
    annualSpending: money,
    /** the months the spending figure covers */
    spendingFrom: isoMonth,
    spendingTo: isoMonth,
    investmentAccounts: z.number().int(),
  }),
})
