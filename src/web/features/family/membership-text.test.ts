// The Family page's confirmations say what moves where, from the accounts the caller can see.
import { describe, expect, it } from 'vitest'
import type { HouseholdMember } from '#src/contract/household'
import { leaveConsequences, removeConsequences } from './membership-text'

function member(accounts: HouseholdMember['accounts']): HouseholdMember {
  return {
    userId: '00000000-0000-4000-8000-000000000001',
    firstName: 'Sam',
    lastName: 'Lee',
    email: 'sam@example.test',
    profileImageUrl: null,
    role: 'adult',
    joinedAt: '2026-01-01T00:00:00.000Z',
    accounts,
  }
}

const acc = (name: string, visibility: 'shared' | 'private' | 'balance_only') => ({
  id: `00000000-0000-4000-8000-${String(name.length).padStart(12, '0')}`,
  name,
  visibility,
})

describe('leaveConsequences', () => {
  it('counts the private accounts that go and names the ones that stay', () => {
    const lines = leaveConsequences(
      member([acc('Savings', 'private'), acc('Visa', 'private'), acc('Joint', 'shared')]),
      { name: 'The Vegas', ownerName: 'Alex Vega' },
    )
    expect(lines[0]).toBe(
      "Your 2 private accounts (Savings and Visa) go with you, with their transactions, into a household of your own (“Sam's household”).",
    )
    expect(lines[1]).toBe(
      'Your account Joint, which the household can see, stays in “The Vegas” and passes to Alex Vega.',
    )
  })

  it('says so when nothing private goes along', () => {
    const lines = leaveConsequences(member([]), { name: 'Home', ownerName: 'Alex' })
    expect(lines[0]).toContain('You have no private accounts here')
    expect(lines).toHaveLength(3)
    expect(lines[1]).toContain('Any bank connection you made here is disconnected')
  })
})

describe('removeConsequences', () => {
  it('does not count private accounts the owner cannot see, and names the ones that stay', () => {
    const lines = removeConsequences(
      member([acc('Joint', 'shared'), acc('Car loan', 'balance_only')]),
      'Home',
    )
    expect(lines[0]).toBe(
      "Sam Lee’s private accounts, if they have any, go with them, with their transactions, into a household of their own (“Sam's household”). You can’t see those.",
    )
    expect(lines[1]).toBe(
      'Their 2 accounts that the household can see (Joint and Car loan) stay in “Home” and become yours.',
    )
  })
})
