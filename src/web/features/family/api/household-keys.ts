// Query keys of the Family page: URL parts under '/api/household' (the household with its
// members, and the owner's pending invites), and what a change of membership refreshes.
import type { QueryClient } from '@tanstack/react-query'
import type { Household } from '#src/contract/household'
import { householdQuery } from '#src/web/lib/queries/household'

export const householdKeys = {
  all: householdQuery.queryKey,
  invites: [`${householdQuery.queryKey[0]}/invites`] as const,
}

/**
 * After someone leaves, is removed or is handed the household, almost everything cached belonged
 * to the household as the member saw it before: drop what no page shows now, refetch what one
 * does (the signed-in user too: their role, household and plan follow). The invites list is
 * dropped rather than refetched: only an owner may ask for it, and the caller may no longer be
 * one (the household the server answered, when it did, is put in first, so the page already
 * knows and asks only if they still are).
 */
export async function refreshEverything(
  queryClient: QueryClient,
  household?: Household,
): Promise<void> {
  queryClient.removeQueries({ queryKey: householdKeys.invites })
  queryClient.removeQueries({ type: 'inactive' })
  if (household !== undefined) queryClient.setQueryData(householdKeys.all, household)
  await queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== householdKeys.invites[0],
  })
}
