// The Automation Center: what runs by itself — scheduled transactions, automatic
// transfers to goals (monthly on a day, or when income arrives in an account), alerts delivered
// as reminders (a transaction over X, a balance under Y, a budget at 80 % and 100 %, a bill due
// in N days) and outgoing webhooks signed with HMAC-SHA256 on transaction events (added, changed,
// deleted) and budget events. Each
// automation has a dry run over the last 90 days, a history of its runs (one per period) and undo
// of what a run made. The existing categorisation rules stay under /api/rules.
import { z } from 'zod'
import { ALERT_CONDITIONS } from '../domain/automation/alerts'
import { WEBHOOK_EVENTS } from '../domain/automation/events'
import { AUTOMATION_TYPES, CADENCES, type AutomationType } from '../domain/automation/schedule'
import { endpoint, type Access } from './endpoint'
import { id, idParams, isoDate, money, positiveMoney, requiredText, trimmed } from './common'

export { AUTOMATION_TYPES, type AutomationType }
export { WEBHOOK_EVENTS }
export { ALERT_CONDITIONS, CADENCES }

/** Reads: every member (rows about accounts they do not see whole are left out). */
export const AUTOMATION_READ = {
  feature: 'automation',
  role: 'viewer',
  writes: false,
} as const satisfies Access
/** Changes: adults and the owner. */
export const AUTOMATION_WRITE = {
  feature: 'automation',
  role: 'adult',
  writes: true,
} as const satisfies Access

const scheduledTransaction = z.object({
  type: z.literal('scheduled_transaction'),
  cadence: z.enum(CADENCES),
  /** the first date; later ones keep its day of month */
  startDate: isoDate,
  /** negative = money out */
  amount: money.refine((v) => v !== 0, 'Must not be 0'),
  accountId: id,
  categoryId: id.nullable().default(null),
  payee: trimmed(120, 'Payee').default(''),
})

const goalTransfer = z
  .object({
    type: z.literal('goal_transfer'),
    goalId: id,
    amount: positiveMoney,
    /** monthly on `dayOfMonth`, or each time income lands in `incomeAccountId` */
    trigger: z.enum(['monthly', 'income']),
    dayOfMonth: z.number().int('Must be a whole day').min(1).max(31).default(1),
    incomeAccountId: id.nullable().default(null),
    /** optional: also move the money between two accounts (checking → savings) */
    fromAccountId: id.nullable().default(null),
    toAccountId: id.nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.trigger === 'income' && !v.incomeAccountId)
      ctx.addIssue({
        code: 'custom',
        path: ['incomeAccountId'],
        message: 'Choose the account income arrives in',
      })
    if ((v.fromAccountId === null) !== (v.toAccountId === null))
      ctx.addIssue({
        code: 'custom',
        path: [v.fromAccountId ? 'toAccountId' : 'fromAccountId'],
        message: 'Choose both accounts, or neither',
      })
    if (v.fromAccountId && v.fromAccountId === v.toAccountId)
      ctx.addIssue({
        code: 'custom',
        path: ['toAccountId'],
        message: 'Choose two different accounts',
      })
  })

const alert = z
  .object({
    type: z.literal('alert'),
    condition: z.enum(ALERT_CONDITIONS),
    /** transaction_over: spending above it; balance_under: a balance below it */
    amount: money.nullable().default(null),
    /** transaction_over: one account or any (null); balance_under: the account */
    accountId: id.nullable().default(null),
    /** budget: one category's budget or every budget (null) */
    categoryId: id.nullable().default(null),
    /** bill_due: days before the due date */
    days: z.number().int('Must be whole days').min(0).max(60).default(3),
  })
  .superRefine((v, ctx) => {
    if (
      (v.condition === 'transaction_over' || v.condition === 'balance_under') &&
      v.amount === null
    )
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter an amount' })
    if (v.condition === 'transaction_over' && v.amount !== null && v.amount <= 0)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Must be more than 0' })
    if (v.condition === 'balance_under' && !v.accountId)
      ctx.addIssue({ code: 'custom', path: ['accountId'], message: 'Choose the account' })
  })

const webhook = z.object({
  type: z.literal('webhook'),
  url: z
    .url({ protocol: /^https?$/, error: 'Must be an http(s) URL' })
    .max(500, 'At most 500 characters'),
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1, 'Choose at least one event')
    .max(WEBHOOK_EVENTS.length),
})

export const automationConfig = z.discriminatedUnion('type', [
  scheduledTransaction,
  goalTransfer,
  alert,
  webhook,
])
export type AutomationConfig = z.output<typeof automationConfig>

export const createAutomationBody = z.object({
  name: requiredText(80, 'Name'),
  isActive: z.boolean().default(true),
  config: automationConfig,
})

export const updateAutomationBody = z.object({
  name: requiredText(80, 'Name').optional(),
  isActive: z.boolean().optional(),
  /** the same type as before */
  config: automationConfig.optional(),
})

const runSummary = z.object({ ranAt: z.string(), summary: z.string(), status: z.string() })

export const automation = z.object({
  id,
  type: z.enum(AUTOMATION_TYPES),
  name: z.string(),
  isActive: z.boolean(),
  config: automationConfig,
  /** the next date it acts on (scheduled ones); null for the ones events start */
  nextRunAt: z.string().nullable(),
  createdAt: z.string(),
  lastRun: runSummary.nullable(),
})
export type Automation = z.output<typeof automation>

export const createdAutomation = automation.extend({
  /** a webhook's signing secret: shown this once, stored sealed */
  secret: z.string().nullable(),
})

export const automationRun = z.object({
  id,
  automationId: id,
  period: z.string(),
  /** done | failed (a webhook that never got a 2xx) | pending (being delivered) */
  status: z.string(),
  summary: z.string(),
  ranAt: z.string(),
  undoneAt: z.string().nullable(),
  /** it made something that can be taken back, and has not been */
  canUndo: z.boolean(),
  made: z.object({
    transactions: z.number().int(),
    contributions: z.number().int(),
    reminders: z.number().int(),
  }),
  /** a webhook's delivery attempts */
  attempts: z.array(
    z.object({ at: z.string(), status: z.number().int().nullable(), error: z.string().nullable() }),
  ),
})
export type AutomationRun = z.output<typeof automationRun>

export const dryRunResult = z.object({
  from: isoDate,
  to: isoDate,
  actions: z.array(z.object({ date: isoDate, summary: z.string(), amount: money.nullable() })),
  /** more than the actions listed would have happened */
  truncated: z.boolean(),
})
export type DryRunResult = z.output<typeof dryRunResult>

export const listAutomations = endpoint({
  method: 'GET',
  path: '/api/automations',
  summary: "The household's automations (those about accounts the member sees whole)",
  tag: 'automations',
  access: AUTOMATION_READ,
  response: z.array(automation),
})

export const createAutomation = endpoint({
  method: 'POST',
  path: '/api/automations',
  summary: "Add an automation (a webhook's secret is in the answer, this once)",
  tag: 'automations',
  access: AUTOMATION_WRITE,
  body: createAutomationBody,
  response: createdAutomation,
  status: 201,
})

export const updateAutomation = endpoint({
  method: 'PATCH',
  path: '/api/automations/:id',
  summary: 'Rename, pause, resume or change an automation',
  tag: 'automations',
  access: AUTOMATION_WRITE,
  params: idParams,
  body: updateAutomationBody,
  response: automation,
})

export const deleteAutomation = endpoint({
  method: 'DELETE',
  path: '/api/automations/:id',
  summary: 'Remove an automation (what its runs made stays)',
  tag: 'automations',
  access: AUTOMATION_WRITE,
  params: idParams,
  response: null,
})

export const listAutomationRuns = endpoint({
  method: 'GET',
  path: '/api/automations/:id/runs',
  summary: "An automation's runs, newest first: what each changed",
  tag: 'automations',
  access: AUTOMATION_READ,
  params: idParams,
  response: z.array(automationRun),
})

export const dryRunAutomation = endpoint({
  method: 'GET',
  path: '/api/automations/:id/dry-run',
  summary: 'What the automation would have done over the last 90 days, changing nothing',
  tag: 'automations',
  access: AUTOMATION_READ,
  params: idParams,
  response: dryRunResult,
})

export const runAutomation = endpoint({
  method: 'POST',
  path: '/api/automations/:id/run',
  summary: 'Run what is due now (each period once, as the scheduled job would)',
  tag: 'automations',
  access: AUTOMATION_WRITE,
  params: idParams,
  response: z.array(automationRun),
})

export const undoAutomationRun = endpoint({
  method: 'POST',
  path: '/api/automations/runs/:id/undo',
  summary: 'Take back what one run made (its transactions, goal contributions, reminders)',
  tag: 'automations',
  access: AUTOMATION_WRITE,
  params: idParams,
  response: automationRun,
})
