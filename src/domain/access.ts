// Who in a household may see and do what (ADR 0023). One place for the rules of roles and
// account visibility: the server's route() and queries and the web's menus and forms read them.
//
// Roles: owner (everything: members, plan, deletion), adult (reads and writes all shared data,
// manages own accounts), teen (own accounts and the accounts shared with teens; can add
// transactions to them; no members, plan, rules or bank connections), viewer (reads shared
// data, writes nothing).

export const ROLES = ['owner', 'adult', 'teen', 'viewer'] as const
export type Role = (typeof ROLES)[number]

/** The roles an invite can give: ownership only moves by transfer. */
export const INVITE_ROLES = ['adult', 'teen', 'viewer'] as const
export type InviteRole = (typeof INVITE_ROLES)[number]

const RANK = { viewer: 0, teen: 1, adult: 2, owner: 3 } as const satisfies Record<Role, number>

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value)
}

/** True when `role` is `min` or a role above it. */
export function roleAtLeast(role: Role, min: Role): boolean {
  return RANK[role] >= RANK[min]
}

export const ROLE_LABELS = { owner: 'Owner', adult: 'Adult', teen: 'Teen', viewer: 'Viewer' } as const satisfies Record<
  Role,
  string
>

export const ROLE_DESCRIPTIONS = {
  owner: 'Everything, including members, the plan and deleting the household.',
  adult: 'Sees and changes all shared money, manages their own accounts.',
  teen: 'Their own accounts and the accounts shared with teens; can add transactions to them.',
  viewer: 'Sees shared money, changes nothing.',
} as const satisfies Record<Role, string>

export const ACCOUNT_VISIBILITIES = ['shared', 'private', 'balance_only'] as const
export type AccountVisibility = (typeof ACCOUNT_VISIBILITIES)[number]

export const VISIBILITY_LABELS = {
  shared: 'Shared',
  private: 'Private',
  balance_only: 'Balance only',
} as const satisfies Record<AccountVisibility, string>

export const VISIBILITY_DESCRIPTIONS = {
  shared: 'Everyone in the household sees it and its transactions.',
  private: 'Only its owner sees it. It is left out of everyone else’s totals.',
  balance_only: 'Others see its name and balance, never its transactions.',
} as const satisfies Record<AccountVisibility, string>

export type Member = { id: string; role: Role }
export type AccountAccessFacts = { ownerId: string; visibility: AccountVisibility; sharedWithTeens: boolean }

/** What a member sees of an account: all of it, its name and balance only, or nothing. */
export type AccountView = 'full' | 'balance' | 'none'

export function accountView(member: Member, account: AccountAccessFacts): AccountView {
  if (account.ownerId === member.id) return 'full'
  if (account.visibility === 'private') return 'none'
  if (member.role === 'teen' && !account.sharedWithTeens) return 'none'
  return account.visibility === 'balance_only' ? 'balance' : 'full'
}

/** May the member add, change or delete transactions in the account? */
export function canWriteTransactions(member: Member, account: AccountAccessFacts): boolean {
  return member.role !== 'viewer' && accountView(member, account) === 'full'
}

/**
 * May the member change or delete a transaction already in the account? As for adding one; but
 * in an account that is not their own, a teen changes only what they entered themselves (they
 * may add to the family wallet, not rewrite their parents' entries).
 */
export function canChangeTransaction(member: Member, account: AccountAccessFacts, enteredBy: string): boolean {
  if (!canWriteTransactions(member, account)) return false
  return member.role !== 'teen' || account.ownerId === member.id || enteredBy === member.id
}

/**
 * May the member rename, close, reconcile, re-share, give away or delete the account? Its owner
 * may; so may the household's owner, for a shared account they see whole. Not for a private
 * one (they cannot see it) nor a balance-only one (ADR 0048): sharing it, taking it over or
 * writing an adjustment into it would undo the privacy its owner chose.
 */
export function canManageAccount(member: Member, account: AccountAccessFacts): boolean {
  if (member.role === 'viewer') return false
  if (account.ownerId === member.id) return true
  return member.role === 'owner' && accountView(member, account) === 'full'
}

/** Longest an invite may stay open. */
export const INVITE_MAX_DAYS = 7
