import { describe, expect, it } from 'vitest'
import { consentEndingSoon, formatMoment, statusLabel, syncResultText } from './bank-text'

describe('syncResultText', () => {
  it('says what a sync brought, in words', () => {
    expect(syncResultText({ added: 3, updated: 1, removed: 2, errors: [] })).toEqual({
      summary: '3 new transactions, 1 updated and 2 removed.',
      problems: [],
    })
    expect(syncResultText({ added: 1, updated: 0, removed: 0, errors: [] }).summary).toBe(
      '1 new transaction.',
    )
    expect(syncResultText({ added: 0, updated: 2, removed: 1, errors: [] }).summary).toBe(
      '2 updated and 1 removed.',
    )
  })

  it('says when nothing changed, and names each account that failed', () => {
    expect(syncResultText({ added: 0, updated: 0, removed: 0, errors: [] }).summary).toBe(
      'Nothing new: everything was already up to date.',
    )
    expect(
      syncResultText({
        added: 0,
        updated: 0,
        removed: 0,
        errors: [{ accountId: null, name: 'Savings', message: 'The bank did not answer' }],
      }),
    ).toEqual({ summary: 'No transactions changed.', problems: ['Savings: The bank did not answer'] })
  })
})

describe('statusLabel', () => {
  it('names each status plainly', () => {
    expect(statusLabel('active').label).toBe('Working')
    expect(statusLabel('login_required').label).toBe('Log in again')
    expect(statusLabel('error').tone).toBe('danger')
  })
})

describe('formatMoment', () => {
  it('writes a moment in the member’s zone, and the raw text when the zone is unknown', () => {
    expect(formatMoment('2026-11-25T05:49:00Z', 'en-US', 'UTC')).toBe('Nov 25, 2026, 5:49 AM')
    expect(formatMoment('2026-11-25T05:49:00Z', 'en-US', 'America/New_York')).toBe(
      'Nov 25, 2026, 12:49 AM',
    )
    expect(formatMoment('2026-11-25T05:49:00Z', 'en-US', 'Not/AZone')).toBe('2026-11-25T05:49:00Z')
  })
})

describe('consentEndingSoon', () => {
  const now = new Date('2026-11-25T00:00:00Z')
  it('warns within 14 days and after the end, not before', () => {
    expect(consentEndingSoon(null, now)).toBe(false)
    expect(consentEndingSoon('2026-12-09T00:00:00Z', now)).toBe(true)
    expect(consentEndingSoon('2026-12-09T00:00:01Z', now)).toBe(false)
    expect(consentEndingSoon('2026-11-01T00:00:00Z', now)).toBe(true)
  })
})
