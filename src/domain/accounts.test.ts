import { describe, expect, it } from 'vitest'
import { ACCOUNT_TYPES, lastFour } from './accounts'

describe('lastFour', () => {
  it('keeps the last four letters or digits of an account number', () => {
    expect(lastFour('1234-5678-9012')).toBe('9012')
    expect(lastFour('DE89 3704 0044 0532 0130 00')).toBe('3000')
    expect(lastFour('GB-XY-12ab')).toBe('12ab')
  })

  it('keeps a short number whole', () => {
    expect(lastFour('42')).toBe('42')
    expect(lastFour('•• 7')).toBe('7')
  })

  it('is null when there is nothing to keep', () => {
    expect(lastFour(null)).toBeNull()
    expect(lastFour(undefined)).toBeNull()
    expect(lastFour('')).toBeNull()
    expect(lastFour(' - / ')).toBeNull()
  })
})

describe('ACCOUNT_TYPES', () => {
  it('lists each kind of account once', () => {
    expect(new Set(ACCOUNT_TYPES).size).toBe(ACCOUNT_TYPES.length)
    expect(ACCOUNT_TYPES).toContain('credit_card')
  })
})
