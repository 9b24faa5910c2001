// The rule dialog's form: what people type (text, decimal amounts with a direction, an account,
// a category) and its translation into the contract's rule body (amounts as signed whole cents),
// checked by the contract itself so the form refuses exactly what the server would.
import { z } from 'zod'
import { createRuleBody, ruleMatch, type RuleDto } from '#src/contract/rules'
import { asCents, isValidDecimalAmount, toCents } from '#src/domain/money'
import {
  OPERATORS_BY_FIELD,
  RULE_FIELDS,
  RULE_OPERATORS,
  type RuleField,
  type RuleOperator,
} from '#src/domain/rules'
import { amountHint, centsToText, parseAmountText } from '#src/web/lib/money-input'

export type RuleBody = z.output<typeof createRuleBody>

export const AMOUNT_DIRECTIONS = ['out', 'in', 'signed'] as const
export type AmountDirection = (typeof AMOUNT_DIRECTIONS)[number]

export const FIELD_LABELS: Record<RuleField, string> = {
  payee: 'Payee',
  description: 'Description',
  amount: 'Amount',
  account: 'Account',
}

export const OPERATOR_LABELS: Record<RuleOperator, string> = {
  contains: 'contains',
  equals: 'is exactly',
  regex: 'matches the pattern',
  between: 'is between',
  is: 'is',
}

export const DIRECTION_LABELS: Record<AmountDirection, string> = {
  out: 'Money out',
  in: 'Money in',
  signed: 'Either (signed)',
}

/** The category choice that clears a row's category (a rule that un-categorizes). */
export const CLEAR_CATEGORY = 'clear'

const conditionForm = z.object({
  field: z.enum(RULE_FIELDS),
  operator: z.enum(RULE_OPERATORS),
  text: z.string(),
  accountId: z.string(),
  direction: z.enum(AMOUNT_DIRECTIONS),
  amount: z.string(),
  amount2: z.string(),
})
export type ConditionForm = z.output<typeof conditionForm>

export function blankCondition(field: RuleField = 'payee'): ConditionForm {
  return {
    field,
    operator: OPERATORS_BY_FIELD[field][0] ?? 'contains',
    text: '',
    accountId: '',
    direction: 'out',
    amount: '',
    amount2: '',
  }
}

type Issue = { path: (string | number)[]; message: string }

/** Signed cents from a typed amount and its direction, or null when it cannot be read. */
function centsOf(text: string, direction: AmountDirection): number | null {
  const n = parseAmountText(text)
  if (n === null || !isValidDecimalAmount(n)) return null
  const cents = toCents(n)
  if (direction === 'out') return -Math.abs(cents)
  if (direction === 'in') return Math.abs(cents)
  return cents
}

function conditionBody(
  c: ConditionForm,
  i: number,
  issues: Issue[],
): RuleBody['conditions'][number] {
  if (c.field === 'account') {
    if (c.accountId === '')
      issues.push({ path: ['conditions', i, 'accountId'], message: 'Choose an account' })
    return { field: 'account', operator: 'is', value: c.accountId }
  }
  if (c.field === 'amount') {
    const low = centsOf(c.amount, c.direction)
    if (low === null) issues.push({ path: ['conditions', i, 'amount'], message: amountHint() })
    if (c.operator === 'between') {
      const high = centsOf(c.amount2, c.direction)
      if (high === null) issues.push({ path: ['conditions', i, 'amount2'], message: amountHint() })
      return {
        field: 'amount',
        operator: 'between',
        value: String(low ?? 0),
        value2: String(high ?? 0),
      }
    }
    return { field: 'amount', operator: 'equals', value: String(low ?? 0) }
  }
  if (c.text.trim() === '') {
    issues.push({
      path: ['conditions', i, 'text'],
      message: c.operator === 'regex' ? 'Enter a pattern' : 'Enter the text to look for',
    })
  }
  return {
    field: c.field,
    operator: c.operator,
    value: c.operator === 'regex' ? c.text : c.text.trim(),
  }
}

/** Where a contract issue about a condition's value shows in the form. */
function formField(c: ConditionForm | undefined): keyof ConditionForm {
  if (c?.field === 'account') return 'accountId'
  if (c?.field === 'amount') return 'amount'
  return 'text'
}

export const ruleFormSchema = z
  .object({
    name: z.string(),
    isActive: z.boolean(),
    match: ruleMatch,
    conditions: z
      .array(conditionForm)
      .min(1, 'Add at least one condition')
      .max(20, 'At most 20 conditions'),
    categoryId: z.string(),
    renamePayee: z.string(),
    addNote: z.string(),
  })
  .transform((v, ctx): RuleBody => {
    const issues: Issue[] = []
    const conditions = v.conditions.map((c, i) => conditionBody(c, i, issues))
    const body = {
      name: v.name,
      isActive: v.isActive,
      match: v.match,
      conditions,
      actions: {
        ...(v.categoryId === CLEAR_CATEGORY
          ? { setCategoryId: null }
          : v.categoryId !== ''
            ? { setCategoryId: v.categoryId }
            : {}),
        ...(v.renamePayee.trim() !== '' ? { renamePayee: v.renamePayee } : {}),
        ...(v.addNote.trim() !== '' ? { addNote: v.addNote } : {}),
      },
    }
    const checked = createRuleBody.safeParse(body)
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const [head, index, leaf] = issue.path
        if (head === 'conditions' && typeof index === 'number') {
          const field = leaf === 'value2' ? 'amount2' : formField(v.conditions[index])
          issues.push({ path: ['conditions', index, field], message: issue.message })
        } else if (head === 'name') {
          issues.push({ path: ['name'], message: issue.message })
        } else if (head === 'actions') {
          const at =
            issue.path[1] === 'renamePayee'
              ? 'renamePayee'
              : issue.path[1] === 'addNote'
                ? 'addNote'
                : 'categoryId'
          issues.push({ path: [at], message: issue.message })
        } else {
          issues.push({ path: ['name'], message: issue.message })
        }
      }
    }
    // one message per field: the form's own first, then the contract's
    const seen = new Set<string>()
    for (const issue of issues) {
      const key = issue.path.join('.')
      if (seen.has(key)) continue
      seen.add(key)
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message })
    }
    if (issues.length > 0 || !checked.success) return z.NEVER
    return checked.data
  })

export type RuleFormInput = z.input<typeof ruleFormSchema>

function directionOf(values: readonly string[]): AmountDirection {
  const n = values.map(Number)
  if (n.every((x) => x <= 0)) return 'out'
  if (n.every((x) => x >= 0)) return 'in'
  return 'signed'
}

function amountText(value: string | undefined, direction: AmountDirection): string {
  const n = Number(value ?? '0')
  if (!Number.isSafeInteger(n)) return ''
  return centsToText(asCents(direction === 'signed' ? n : Math.abs(n)))
}

/** The form's values for a stored rule, or a new one's. */
export function ruleFormValues(rule: RuleDto | null): RuleFormInput {
  if (rule === null) {
    return {
      name: '',
      isActive: true,
      match: 'all',
      conditions: [blankCondition()],
      categoryId: '',
      renamePayee: '',
      addNote: '',
    }
  }
  const setCategory = rule.actions.setCategoryId
  return {
    name: rule.name,
    isActive: rule.isActive,
    match: rule.match,
    conditions: rule.conditions.map((c) => {
      const base = { ...blankCondition(c.field), operator: c.operator }
      if (c.field === 'account') return { ...base, accountId: c.value }
      if (c.field === 'amount') {
        const direction = directionOf([c.value, ...(c.value2 !== undefined ? [c.value2] : [])])
        return {
          ...base,
          direction,
          amount: amountText(c.value, direction),
          amount2: c.value2 !== undefined ? amountText(c.value2, direction) : '',
        }
      }
      return { ...base, text: c.value }
    }),
    categoryId: setCategory === null ? CLEAR_CATEGORY : (setCategory ?? ''),
    renamePayee: rule.actions.renamePayee ?? '',
    addNote: rule.actions.addNote ?? '',
  }
}
