// /dashboard for a visitor who is not signed in: the Unauthorized toast, then the login page.
import { PageSpinner } from '#src/web/components/ui/spinner'
import { useUnauthorizedRedirect } from './unauthorized'

export function LoggedOutDashboard() {
  useUnauthorizedRedirect(true)
  return <PageSpinner />
}
