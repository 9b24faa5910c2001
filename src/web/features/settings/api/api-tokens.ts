// Settings → API tokens: GET /api/tokens, POST /api/tokens (answers the token, once)
// and DELETE /api/tokens/:id. Making or revoking one refreshes the list and the activity log
// (both are audited).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { createApiToken, listApiTokens, revokeApiToken, type ApiTokenBody } from '#src/contract/api-tokens'
import { callEndpoint } from '#src/web/lib/api'
import { securityKeys } from './security'

export const apiTokenKeys = {
  all: () => ['/api/tokens'] as const,
}

export function useApiTokens() {
  return useQuery({
    queryKey: apiTokenKeys.all(),
    queryFn: ({ signal }) => callEndpoint(listApiTokens, { signal }),
  })
}

function useRefresh() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: apiTokenKeys.all() }),
      queryClient.invalidateQueries({ queryKey: securityKeys.auditLog() }),
    ])
}

export function useCreateApiToken() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (body: ApiTokenBody) => callEndpoint(createApiToken, { body }),
    onSuccess: refresh,
  })
}

export function useRevokeApiToken() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (id: string) => callEndpoint(revokeApiToken, { params: { id } }),
    onSuccess: refresh,
  })
}
