// Back to the invite a person opened before signing in or finishing onboarding: around the
// signed-in routes, any path but the join page itself goes to /join/<token> while one waits.
import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { joinPath, pendingJoin } from './pending-join'

export function ResumePendingJoin({ children }: { children: ReactNode }) {
  const { pathname } = useLocation()
  const token = pendingJoin()
  if (token !== null && !pathname.startsWith('/join/')) {
    return <Navigate to={joinPath(token)} replace />
  }
  return children
}
