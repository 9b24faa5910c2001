import { describe, expect, it } from 'vitest'
import { errorIssues, spreadIssues } from './api-issues'

const refusal = (body: unknown) => new Error(`400: ${JSON.stringify(body)}`)

describe('field issues of a refused call', () => {
  const error = refusal({
    message: 'Invalid body.debts.0.apr: Must be a percentage',
    code: 'VALIDATION_ERROR',
    issues: [
      { path: 'body.debts.0.apr', message: 'Must be a percentage' },
      { path: 'body.debts.0.apr', message: 'A second one' },
      { path: 'body.quantity', message: 'More than you hold' },
    ],
  })

  it('keys them by path without body., the first per path', () => {
    expect([...errorIssues(error)]).toEqual([
      ['debts.0.apr', 'Must be a percentage'],
      ['quantity', 'More than you hold'],
    ])
    expect(errorIssues(new Error('500: Internal')).size).toBe(0)
    expect(errorIssues('not an error').size).toBe(0)
  })

  it('spreads them over the form’s fields and returns what is left', () => {
    const shown: string[] = []
    const left = spreadIssues(error, (field, message) => {
      if (field !== 'quantity') return false
      shown.push(message)
      return true
    })
    expect(shown).toEqual(['More than you hold'])
    expect(left).toBe('Must be a percentage')
    expect(spreadIssues(error, () => true)).toBeNull()
    expect(spreadIssues(refusal({ message: 'Nope', code: 'X' }), () => true)).toBe('Nope')
  })
})
