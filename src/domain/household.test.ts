import { describe, expect, it } from 'vitest'
import {
  accountsOnLeaving,
  inviteExpiry,
  inviteRefusal,
  inviteState,
  joinConsequences,
  joinRefusal,
  leaveRefusal,
  listInWords,
  ownHouseholdName,
} from './household'

const now = new Date('2026-03-15T12:00:00Z')

describe('inviteState', () => {
  const pending = { expiresAt: inviteExpiry(now, 7), usedAt: null, revokedAt: null }

  it('is pending until it expires, then expired (the expiry instant included)', () => {
    expect(inviteState(pending, now)).toBe('pending')
    expect(inviteState(pending, new Date('2026-03-22T11:59:59Z'))).toBe('pending')
    expect(inviteState(pending, new Date('2026-03-22T12:00:00Z'))).toBe('expired')
  })

  it('says used or revoked even after the expiry', () => {
    const later = new Date('2026-04-01T00:00:00Z')
    expect(inviteState({ ...pending, usedAt: now }, later)).toBe('used')
    expect(inviteState({ ...pending, revokedAt: now }, later)).toBe('revoked')
  })
})

describe('inviteRefusal', () => {
  it('counts pending invites as taken seats', () => {
    expect(inviteRefusal({ members: 8, pendingInvites: 1 }, 10)).toBeNull()
    expect(inviteRefusal({ members: 9, pendingInvites: 1 }, 10)?.code).toBe('HOUSEHOLD_FULL')
    expect(inviteRefusal({ members: 10, pendingInvites: 0 }, 10)?.code).toBe('HOUSEHOLD_FULL')
  })
})

describe('leaveRefusal', () => {
  it('lets every member but the owner leave', () => {
    for (const role of ['adult', 'teen', 'viewer'] as const) expect(leaveRefusal(role, 2)).toBeNull()
    expect(leaveRefusal('owner', 2)?.code).toBe('TRANSFER_FIRST')
    expect(leaveRefusal('owner', 1)?.code).toBe('ONLY_MEMBER')
  })
})

describe('joinRefusal', () => {
  const ok = { alreadyMember: false, othersInCurrent: 0, membersInTarget: 3, limit: 10, paidSubscription: false }

  it('lets someone alone in their household join a household with room', () => {
    expect(joinRefusal(ok)).toBeNull()
  })

  it('names the first reason that stops them', () => {
    expect(joinRefusal({ ...ok, alreadyMember: true, othersInCurrent: 2 })?.code).toBe('ALREADY_MEMBER')
    expect(joinRefusal({ ...ok, othersInCurrent: 1, membersInTarget: 10 })?.code).toBe('LEAVE_FIRST')
    expect(joinRefusal({ ...ok, membersInTarget: 10 })?.code).toBe('HOUSEHOLD_FULL')
    expect(joinRefusal({ ...ok, paidSubscription: true })?.code).toBe('SUBSCRIPTION_ACTIVE')
    expect(joinRefusal({ ...ok, othersInCurrent: 1 })?.message).toMatch(/^Leave your current household first/)
  })
})

describe('accountsOnLeaving', () => {
  it('takes the leaver’s private accounts and hands their shared and balance-only ones over', () => {
    const accounts = [
      { id: 'mine-private', ownerId: 'u', visibility: 'private' as const },
      { id: 'mine-shared', ownerId: 'u', visibility: 'shared' as const },
      { id: 'mine-balance', ownerId: 'u', visibility: 'balance_only' as const },
      { id: 'theirs-private', ownerId: 'o', visibility: 'private' as const },
      { id: 'theirs-shared', ownerId: 'o', visibility: 'shared' as const },
    ]
    expect(accountsOnLeaving(accounts, 'u')).toEqual({
      moving: ['mine-private'],
      handedOver: ['mine-shared', 'mine-balance'],
    })
    expect(accountsOnLeaving(accounts, 'nobody')).toEqual({ moving: [], handedOver: [] })
  })
})

describe('ownHouseholdName', () => {
  it('is named after the person', () => {
    expect(ownHouseholdName('Ana')).toBe("Ana's household")
    expect(ownHouseholdName('  ')).toBe('My household')
  })
})

describe('listInWords', () => {
  it('joins with commas and a final "and"', () => {
    expect(listInWords([])).toBe('')
    expect(listInWords(['a'])).toBe('a')
    expect(listInWords(['a', 'b'])).toBe('a and b')
    expect(listInWords(['a', 'b', 'c'])).toBe('a, b and c')
  })
})

describe('joinConsequences', () => {
  const empty = { name: 'Bo’s household', plan: 'free' as const, accounts: [], transactions: 0, budgets: 0, goals: 0, bills: 0, rules: 0, bankConnections: 0 }

  it('says what comes along and what is deleted', () => {
    const lines = joinConsequences(
      { name: 'The Smiths', role: 'adult' },
      { ...empty, plan: 'premium', accounts: ['Checking', 'Savings'], transactions: 12, budgets: 3, goals: 1, rules: 2 },
    )
    expect(lines).toEqual([
      'You join “The Smiths” as an adult.',
      'Your 2 accounts (“Checking” and “Savings”) come along with their 12 transactions, as private accounts: only you see them until you share them.',
      'Your transactions keep their categories: any that “The Smiths” lacks is added to it.',
      'Your credit scores and reminders come with you.',
      'Your household “Bo’s household” is closed. Deleted with it: 3 budgets, 1 goal, 2 rules and its own categories.',
      'Its Premium plan ends with it: you use “The Smiths”’s plan instead.',
    ])
  })

  it('speaks of one account in the singular and of an empty household plainly', () => {
    const lines = joinConsequences({ name: 'H', role: 'teen' }, { ...empty, accounts: ['Pocket money'], transactions: 1 })
    expect(lines[0]).toBe('You join “H” as a teen.')
    expect(lines[1]).toBe(
      'Your account “Pocket money” comes along with its 1 transaction, as a private account: only you see it until you share it.',
    )
    expect(lines.at(-1)).toBe('Your household “Bo’s household” is closed; it has no budgets, goals, bills or rules to lose.')
    expect(joinConsequences({ name: 'H', role: 'viewer' }, empty)).toContain('You have no accounts to bring along.')
  })

  it('says that bank connections are disconnected, only when there are some', () => {
    const lines = joinConsequences({ name: 'H', role: 'adult' }, { ...empty, accounts: ['Checking'], transactions: 4, bankConnections: 2 })
    expect(lines).toContain(
      'Your 2 bank connections are disconnected (Kinwise deletes the access it stored); the accounts they feed keep their transactions. Connect your bank again once you have joined.',
    )
    expect(joinConsequences({ name: 'H', role: 'adult' }, empty).some((l) => l.includes('bank connection'))).toBe(false)
  })
})
