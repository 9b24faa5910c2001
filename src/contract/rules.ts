// Categorisation rules: conditions on payee, description, amount or account; actions
// that set a category, rename the payee or add a note. Applied at import and on demand.
import { z } from 'zod'
import { conditionProblem, RULE_FIELDS, RULE_MATCHES, RULE_OPERATORS } from '../domain/rules'
import { ADULT_READ, ADULT_WRITE, endpoint } from './endpoint'
import { id, idParams, isoDate, money, requiredText, trimmed } from './common'

export const ruleCondition = z
  .object({
    field: z.enum(RULE_FIELDS),
    operator: z.enum(RULE_OPERATORS),
    /** text; whole cents for amounts (-450 is a $4.50 purchase); an account id */
    value: z.string().max(200, 'A condition value must be at most 200 characters'),
    value2: z.string().max(30).optional(),
  })
  .superRefine((condition, ctx) => {
    const problem = conditionProblem(condition)
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['value'] })
  })

export const ruleActions = z
  .object({
    setCategoryId: id.nullable().optional(),
    renamePayee: trimmed(200, 'The new payee').optional(),
    addNote: trimmed(500, 'The note').optional(),
  })
  .refine((a) => a.setCategoryId !== undefined || !!a.renamePayee || !!a.addNote, 'A rule must do something: set a category, rename the payee or add a note')

export const ruleMatch = z.enum(RULE_MATCHES)

export const rule = z.object({
  id,
  name: z.string(),
  position: z.number().int(),
  isActive: z.boolean(),
  match: ruleMatch,
  conditions: z.array(ruleCondition),
  actions: ruleActions,
  createdAt: z.string(),
})
export type RuleDto = z.output<typeof rule>

const conditions = z.array(ruleCondition).min(1, 'A rule needs at least one condition').max(20, 'At most 20 conditions')

export const createRuleBody = z.object({
  name: requiredText(100, 'Name'),
  isActive: z.boolean().default(true),
  match: ruleMatch.default('all'),
  conditions,
  actions: ruleActions,
})

export const updateRuleBody = z
  .object({
    name: requiredText(100, 'Name'),
    isActive: z.boolean(),
    match: ruleMatch,
    conditions,
    actions: ruleActions,
  })
  .partial()

export const reorderRulesBody = z.object({
  /** every rule id of the household, in the new order */
  ids: z.array(id).max(1000),
})

export const applyRulesBody = z.object({
  /** only rows without a category (default), or every ordinary row */
  onlyUncategorized: z.boolean().default(true),
  /** only these rules (default: every active rule) */
  ruleIds: z.array(id).max(1000).optional(),
})

/** One row a rule would change, and how. */
export const ruleDryRunExample = z.object({
  transactionId: id,
  date: isoDate,
  /** the payee as shown now */
  payee: z.string(),
  /** negative = money out */
  amount: money,
  /** the category before and after (names; null = none), when the rule changes it */
  category: z.object({ from: z.string().nullable(), to: z.string().nullable() }).nullable(),
  /** the new payee, when the rule renames it */
  renamedTo: z.string().nullable(),
  /** the note it adds */
  note: z.string().nullable(),
})

export const rulesDryRunResult = z.object({
  from: isoDate,
  to: isoDate,
  /** the ordinary transactions of the window the member sees, each tried against the rules */
  examined: z.number().int(),
  /** every rule in the order they are tried; paused ones change nothing */
  rules: z.array(
    z.object({
      ruleId: id,
      name: z.string(),
      isActive: z.boolean(),
      /** the rows it would change (the first matching rule takes a row, as at import) */
      changes: z.number().int(),
      /** up to three of them, newest first */
      examples: z.array(ruleDryRunExample),
    }),
  ),
})
export type RulesDryRun = z.output<typeof rulesDryRunResult>

export const listRules = endpoint({
  method: 'GET',
  path: '/api/rules',
  summary: 'Categorisation rules, in the order they are tried',
  tag: 'rules',
  access: ADULT_READ,
  response: z.array(rule),
})

export const createRule = endpoint({
  method: 'POST',
  path: '/api/rules',
  summary: 'Add a rule (tried after the existing ones)',
  tag: 'rules',
  access: ADULT_WRITE,
  body: createRuleBody,
  response: rule,
  status: 201,
})

export const updateRule = endpoint({
  method: 'PATCH',
  path: '/api/rules/:id',
  summary: 'Edit, enable or disable a rule',
  tag: 'rules',
  access: ADULT_WRITE,
  params: idParams,
  body: updateRuleBody,
  response: rule,
})

export const deleteRule = endpoint({
  method: 'DELETE',
  path: '/api/rules/:id',
  summary: 'Delete a rule',
  tag: 'rules',
  access: ADULT_WRITE,
  params: idParams,
  response: null,
})

export const reorderRules = endpoint({
  method: 'POST',
  path: '/api/rules/reorder',
  summary: 'Put the rules in a new order (the first matching rule wins)',
  tag: 'rules',
  access: ADULT_WRITE,
  body: reorderRulesBody,
  response: z.array(rule),
})

export const applyRulesToTransactions = endpoint({
  method: 'POST',
  path: '/api/rules/apply',
  summary: 'Run the rules over stored transactions; answers how many changed',
  tag: 'rules',
  access: ADULT_WRITE,
  body: applyRulesBody,
  response: z.object({ changed: z.number().int(), examined: z.number().int() }),
})

export const dryRunRules = endpoint({
  method: 'GET',
  path: '/api/rules/dry-run',
  summary: 'What each rule would change in the last 90 days of transactions the member sees: how many rows and examples, changing nothing',
  tag: 'rules',
  access: ADULT_READ,
  response: rulesDryRunResult,
})
