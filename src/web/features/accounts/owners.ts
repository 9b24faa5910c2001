// The members an account can belong to, as the Accounts page names them: from GET /api/household,
// or only the signed-in member while the household is unknown (loading, or not answered).
import type { User } from '#src/contract/auth'
import type { Household } from '#src/contract/household'
import { displayName } from '#src/domain/avatar'

export type OwnerChoice = { id: string; name: string }

export function ownerChoices(me: User, household: Household | undefined): OwnerChoice[] {
  if (household === undefined || household.members.length === 0) {
    return [{ id: me.id, name: displayName(me) }]
  }
  return household.members.map((m) => ({ id: m.userId, name: displayName(m) }))
}
