// Categorisation rules: "when the payee contains STARBUCKS, set Coffee". The first active rule
// (in position order) whose conditions match a transaction sets its category, renames its
// payee and/or adds a note. Used at import and on demand over stored transactions. Regular
// expressions are case-insensitive, limited to a safe subset, and run on at most
// MAX_RULE_INPUT characters, so a rule can neither throw nor stall the server.

import type { Cents } from './money'

export { payeeKey } from './payee'

export const RULE_FIELDS = ['payee', 'description', 'amount', 'account'] as const
export const RULE_OPERATORS = ['contains', 'equals', 'regex', 'between', 'is'] as const
export type RuleField = (typeof RULE_FIELDS)[number]
export type RuleOperator = (typeof RULE_OPERATORS)[number]

export type RuleCondition = {
  field: RuleField
  operator: RuleOperator
  /** text for payee/description, whole cents for amount, an account id for account */
  value: string
  /** the other bound for 'between' (cents, as text) */
  value2?: string
}

export type RuleActions = {
  /** a category id; null clears the category; absent leaves it alone */
  setCategoryId?: string | null
  renamePayee?: string
  addNote?: string
}

export type RuleMatch = 'all' | 'any'

export type Rule = {
  id: string
  position: number
  isActive: boolean
  match: RuleMatch
  conditions: readonly RuleCondition[]
  actions: RuleActions
}

/** What a rule looks at. */
export type RuleSubject = {
  payee: string
  description: string
  amount: Cents
  accountId: string
}

/** What the first matching rule does; absent fields are left alone. */
export type RuleOutcome = {
  ruleId: string
  categoryId?: string | null
  payee?: string
  note?: string
}

/** Payee and description text beyond this many characters is not looked at by a rule. */
export const MAX_RULE_INPUT = 256
export const MAX_PATTERN_LENGTH = 200
const MAX_UNBOUNDED_QUANTIFIERS = 3

/** Which operators each field accepts. */
export const OPERATORS_BY_FIELD: Record<RuleField, readonly RuleOperator[]> = {
  payee: ['contains', 'equals', 'regex'],
  description: ['contains', 'equals', 'regex'],
  amount: ['equals', 'between'],
  account: ['is'],
}

/**
 * Why a pattern is refused, or null when it is fine. Only patterns without backtracking
 * blow-ups are accepted: no back-references, no repeated group that itself repeats or
 * alternates ((a+)+, (a|aa)*), and at most three unbounded repeats in all.
 */
export function regexProblem(pattern: string): string | null {
  if (pattern.length === 0) return 'The pattern is empty'
  if (pattern.length > MAX_PATTERN_LENGTH) return `The pattern is longer than ${MAX_PATTERN_LENGTH} characters`
  try {
    new RegExp(pattern, 'i')
  } catch {
    return 'The pattern is not a valid regular expression'
  }
  if (/\\[1-9]|\\k</.test(pattern)) return 'Back-references (\\1) are not allowed in a rule'
  type Group = { repeats: boolean; alternates: boolean }
  const stack: Group[] = [{ repeats: false, alternates: false }]
  const top = (): Group => stack[stack.length - 1] ?? { repeats: false, alternates: false }
  let unbounded = 0
  let i = 0
  /** Reads the quantifier at j; how long it is and whether it is unbounded (0 when none). */
  const quantifierAt = (j: number): { length: number; unbounded: boolean; optional: boolean } => {
    const c = pattern[j]
    if (c === '*' || c === '+') return { length: 1, unbounded: true, optional: false }
    if (c === '?') return { length: 1, unbounded: false, optional: true }
    if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(j))
      if (m) return { length: m[0].length, unbounded: m[2] !== undefined && m[3] === '', optional: false }
    }
    return { length: 0, unbounded: false, optional: false }
  }
  const afterAtom = (j: number): number => {
    const q = quantifierAt(j)
    if (q.length === 0) return j
    if (q.unbounded) unbounded++
    top().repeats = true
    let next = j + q.length
    if (pattern[next] === '?') next++ // lazy
    return next
  }
  while (i < pattern.length) {
    const c = pattern[i]
    if (c === '\\') {
      i = afterAtom(i + 2)
    } else if (c === '[') {
      let j = i + 1
      if (pattern[j] === '^') j++
      if (pattern[j] === ']') j++
      while (j < pattern.length && pattern[j] !== ']') j += pattern[j] === '\\' ? 2 : 1
      i = afterAtom(j + 1)
    } else if (c === '(') {
      stack.push({ repeats: false, alternates: false })
      i++
      if (pattern[i] === '?') {
        // (?: (?= (?! (?<= (?<! (?<name>
        i++
        if (pattern[i] === '<' && (pattern[i + 1] === '=' || pattern[i + 1] === '!')) i += 2
        else if (pattern[i] === '<') i = pattern.indexOf('>', i) + 1
        else i++
      }
    } else if (c === ')') {
      const group = stack.pop() ?? { repeats: false, alternates: false }
      const q = quantifierAt(i + 1)
      if (q.length > 0 && !q.optional && (group.repeats || group.alternates)) {
        return 'A repeated group may not itself repeat or alternate, like (a+)+ or (a|b)*: it can take forever'
      }
      if (group.repeats) top().repeats = true
      i = afterAtom(i + 1)
    } else if (c === '|') {
      top().alternates = true
      i++
    } else {
      i = afterAtom(i + 1)
    }
  }
  if (unbounded > MAX_UNBOUNDED_QUANTIFIERS) return `At most ${MAX_UNBOUNDED_QUANTIFIERS} unbounded repeats (*, +) are allowed in a pattern`
  return null
}

const isCents = (value: string | undefined): boolean => value !== undefined && /^-?\d{1,15}$/.test(value.trim())

/** Why a condition cannot be used, or null when it is fine (the contract refuses it with this). */
export function conditionProblem(condition: RuleCondition): string | null {
  if (!OPERATORS_BY_FIELD[condition.field].includes(condition.operator)) {
    return `A ${condition.field} condition cannot use "${condition.operator}"`
  }
  switch (condition.operator) {
    case 'regex':
      return regexProblem(condition.value)
    case 'between':
      return isCents(condition.value) && isCents(condition.value2) ? null : 'An amount range needs two whole numbers of cents'
    case 'equals':
      if (condition.field === 'amount') return isCents(condition.value) ? null : 'An amount needs a whole number of cents'
      return null
    case 'contains':
      return condition.value.trim() === '' ? 'The text to look for is empty' : null
    case 'is':
      return condition.value === '' ? 'Choose an account' : null
  }
}

type Test = (row: RuleSubject) => boolean

function textOf(row: RuleSubject, field: 'payee' | 'description'): string {
  return (field === 'payee' ? row.payee : row.description).slice(0, MAX_RULE_INPUT)
}

function compileCondition(condition: RuleCondition): Test {
  if (conditionProblem(condition) !== null) return () => false
  const { field, operator } = condition
  if (field === 'payee' || field === 'description') {
    if (operator === 'regex') {
      const re = new RegExp(condition.value, 'i')
      return (row) => re.test(textOf(row, field))
    }
    const wanted = condition.value.trim().toLowerCase()
    if (operator === 'equals') return (row) => textOf(row, field).trim().toLowerCase() === wanted
    return (row) => textOf(row, field).toLowerCase().includes(wanted)
  }
  if (field === 'amount') {
    const a = Number(condition.value.trim())
    if (operator === 'equals') return (row) => row.amount === a
    const b = Number((condition.value2 ?? '').trim())
    const low = Math.min(a, b)
    const high = Math.max(a, b)
    return (row) => row.amount >= low && row.amount <= high
  }
  const accountId = condition.value
  return (row) => row.accountId === accountId
}

function outcomeOf(rule: Rule): RuleOutcome {
  const outcome: RuleOutcome = { ruleId: rule.id }
  if (rule.actions.setCategoryId !== undefined) outcome.categoryId = rule.actions.setCategoryId
  const rename = rule.actions.renamePayee?.trim()
  if (rename) outcome.payee = rename
  const note = rule.actions.addNote?.trim()
  if (note) outcome.note = note
  return outcome
}

/** Compiles rules once (sorted, regexes built) into a function to run on many rows. */
export function compileRules(rules: readonly Rule[]): (row: RuleSubject) => RuleOutcome | null {
  const compiled = rules
    .filter((r) => r.isActive && r.conditions.length > 0)
    .map((rule, index) => ({ rule, index, tests: rule.conditions.map(compileCondition), outcome: outcomeOf(rule) }))
    .sort((x, y) => x.rule.position - y.rule.position || x.index - y.index)
  return (row) => {
    for (const c of compiled) {
      const matched = c.rule.match === 'any' ? c.tests.some((t) => t(row)) : c.tests.every((t) => t(row))
      if (matched) return c.outcome
    }
    return null
  }
}

/** What the first matching active rule does to a row, or null when none matches. */
export function applyRules(rules: readonly Rule[], row: RuleSubject): RuleOutcome | null {
  return compileRules(rules)(row)
}

/** The notes after a rule adds its note (not twice). */
export function notesWith(notes: string, note: string | undefined): string {
  if (!note) return notes
  if (notes.includes(note)) return notes
  return notes === '' ? note : `${notes}\n${note}`
}
