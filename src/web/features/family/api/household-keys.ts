// Query keys of the Family page: URL parts under '/api/household' (the household with its
// members, and the owner's pending invites), and what a change of membership refreshes.
import type { QueryClient } from '@tanstack/react-query'

export const HOUSEHOLD_ROOT = '/api/household'

export const householdKeys = {
  all: [HOUSEHOLD_ROOT] as const,
  invites: [`${HOUSEHOLD_ROOT}/invites`] as const,
}

/**
 * After leaving or handing over the household, almost everything cached belonged to the
 * household as the member saw it before: drop what no page shows now, refetch what one does
 * (the signed-in user too: their role, household and plan follow).
 */
export async function refreshEverything(queryClient: QueryClient): Promise<void> {
  queryClient.removeQueries({ type: 'inactive' })
  await queryClient.invalidateQueries()
}
