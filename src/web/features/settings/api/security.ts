// Settings → Security: GET /api/auth/sessions with sign-out of one (DELETE /api/auth/sessions/:id)
// or of all others (POST /api/auth/sessions/revoke-others), and GET /api/audit-log a page at a
// time. A sign-out refreshes both lists (it is in the log too).
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getAuditLog } from '#src/contract/audit'
import { endSession, listSessions, revokeOtherSessions } from '#src/contract/sessions'
import { callEndpoint, callEndpointPage, errorMessage } from '#src/web/lib/api'
import { toast } from '#src/web/lib/toast'

export const securityKeys = {
  sessions: () => ['/api/auth/sessions'] as const,
  auditLog: () => ['/api/audit-log'] as const,
}

export const AUDIT_PAGE_SIZE = 20

export function useSessions() {
  return useQuery({
    queryKey: securityKeys.sessions(),
    queryFn: ({ signal }) => callEndpoint(listSessions, { signal }),
  })
}

export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: securityKeys.auditLog(),
    queryFn: ({ pageParam, signal }) =>
      callEndpointPage(getAuditLog, { query: { limit: AUDIT_PAGE_SIZE, cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  })
}

function useRefreshSecurity() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: securityKeys.sessions() }),
      queryClient.invalidateQueries({ queryKey: securityKeys.auditLog() }),
    ])
}

// the toasts are said here, not by the row: the row is gone once the list is refreshed
export function useEndSession() {
  const refresh = useRefreshSecurity()
  return useMutation({
    mutationFn: (session: { id: string; device: string }) => callEndpoint(endSession, { params: { id: session.id } }),
    onSuccess: (_ok, session) => toast({ title: 'Signed out', description: `${session.device} is signed out.` }),
    onError: (error) => toast({ title: 'Could not sign out', description: errorMessage(error), variant: 'destructive' }),
    onSettled: refresh,
  })
}

export function useRevokeOtherSessions() {
  const refresh = useRefreshSecurity()
  return useMutation({
    mutationFn: () => callEndpoint(revokeOtherSessions),
    onSuccess: ({ ended }) =>
      toast({ title: 'Other devices signed out', description: `${ended} session${ended === 1 ? '' : 's'} ended.` }),
    onError: (error) => toast({ title: 'Could not sign out', description: errorMessage(error), variant: 'destructive' }),
    onSettled: refresh,
  })
}
