// /auth/callback: where an OpenID Connect sign-in lands. The server has set the session by now;
// refresh who is signed in and go home.
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { PageSpinner } from '#src/web/components/ui/spinner'
import { USER_QUERY_KEY } from '#src/web/lib/auth'

export function AuthCallbackPage() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  useEffect(() => {
    void queryClient
      .invalidateQueries({ queryKey: USER_QUERY_KEY })
      .finally(() => navigate('/', { replace: true }))
  }, [queryClient, navigate])
  return <PageSpinner />
}
