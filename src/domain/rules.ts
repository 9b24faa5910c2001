// Categorisation rules: "when the payee contains STARBUCKS, set Coffee". The first active rule
// (in position order) whose conditions match a transaction sets its category, renames its
// payee and/or adds a note. Used at import and on demand over stored transactions. Regular
// expressions are case-insensitive, run by a linear-time engine the caller passes in (the
// server's is RE2), on at most MAX_RULE_INPUT characters, so a rule can neither throw nor
// stall the server.

import type { Cents } from './money'

export { payeeKey } from './payee'

export const RULE_FIELDS = ['payee', 'description', 'amount', 'account'] as const
export const RULE_OPERATORS = ['contains', 'equals', 'regex', 'between', 'is'] as const
/** all: every condition must match; any: one is enough */
export const RULE_MATCHES = ['all', 'any'] as const
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
/**
 * How big a pattern may grow once its counted repeats are spelled out (a{3} is aaa): each
 * literal counts 1, each class or shorthand (., \w, [a-z]) 4, times every count around it. A
 * linear-time engine's compile time and memory grow with this size, and it has little memory.
 */
export const MAX_PATTERN_SIZE = 500

/**
 * Compiles a rule's pattern (case-insensitive) into a test, or null when the engine refuses it.
 * The server passes a linear-time engine (RE2: no backtracking, so no pattern can stall it).
 */
export type RegexCompiler = (pattern: string) => ((text: string) => boolean) | null

/** Which operators each field accepts. */
export const OPERATORS_BY_FIELD: Record<RuleField, readonly RuleOperator[]> = {
  payee: ['contains', 'equals', 'regex'],
  description: ['contains', 'equals', 'regex'],
  amount: ['equals', 'between'],
  account: ['is'],
}

/** The size of a pattern as MAX_PATTERN_SIZE counts it (the pattern is valid syntax). */
export function patternSize(pattern: string): number {
  // each open group: the size of what it holds so far
  const groups: number[] = [0]
  let last = 0 // the size of the atom just read (a quantifier multiplies it)
  const add = (n: number): void => {
    groups[groups.length - 1] = (groups[groups.length - 1] ?? 0) + n
    last = n
  }
  let i = 0
  while (i < pattern.length) {
    const c = pattern[i] ?? ''
    if (c === '\\') {
      add(/[dDwWsS]/.test(pattern[i + 1] ?? '') ? 4 : 1)
      i += 2
    } else if (c === '[') {
      let j = i + 1
      if (pattern[j] === '^') j++
      if (pattern[j] === ']') j++
      while (j < pattern.length && pattern[j] !== ']') j += pattern[j] === '\\' ? 2 : 1
      add(4)
      i = j + 1
    } else if (c === '.') {
      add(4)
      i++
    } else if (c === '(') {
      groups.push(0)
      i++
      if (pattern[i] === '?') i = pattern[i + 1] === '<' ? pattern.indexOf('>', i) + 1 : i + 2
    } else if (c === ')') {
      const inner = groups.pop() ?? 0
      add(inner)
      i++
    } else if (c === '{' && /^\{\d+(,\d*)?\}/.test(pattern.slice(i))) {
      const m = /^\{(\d+)(?:,(\d*))?\}/.exec(pattern.slice(i)) ?? ['', '0']
      const times = Math.max(1, Number(m[2] || m[1]))
      // the atom was counted once: add the other times
      groups[groups.length - 1] = (groups[groups.length - 1] ?? 0) + last * (times - 1)
      last *= times
      i += m[0].length
    } else if (c === '*' || c === '+' || c === '?' || c === '|' || c === '^' || c === '$') {
      i++
    } else {
      add(1)
      i++
    }
  }
  return groups.reduce((a, b) => a + b, 0)
}

/**
 * Why a pattern is refused, or null when it is fine. Patterns are JavaScript syntax run by a
 * linear-time engine (RE2), which has no back-references or look-around; Unicode property
 * classes (\p{L}) are refused as too big to compile, and so are patterns whose counted repeats
 * spell out more than MAX_PATTERN_SIZE.
 */
export function regexProblem(pattern: string): string | null {
  if (pattern.length === 0) return 'The pattern is empty'
  if (pattern.length > MAX_PATTERN_LENGTH) return `The pattern is longer than ${MAX_PATTERN_LENGTH} characters`
  try {
    new RegExp(pattern, 'iu')
  } catch {
    return 'The pattern is not a valid regular expression'
  }
  if (/\\[1-9]|\\k</.test(pattern)) return 'Back-references (\\1) are not allowed in a rule'
  if (/\(\?<?[=!]/.test(pattern)) return 'Look-ahead and look-behind ((?=…), (?!…)) are not allowed in a rule'
  if (/\\[pP]/.test(pattern)) return 'Unicode classes (\\p{…}) are not allowed in a rule'
  if (patternSize(pattern) > MAX_PATTERN_SIZE) return 'The pattern repeats too much: make the counts in {…} smaller'
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

function compileCondition(condition: RuleCondition, regex: RegexCompiler): Test {
  if (conditionProblem(condition) !== null) return () => false
  const { field, operator } = condition
  if (field === 'payee' || field === 'description') {
    if (operator === 'regex') {
      const test = regex(condition.value)
      if (!test) return () => false
      return (row) => test(textOf(row, field))
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

/** The payees the active rules rename rows to (what a row's payee may become). */
export function renamedPayees(rules: readonly Rule[]): string[] {
  return [...new Set(rules.filter((r) => r.isActive && r.conditions.length > 0).flatMap((r) => outcomeOf(r).payee ?? []))]
}

/** Compiles rules once (sorted, regexes built with the engine given) into a function to run on many rows. */
export function compileRules(rules: readonly Rule[], regex: RegexCompiler): (row: RuleSubject) => RuleOutcome | null {
  const compiled = rules
    .filter((r) => r.isActive && r.conditions.length > 0)
    .map((rule, index) => ({ rule, index, tests: rule.conditions.map((c) => compileCondition(c, regex)), outcome: outcomeOf(rule) }))
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
export function applyRules(rules: readonly Rule[], row: RuleSubject, regex: RegexCompiler): RuleOutcome | null {
  return compileRules(rules, regex)(row)
}

/** The notes after a rule adds its note (not twice). */
export function notesWith(notes: string, note: string | undefined): string {
  if (!note) return notes
  if (notes.includes(note)) return notes
  return notes === '' ? note : `${notes}\n${note}`
}
