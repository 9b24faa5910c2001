// The household's membership rules (ADR 0023): when an invite still opens the door,
// who may leave or join, which accounts go with someone who leaves, and what joining another
// household does to the one a person has now, in the plain words the invite page shows.
import { ROLE_LABELS, type AccountVisibility, type InviteRole, type Role } from './access'
import { tierLabel, type SubscriptionTier } from './tiers'

/** A refusal the API answers with 409 or 410: a stable code and a sentence people can read. */
export type Refusal = { code: string; message: string }

export type InviteFacts = { expiresAt: Date; usedAt: Date | null; revokedAt: Date | null }
export type InviteState = 'pending' | 'used' | 'revoked' | 'expired'

/** Used and revoked win over expired: they say what actually happened to the link. */
export function inviteState(invite: InviteFacts, now: Date): InviteState {
  if (invite.usedAt) return 'used'
  if (invite.revokedAt) return 'revoked'
  return invite.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending'
}

/** Why an invite that is no longer pending is refused (410 Gone). */
export const INVITE_REFUSALS = {
  used: { code: 'INVITE_USED', message: 'This invite has already been used. Ask for a new link.' },
  revoked: { code: 'INVITE_REVOKED', message: 'This invite was cancelled by the household’s owner. Ask for a new link.' },
  expired: { code: 'INVITE_EXPIRED', message: 'This invite has expired. Ask for a new link.' },
} as const satisfies Record<Exclude<InviteState, 'pending'>, Refusal>

const DAY_MS = 86_400_000

export function inviteExpiry(now: Date, days: number): Date {
  return new Date(now.getTime() + days * DAY_MS)
}

export const HOUSEHOLD_FULL = (limit: number): Refusal => ({
  code: 'HOUSEHOLD_FULL',
  message: `A household can have at most ${limit} people besides its owner`,
})

/**
 * May one more invite go out? Pending invites hold a seat, so the owner never hands out more
 * links than the household has room for.
 */
export function inviteRefusal(seats: { members: number; pendingInvites: number }, limit: number): Refusal | null {
  return seats.members + seats.pendingInvites >= limit ? HOUSEHOLD_FULL(limit) : null
}

/** May the member leave? Only the owner may not: they hand the household over first. */
export function leaveRefusal(role: Role, memberCount: number): Refusal | null {
  if (role !== 'owner') return null
  if (memberCount > 1) {
    return {
      code: 'TRANSFER_FIRST',
      message: 'You own this household: make another member the owner before you leave',
    }
  }
  return { code: 'ONLY_MEMBER', message: 'You are the only member of this household: there is nothing to leave' }
}

export type JoinFacts = {
  /** the invite is for the household the caller is in already */
  alreadyMember: boolean
  /** people in the caller's current household besides the caller */
  othersInCurrent: number
  /** people in the invite's household besides its owner */
  membersInTarget: number
  limit: number
  /** the current household pays by card: closing it would leave the subscription running */
  paidSubscription: boolean
}

/** May the caller join the invite's household now? The first reason that stops them. */
export function joinRefusal(facts: JoinFacts): Refusal | null {
  if (facts.alreadyMember) return { code: 'ALREADY_MEMBER', message: 'You are already a member of this household' }
  if (facts.othersInCurrent > 0) {
    return {
      code: 'LEAVE_FIRST',
      message:
        'Leave your current household first (if you own it, make another member the owner or remove its members)',
    }
  }
  if (facts.membersInTarget >= facts.limit) return HOUSEHOLD_FULL(facts.limit)
  if (facts.paidSubscription) {
    return {
      code: 'SUBSCRIPTION_ACTIVE',
      message: 'Cancel your household’s subscription first: joining closes your household',
    }
  }
  return null
}

export type LeaverAccount = { id: string; ownerId: string; visibility: AccountVisibility }

/**
 * Which of a leaving member's accounts go with them (their private ones) and which stay and
 * pass to the household's owner (their shared and balance-only ones: the household sees them).
 */
export function accountsOnLeaving(
  accounts: readonly LeaverAccount[],
  userId: string,
): { moving: string[]; handedOver: string[] } {
  const mine = accounts.filter((a) => a.ownerId === userId)
  return {
    moving: mine.filter((a) => a.visibility === 'private').map((a) => a.id),
    handedOver: mine.filter((a) => a.visibility !== 'private').map((a) => a.id),
  }
}

/** The name of the household someone gets when they leave or are removed. */
export function ownHouseholdName(firstName: string): string {
  const name = firstName.trim()
  return name ? `${name}'s household` : 'My household'
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/** "a, b and c" */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a')

export type CurrentHousehold = {
  name: string
  plan: SubscriptionTier
  accounts: readonly string[]
  transactions: number
  budgets: number
  goals: number
  bills: number
  rules: number
  /** the caller's bank connections there: disconnected when they go (ADR 0057) */
  bankConnections: number
}

/**
 * What accepting an invite does, in plain words: the role, the accounts that come along (as
 * private ones), and what is deleted with the household the caller leaves behind.
 */
export function joinConsequences(target: { name: string; role: InviteRole }, current: CurrentHousehold): string[] {
  const role = ROLE_LABELS[target.role].toLowerCase()
  const lines = [`You join “${target.name}” as ${article(role)} ${role}.`]
  const n = current.accounts.length
  if (n === 0) lines.push('You have no accounts to bring along.')
  else {
    const names = listInWords(current.accounts.map((a) => `“${a}”`))
    const withTransactions = count(current.transactions, 'transaction')
    lines.push(
      n === 1
        ? `Your account ${names} comes along with its ${withTransactions}, as a private account: only you see it until you share it.`
        : `Your ${n} accounts (${names}) come along with their ${withTransactions}, as private accounts: only you see them until you share them.`,
    )
    lines.push(`Your transactions keep their categories: any that “${target.name}” lacks is added to it.`)
  }
  lines.push('Your credit scores and reminders come with you.')
  if (current.bankConnections > 0) {
    const n = current.bankConnections
    lines.push(
      `Your ${count(n, 'bank connection')} ${n === 1 ? 'is' : 'are'} disconnected (Kinwise deletes the access it stored); the accounts ${n === 1 ? 'it feeds keep' : 'they feed keep'} their transactions. Connect your bank again once you have joined.`,
    )
  }
  const lost = [
    current.budgets && count(current.budgets, 'budget'),
    current.goals && count(current.goals, 'goal'),
    current.bills && count(current.bills, 'bill'),
    current.rules && count(current.rules, 'rule'),
  ].filter((x): x is string => typeof x === 'string')
  lines.push(
    lost.length
      ? `Your household “${current.name}” is closed. Deleted with it: ${listInWords([...lost, 'its own categories'])}.`
      : `Your household “${current.name}” is closed; it has no budgets, goals, bills or rules to lose.`,
  )
  if (current.plan !== 'free') {
    lines.push(`Its ${tierLabel(current.plan)} plan ends with it: you use “${target.name}”’s plan instead.`)
  }
  return lines
}
