// The visibility and role rules of domain/access, worked by hand for every combination that
// matters: who sees what of an account, who may enter transactions in it, who may manage it.
import { describe, expect, it } from 'vitest'
import { accountView, canChangeTransaction, canManageAccount, canWriteTransactions, roleAtLeast, type AccountAccessFacts, type Member } from './access'

const me = 'u-me'
const other = 'u-other'
const account = (over: Partial<AccountAccessFacts>): AccountAccessFacts => ({ ownerId: other, visibility: 'shared', sharedWithTeens: false, ...over })
const as = (role: Member['role'], id = me): Member => ({ id, role })

describe('accountView', () => {
  it('shows an account whole to its owner, whatever its visibility or the owner’s role', () => {
    for (const visibility of ['shared', 'private', 'balance_only'] as const) {
      for (const role of ['owner', 'adult', 'teen', 'viewer'] as const) {
        expect(accountView(as(role), account({ ownerId: me, visibility }))).toBe('full')
      }
    }
  })

  it('hides another member’s private account from everyone, the household’s owner included', () => {
    for (const role of ['owner', 'adult', 'teen', 'viewer'] as const) {
      expect(accountView(as(role), account({ visibility: 'private', sharedWithTeens: true }))).toBe('none')
    }
  })

  it('shows a balance-only account as its balance, and a shared one whole, to adults, the owner and viewers', () => {
    for (const role of ['owner', 'adult', 'viewer'] as const) {
      expect(accountView(as(role), account({ visibility: 'balance_only' }))).toBe('balance')
      expect(accountView(as(role), account({ visibility: 'shared' }))).toBe('full')
    }
  })

  it('shows teens only the accounts shared with teens', () => {
    expect(accountView(as('teen'), account({ visibility: 'shared' }))).toBe('none')
    expect(accountView(as('teen'), account({ visibility: 'balance_only' }))).toBe('none')
    expect(accountView(as('teen'), account({ visibility: 'shared', sharedWithTeens: true }))).toBe('full')
    expect(accountView(as('teen'), account({ visibility: 'balance_only', sharedWithTeens: true }))).toBe('balance')
  })
})

describe('canWriteTransactions', () => {
  it('needs the whole account in view and a role that writes', () => {
    expect(canWriteTransactions(as('adult'), account({}))).toBe(true)
    expect(canWriteTransactions(as('teen'), account({ sharedWithTeens: true }))).toBe(true)
    expect(canWriteTransactions(as('teen'), account({ ownerId: me, visibility: 'private' }))).toBe(true)
    expect(canWriteTransactions(as('viewer'), account({}))).toBe(false)
    expect(canWriteTransactions(as('viewer'), account({ ownerId: me }))).toBe(false)
    expect(canWriteTransactions(as('owner'), account({ visibility: 'balance_only' }))).toBe(false)
    expect(canWriteTransactions(as('owner'), account({ visibility: 'private' }))).toBe(false)
  })
})

describe('canManageAccount', () => {
  it('lets the account’s owner manage it, and the household’s owner a shared account they see whole', () => {
    expect(canManageAccount(as('teen'), account({ ownerId: me }))).toBe(true)
    expect(canManageAccount(as('adult'), account({ ownerId: me, visibility: 'private' }))).toBe(true)
    expect(canManageAccount(as('adult'), account({}))).toBe(false)
    expect(canManageAccount(as('owner'), account({}))).toBe(true)
    expect(canManageAccount(as('owner'), account({ visibility: 'balance_only' }))).toBe(false)
    expect(canManageAccount(as('owner'), account({ ownerId: me, visibility: 'balance_only' }))).toBe(true)
    expect(canManageAccount(as('adult'), account({ ownerId: me, visibility: 'balance_only' }))).toBe(true)
    expect(canManageAccount(as('owner'), account({ visibility: 'private' }))).toBe(false)
    expect(canManageAccount(as('viewer'), account({ ownerId: me }))).toBe(false)
  })
})

describe('roleAtLeast', () => {
  it('orders the roles viewer < teen < adult < owner', () => {
    expect(roleAtLeast('owner', 'adult')).toBe(true)
    expect(roleAtLeast('adult', 'adult')).toBe(true)
    expect(roleAtLeast('teen', 'adult')).toBe(false)
    expect(roleAtLeast('viewer', 'teen')).toBe(false)
  })
})

describe('canChangeTransaction', () => {
  it('lets a teen change only their own entries in an account that is not theirs', () => {
    const family = account({ sharedWithTeens: true })
    expect(canChangeTransaction(as('teen'), family, me)).toBe(true)
    expect(canChangeTransaction(as('teen'), family, other)).toBe(false)
    expect(canChangeTransaction(as('teen'), account({ ownerId: me }), other)).toBe(true)
    expect(canChangeTransaction(as('adult'), account({}), other)).toBe(true)
    expect(canChangeTransaction(as('viewer'), account({ ownerId: me }), me)).toBe(false)
  })
})
