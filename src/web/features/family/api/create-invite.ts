// POST /api/household/invites: a single-use link that gives a role, valid 1 to 7 days.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { createInvite, type createInviteBody } from '#src/contract/household'
import { callEndpoint } from '#src/web/lib/api'
import { householdKeys } from './household-keys'

export type NewInvite = z.output<typeof createInviteBody>

export function useCreateInvite() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: NewInvite) => callEndpoint(createInvite, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: householdKeys.invites }),
  })
}
