// The create/edit form of an automation: flat text fields for every type (only the chosen type's
// are read), turned into the contract's body and checked by the contract's own schema
// (createAutomationBody), so the form accepts exactly what the server does. Issues come back
// keyed by the form's field names (config.amount → amount).
import type { FieldErrors, Resolver } from 'react-hook-form'
import {
  ALERT_CONDITIONS,
  CADENCES,
  createAutomationBody,
  WEBHOOK_EVENTS,
  type Automation,
  type AutomationType,
} from '#src/contract/automations'
import { absCents, type Cents } from '#src/domain/money'
import { amountHint, centsToText, parseAmountText } from '#src/web/lib/money-input'
import type { NewAutomation } from './api/create-automation'

export type FormValues = {
  type: AutomationType
  name: string
  cadence: (typeof CADENCES)[number]
  startDate: string
  /** scheduled transactions: money out (negative) or in */
  direction: 'out' | 'in'
  amount: string
  accountId: string
  categoryId: string
  payee: string
  goalId: string
  trigger: 'monthly' | 'income'
  dayOfMonth: string
  incomeAccountId: string
  fromAccountId: string
  toAccountId: string
  condition: (typeof ALERT_CONDITIONS)[number]
  days: string
  url: string
  events: string[]
}

export type FormField = keyof FormValues

const FIELDS: readonly FormField[] = [
  'type',
  'name',
  'cadence',
  'startDate',
  'direction',
  'amount',
  'accountId',
  'categoryId',
  'payee',
  'goalId',
  'trigger',
  'dayOfMonth',
  'incomeAccountId',
  'fromAccountId',
  'toAccountId',
  'condition',
  'days',
  'url',
  'events',
]
export const isFormField = (key: string): key is FormField =>
  (FIELDS as readonly string[]).includes(key)

export function emptyValues(type: AutomationType, today: string): FormValues {
  return {
    type,
    name: '',
    cadence: 'monthly',
    startDate: today,
    direction: 'out',
    amount: '',
    accountId: '',
    categoryId: '',
    payee: '',
    goalId: '',
    trigger: 'monthly',
    dayOfMonth: today.slice(8, 10).replace(/^0/, ''),
    incomeAccountId: '',
    fromAccountId: '',
    toAccountId: '',
    condition: 'transaction_over',
    days: '3',
    url: '',
    events: [...WEBHOOK_EVENTS],
  }
}

const text = (cents: Cents | null): string => (cents === null ? '' : centsToText(absCents(cents)))

/** The form's values for an automation being edited. */
export function valuesOf(a: Automation, today: string): FormValues {
  const base = { ...emptyValues(a.type, today), name: a.name }
  const c = a.config
  switch (c.type) {
    case 'scheduled_transaction':
      return {
        ...base,
        cadence: c.cadence,
        startDate: c.startDate,
        direction: c.amount < 0 ? 'out' : 'in',
        amount: text(c.amount),
        accountId: c.accountId,
        categoryId: c.categoryId ?? '',
        payee: c.payee,
      }
    case 'goal_transfer':
      return {
        ...base,
        goalId: c.goalId,
        amount: text(c.amount),
        trigger: c.trigger,
        dayOfMonth: String(c.dayOfMonth),
        incomeAccountId: c.incomeAccountId ?? '',
        fromAccountId: c.fromAccountId ?? '',
        toAccountId: c.toAccountId ?? '',
      }
    case 'alert':
      return {
        ...base,
        condition: c.condition,
        // a balance alert may sit below zero (an overdraft): its sign is kept
        amount:
          c.amount === null
            ? ''
            : c.condition === 'balance_under'
              ? centsToText(c.amount)
              : text(c.amount),
        accountId: c.accountId ?? '',
        categoryId: c.categoryId ?? '',
        days: String(c.days),
      }
    case 'webhook':
      return { ...base, url: c.url, events: [...c.events] }
  }
}

const orNull = (v: string): string | null => (v === '' ? null : v)
const wholeNumber = (v: string): number => (v.trim() === '' ? Number.NaN : Number(v))

/** The wire body (decimal amounts) the values stand for; amount text that is not a number → NaN. */
export function bodyOf(v: FormValues): Record<string, unknown> {
  const amount = v.amount.trim() === '' ? null : (parseAmountText(v.amount) ?? Number.NaN)
  const positive = amount === null ? null : Math.abs(amount)
  let config: Record<string, unknown>
  switch (v.type) {
    case 'scheduled_transaction':
      config = {
        type: v.type,
        cadence: v.cadence,
        startDate: v.startDate,
        amount: positive === null ? undefined : v.direction === 'out' ? -positive : positive,
        accountId: v.accountId,
        categoryId: orNull(v.categoryId),
        payee: v.payee,
      }
      break
    case 'goal_transfer':
      config = {
        type: v.type,
        goalId: v.goalId,
        amount: positive ?? undefined,
        trigger: v.trigger,
        dayOfMonth: wholeNumber(v.dayOfMonth),
        incomeAccountId: v.trigger === 'income' ? orNull(v.incomeAccountId) : null,
        fromAccountId: orNull(v.fromAccountId),
        toAccountId: orNull(v.toAccountId),
      }
      break
    case 'alert':
      config = {
        type: v.type,
        condition: v.condition,
        amount:
          v.condition === 'transaction_over'
            ? positive
            : v.condition === 'balance_under'
              ? amount
              : null,
        accountId:
          v.condition === 'transaction_over' || v.condition === 'balance_under'
            ? orNull(v.accountId)
            : null,
        categoryId: v.condition === 'budget' ? orNull(v.categoryId) : null,
        days: v.condition === 'bill_due' ? wholeNumber(v.days) : 3,
      }
      break
    case 'webhook':
      config = { type: v.type, url: v.url.trim(), events: v.events }
  }
  return { name: v.name, config }
}

/** The field an issue path of the body names: ['config', 'amount'] → amount. */
export function fieldOfPath(path: readonly PropertyKey[]): FormField | null {
  const [head, second] = path
  const key = String(head === 'config' ? (second ?? 'type') : (head ?? ''))
  return isFormField(key) ? key : null
}

/** react-hook-form's resolver: the contract's schema over the body the values stand for. */
export const automationResolver: Resolver<FormValues, unknown, NewAutomation> = (values) => {
  const errors: FieldErrors<FormValues> = {}
  const amountText = values.amount.trim()
  if (amountText !== '' && parseAmountText(amountText) === null)
    errors.amount = { type: 'validate', message: amountHint() }
  const parsed = createAutomationBody.safeParse(bodyOf(values))
  if (parsed.success && Object.keys(errors).length === 0) return { values: parsed.data, errors: {} }
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOfPath(issue.path)
      if (field === null || errors[field] !== undefined) continue
      const raw = values[field]
      const blank = issue.code === 'invalid_type' || raw === ''
      const message =
        blank && field !== 'type' && field !== 'name' ? requiredMessage(field) : issue.message
      errors[field] = { type: 'validate', message }
    }
  }
  return { values: {}, errors }
}

function requiredMessage(field: FormField): string {
  switch (field) {
    case 'amount':
      return 'Enter an amount'
    case 'accountId':
    case 'incomeAccountId':
    case 'fromAccountId':
    case 'toAccountId':
      return 'Choose an account'
    case 'goalId':
      return 'Choose a goal'
    case 'dayOfMonth':
    case 'days':
      return 'Enter a whole number'
    default:
      return 'Required'
  }
}
