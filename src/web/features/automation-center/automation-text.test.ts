// The words of a rule's dry run: what it would change on a row, and how many rows.
import { describe, expect, it } from 'vitest'
import { ruleChangeText, ruleDryRunText } from './automation-text'

describe('rule dry run words', () => {
  it('says each change of a row', () => {
    expect(ruleChangeText({ category: { from: null, to: 'Groceries' }, renamedTo: null, note: null })).toEqual([
      'Uncategorized → Groceries',
    ])
    expect(ruleChangeText({ category: { from: 'Shopping', to: null }, renamedTo: 'Amazon', note: 'online' })).toEqual([
      'Shopping → Uncategorized',
      'payee → Amazon',
      'note “online”',
    ])
  })
  it('counts the rows, and a paused rule changes nothing', () => {
    expect(ruleDryRunText({ changes: 3, isActive: true })).toBe('Would change 3 transactions')
    expect(ruleDryRunText({ changes: 1, isActive: true })).toBe('Would change 1 transaction')
    expect(ruleDryRunText({ changes: 0, isActive: true })).toBe('Would change nothing')
    expect(ruleDryRunText({ changes: 0, isActive: false })).toBe('Paused: changes nothing')
  })
})
