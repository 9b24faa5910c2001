// The calls that move people or data between households: DELETE /api/household/members/{userId}
// (their private accounts go with them), POST /api/household/leave (the caller's private
// accounts go with them) and POST /api/household/transfer-ownership (the caller becomes an
// adult). What the caller sees changes widely, so everything cached is refreshed.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { leaveHousehold, removeMember, transferOwnership } from '#src/contract/household'
import { callEndpoint } from '#src/web/lib/api'
import { refreshEverything } from './household-keys'

export function useRemoveMember() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (userId: string) => callEndpoint(removeMember, { params: { userId } }),
    onSuccess: () => refreshEverything(queryClient),
  })
}

export function useLeaveHousehold() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => callEndpoint(leaveHousehold),
    onSuccess: () => refreshEverything(queryClient),
  })
}

export function useTransferOwnership() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (userId: string) => callEndpoint(transferOwnership, { body: { userId } }),
    onSuccess: (household) => refreshEverything(queryClient, household),
  })
}
