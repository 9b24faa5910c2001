// The plain words of the Family page's confirmations: what moves where when someone leaves or is
// removed (domain/household accountsOnLeaving: their private accounts go with them into a
// household of their own; the ones the household sees stay and pass to its owner), worked out
// from the accounts the caller can see. A member sees all of their own accounts; the owner never
// sees another member's private accounts, so then it says so instead of counting them.
import type { HouseholdMember } from '#src/contract/household'
import { displayName } from '#src/domain/avatar'
import { listInWords, ownHouseholdName } from '#src/domain/household'

type MemberAccount = HouseholdMember['accounts'][number]

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`
}

function split(accounts: readonly MemberAccount[]) {
  return {
    moving: accounts.filter((a) => a.visibility === 'private'),
    staying: accounts.filter((a) => a.visibility !== 'private'),
  }
}

const names = (accounts: readonly MemberAccount[]) => listInWords(accounts.map((a) => a.name))

/** What leaving does, said to the member who leaves (they see all of their own accounts). */
export function leaveConsequences(
  me: HouseholdMember,
  household: { name: string; ownerName: string },
): string[] {
  const { moving, staying } = split(me.accounts)
  const newHome = `a household of your own (“${ownHouseholdName(me.firstName)}”)`
  const lines = [
    moving.length === 0
      ? `You have no private accounts here, so you start ${newHome} with no accounts in it.`
      : moving.length === 1
        ? `Your private account ${names(moving)} goes with you, with its transactions, into ${newHome}.`
        : `Your ${plural(moving.length, 'private account')} (${names(moving)}) go with you, with their transactions, into ${newHome}.`,
  ]
  if (staying.length > 0) {
    lines.push(
      staying.length === 1
        ? `Your account ${names(staying)}, which the household can see, stays in “${household.name}” and passes to ${household.ownerName}.`
        : `Your ${plural(staying.length, 'account')} that the household can see (${names(staying)}) stay in “${household.name}” and pass to ${household.ownerName}.`,
    )
  }
  lines.push(
    'Any bank connection you made here is disconnected (Kinwise deletes the access it stored); the accounts it feeds keep their transactions.',
  )
  lines.push(`Everything else the household shares stays. To come back you need a new invite.`)
  return lines
}

/** What removing a member does, said to the owner (who cannot see the member's private accounts). */
export function removeConsequences(member: HouseholdMember, householdName: string): string[] {
  const name = displayName(member)
  const { moving, staying } = split(member.accounts)
  const newHome = `a household of their own (“${ownHouseholdName(member.firstName)}”)`
  const lines = [
    moving.length > 0
      ? `${name}’s ${plural(moving.length, 'private account')} (${names(moving)}) go with them, with their transactions, into ${newHome}.`
      : `${name}’s private accounts, if they have any, go with them, with their transactions, into ${newHome}. You can’t see those.`,
    staying.length === 0
      ? `${name} has no accounts the household can see, so none of theirs stays in “${householdName}”.`
      : staying.length === 1
        ? `Their account ${names(staying)}, which the household can see, stays in “${householdName}” and becomes yours.`
        : `Their ${plural(staying.length, 'account')} that the household can see (${names(staying)}) stay in “${householdName}” and become yours.`,
    `Any bank connection ${name} made here is disconnected (Kinwise deletes the access it stored); the accounts it feeds keep their transactions.`,
    `${name} can come back only with a new invite.`,
  ]
  return lines
}
