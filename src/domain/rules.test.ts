import { describe, expect, it } from 'vitest'
import { asCents } from './money'
import { applyRules, compileRules, conditionProblem, MAX_RULE_INPUT, notesWith, payeeKey, regexProblem, patternSize, renamedPayees, type RegexCompiler, type Rule, type RuleSubject } from './rules'

const subject = (overrides: Partial<RuleSubject> = {}): RuleSubject => ({
  payee: 'STARBUCKS #1234 SEATTLE',
  description: 'Card purchase',
  amount: asCents(-450),
  accountId: 'acc-1',
  ...overrides,
})

/** A plain RegExp engine for these cases (the server passes RE2: see modules/rules/regex.test.ts). */
const jsRegex: RegexCompiler = (pattern) => {
  const re = new RegExp(pattern, 'iu')
  return (text) => re.test(text)
}

let nextId = 0
function rule(overrides: Partial<Rule> & Pick<Rule, 'conditions' | 'actions'>): Rule {
  nextId += 1
  return { id: `r${nextId}`, position: nextId, isActive: true, match: 'all', ...overrides }
}

describe('applyRules', () => {
  it('matches payee contains / equals / regex, case-insensitively', () => {
    const contains = rule({ conditions: [{ field: 'payee', operator: 'contains', value: 'starbucks' }], actions: { setCategoryId: 'coffee' } })
    expect(applyRules([contains], subject(), jsRegex)).toEqual({ ruleId: contains.id, categoryId: 'coffee' })
    const equals = rule({ conditions: [{ field: 'payee', operator: 'equals', value: ' netflix ' }], actions: { setCategoryId: 'tv' } })
    expect(applyRules([equals], subject({ payee: 'NETFLIX' }), jsRegex)?.categoryId).toBe('tv')
    expect(applyRules([equals], subject({ payee: 'NETFLIX.COM' }), jsRegex)).toBeNull()
    const regex = rule({ conditions: [{ field: 'description', operator: 'regex', value: '^card\\s+purchase$' }], actions: { addNote: 'card' } })
    expect(applyRules([regex], subject(), jsRegex)).toEqual({ ruleId: regex.id, note: 'card' })
  })

  it('matches amounts between two bounds in cents (either order, inclusive) and equal amounts', () => {
    const between = rule({ conditions: [{ field: 'amount', operator: 'between', value: '-500', value2: '-400' }], actions: { setCategoryId: 'small' } })
    expect(applyRules([between], subject({ amount: asCents(-450) }), jsRegex)).not.toBeNull()
    expect(applyRules([between], subject({ amount: asCents(-500) }), jsRegex)).not.toBeNull()
    expect(applyRules([between], subject({ amount: asCents(-501) }), jsRegex)).toBeNull()
    const reversed = rule({ conditions: [{ field: 'amount', operator: 'between', value: '-400', value2: '-500' }], actions: { setCategoryId: 'small' } })
    expect(applyRules([reversed], subject({ amount: asCents(-400) }), jsRegex)).not.toBeNull()
    const equal = rule({ conditions: [{ field: 'amount', operator: 'equals', value: '1599' }], actions: { renamePayee: 'Spotify' } })
    expect(applyRules([equal], subject({ amount: asCents(1599) }), jsRegex)?.payee).toBe('Spotify')
  })

  it('matches the account', () => {
    const r = rule({ conditions: [{ field: 'account', operator: 'is', value: 'acc-2' }], actions: { setCategoryId: 'x' } })
    expect(applyRules([r], subject(), jsRegex)).toBeNull()
    expect(applyRules([r], subject({ accountId: 'acc-2' }), jsRegex)).not.toBeNull()
  })

  it("needs every condition with match 'all' and one with 'any'", () => {
    const conditions = [
      { field: 'payee', operator: 'contains', value: 'starbucks' },
      { field: 'amount', operator: 'between', value: '-10000', value2: '-5000' },
    ] as const
    expect(applyRules([rule({ conditions: [...conditions], actions: { setCategoryId: 'c' } })], subject(), jsRegex)).toBeNull()
    expect(applyRules([rule({ match: 'any', conditions: [...conditions], actions: { setCategoryId: 'c' } })], subject(), jsRegex)).not.toBeNull()
  })

  it('takes the first active rule in position order', () => {
    const late = rule({ position: 5, conditions: [{ field: 'payee', operator: 'contains', value: 'star' }], actions: { setCategoryId: 'late' } })
    const early = rule({ position: 1, conditions: [{ field: 'payee', operator: 'contains', value: 'bucks' }], actions: { setCategoryId: 'early' } })
    const inactive = rule({ position: 0, isActive: false, conditions: [{ field: 'payee', operator: 'contains', value: 's' }], actions: { setCategoryId: 'off' } })
    expect(applyRules([late, inactive, early], subject(), jsRegex)?.categoryId).toBe('early')
  })

  it('sets, renames and notes together; a null category clears it; blank actions do nothing', () => {
    const r = rule({
      conditions: [{ field: 'payee', operator: 'contains', value: 'starbucks' }],
      actions: { setCategoryId: null, renamePayee: ' Starbucks ', addNote: '  ' },
    })
    expect(applyRules([r], subject(), jsRegex)).toEqual({ ruleId: r.id, categoryId: null, payee: 'Starbucks' })
  })

  it('lists the payees active rules rename to, trimmed, once each, as applying them gives', () => {
    const on = { conditions: [{ field: 'payee' as const, operator: 'contains' as const, value: 'star' }] }
    const rules = [
      rule({ ...on, actions: { renamePayee: ' Starbucks ' } }),
      rule({ ...on, actions: { renamePayee: 'Starbucks' } }),
      rule({ ...on, actions: { renamePayee: '   ', setCategoryId: 'coffee' } }),
      rule({ ...on, isActive: false, actions: { renamePayee: 'Off' } }),
      rule({ conditions: [], actions: { renamePayee: 'Never' } }),
      rule({ ...on, actions: { renamePayee: 'Corner Market' } }),
    ]
    expect(renamedPayees(rules)).toEqual(['Starbucks', 'Corner Market'])
    expect(renamedPayees(rules)).toContain(applyRules(rules, subject(), jsRegex)?.payee)
  })

  it('never throws on a bad pattern or one the engine refuses: it just does not match', () => {
    const bad = rule({ conditions: [{ field: 'payee', operator: 'regex', value: '([a-z' }], actions: { setCategoryId: 'x' } })
    expect(applyRules([bad], subject(), jsRegex)).toBeNull()
    const refused = rule({ conditions: [{ field: 'payee', operator: 'regex', value: 'star' }], actions: { setCategoryId: 'x' } })
    expect(applyRules([refused], subject(), () => null)).toBeNull()
  })

  it('reads at most MAX_RULE_INPUT characters of a text', () => {
    const r = rule({ conditions: [{ field: 'description', operator: 'contains', value: 'needle' }], actions: { setCategoryId: 'x' } })
    expect(applyRules([r], subject({ description: `${'x'.repeat(MAX_RULE_INPUT)}needle` }), jsRegex)).toBeNull()
    expect(applyRules([r], subject({ description: `${'x'.repeat(MAX_RULE_INPUT - 6)}needle` }), jsRegex)).not.toBeNull()
  })

  it('compiles once for many rows', () => {
    const run = compileRules([rule({ conditions: [{ field: 'payee', operator: 'regex', value: 'shop \\d+' }], actions: { setCategoryId: 's' } })], jsRegex)
    let matched = 0
    for (let i = 0; i < 10_000; i++) if (run(subject({ payee: `Shop ${i}` }))) matched++
    expect(matched).toBe(10_000)
  })
})

describe('rule validation', () => {
  it('accepts ordinary patterns and refuses what RE2 lacks, Unicode classes and oversized repeats', () => {
    for (const ok of ['starbucks', '^amzn\\s+mktp', 'uber(\\s+eats)?', '(?:shell|bp|esso) \\d+', '[a-z]+ store', 'a.*b.*c', '(?<name>x)y', '(ab)+', '(a+)+$', '.*a.*b.*c.*d', 'a{0,99}a{0,99}a{0,99}a{0,99}a{0,99}b']) {
      expect(regexProblem(ok), ok).toBeNull()
    }
    for (const bad of ['(a)\\1', '(?<n>a)\\k<n>', 'a(?=b)', 'a(?!b)', '(?<=a)b', '(?<!a)b', '\\p{L}', '\\P{Lu}+', '.{200}', '(?:a{0,30}){20}', '', '[', 'x'.repeat(201)]) {
      expect(regexProblem(bad), bad).not.toBeNull()
    }
  })

  it('sizes a pattern by its counted repeats spelled out', () => {
    expect(patternSize('abc')).toBe(3)
    expect(patternSize('a{0,99}b')).toBe(100)
    expect(patternSize('[a-z]{10}x')).toBe(41)
    expect(patternSize('(?:ab|c){3}')).toBe(9)
    expect(patternSize('((a){2}b){3}')).toBe(9)
    expect(patternSize('\\d+ \\.x*')).toBe(7)
    expect(patternSize('a{2,}')).toBe(2)
  })

  it('checks each operator against its field and its values', () => {
    expect(conditionProblem({ field: 'payee', operator: 'between', value: '1', value2: '2' })).not.toBeNull()
    expect(conditionProblem({ field: 'amount', operator: 'between', value: '1', value2: '2.5' })).not.toBeNull()
    expect(conditionProblem({ field: 'amount', operator: 'between', value: '-100', value2: '200' })).toBeNull()
    expect(conditionProblem({ field: 'payee', operator: 'contains', value: '  ' })).not.toBeNull()
    expect(conditionProblem({ field: 'account', operator: 'is', value: 'acc-1' })).toBeNull()
  })

  it('adds a note once', () => {
    expect(notesWith('', 'reimbursable')).toBe('reimbursable')
    expect(notesWith('lunch', 'reimbursable')).toBe('lunch\nreimbursable')
    expect(notesWith('lunch\nreimbursable', 'reimbursable')).toBe('lunch\nreimbursable')
  })

  it('shares payeeKey with the learned suggestions', () => {
    expect(payeeKey('POS STARBUCKS #42')).toBe('starbucks')
  })
})
