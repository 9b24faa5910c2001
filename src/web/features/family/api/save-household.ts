// PATCH /api/household (rename) and PATCH /api/household/members/{userId} (change a role): both
// answer the household as it now is, which replaces the cached one.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { InviteRole } from '#src/domain/access'
import { renameHousehold, updateMember, type Household } from '#src/contract/household'
import { callEndpoint } from '#src/web/lib/api'
import { householdKeys } from './household-keys'

export function useRenameHousehold() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (name: string) => callEndpoint(renameHousehold, { body: { name } }),
    onSuccess: (household: Household) => queryClient.setQueryData(householdKeys.all, household),
  })
}

export function useChangeRole() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: InviteRole }) =>
      callEndpoint(updateMember, { params: { userId }, body: { role } }),
    onSuccess: (household: Household) => queryClient.setQueryData(householdKeys.all, household),
  })
}
