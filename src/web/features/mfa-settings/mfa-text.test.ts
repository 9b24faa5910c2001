import { describe, expect, it } from 'vitest'
import { codesLeftText, formatDay, groupKey, recoveryCodesFile } from './mfa-text'

describe('groupKey', () => {
  it('splits the key in groups of four, upper case, ignoring spaces', () => {
    expect(groupKey('jbswy3dpehpk3pxp')).toBe('JBSW Y3DP EHPK 3PXP')
    expect(groupKey('JBSW Y3DP EHPK 3PXPA')).toBe('JBSW Y3DP EHPK 3PXP A')
    expect(groupKey('')).toBe('')
  })
})

describe('recoveryCodesFile', () => {
  it('lists every code numbered, with the account and the date', () => {
    const text = recoveryCodesFile(
      ['abcd-efgh-jk', 'mnpq-rstu-vw'],
      'robin@example.test',
      'Nov 24, 2026',
    )
    expect(text).toContain('Account: robin@example.test')
    expect(text).toContain('Created: Nov 24, 2026')
    expect(text).toContain(' 1. abcd-efgh-jk\n 2. mnpq-rstu-vw\n')
  })
})

describe('formatDay', () => {
  it('writes the day in the member’s time zone', () => {
    // 23:30 UTC on the 24th is already the 25th in Berlin
    expect(formatDay('2026-11-24T23:30:00.000Z', 'en-US', 'UTC')).toBe('Nov 24, 2026')
    expect(formatDay('2026-11-24T23:30:00.000Z', 'en-US', 'Europe/Berlin')).toBe('Nov 25, 2026')
  })
  it('falls back to the date part when the time zone is unknown', () => {
    expect(formatDay('2026-11-24T10:00:00.000Z', 'en-US', 'Not/AZone')).toBe('2026-11-24')
  })
})

describe('codesLeftText', () => {
  it('counts in words people read', () => {
    expect(codesLeftText(10)).toBe('10 recovery codes left')
    expect(codesLeftText(1)).toBe('1 recovery code left')
    expect(codesLeftText(0)).toBe('No recovery codes left')
  })
})
