// The signed-in routes of docs/product.md §2: every page of the route table (route-table.ts, its
// components in signed-in-pages.ts) inside the app shell (sidebar, header, mobile bar), lazy
// behind a spinner, and the 404 page for any other path. Its own chunk, so visitors on the
// landing page do not download it; loading it starts the shell's download at once.
import { Navigate, Route, Routes } from 'react-router'
import { useAuth } from '../lib/auth'
import { loadAppShell, loadDashboardPage } from './dashboard-loaders'
import { lazyPage } from '../lib/lazy-page'
import { APP_ROUTES } from './route-table'
import { AuthCallbackPage, JoinPage, NotFoundPage, OnboardingPage } from './shared-pages'
import { SIGNED_IN_PAGES } from './signed-in-pages'

// start the shell (and on the home page the dashboard) now rather than after this chunk renders
// (route-preload has usually started them already)
void loadAppShell()
if (window.location.pathname === '/' || window.location.pathname === '/dashboard')
  void loadDashboardPage()

const AppShell = lazyPage(loadAppShell, 'AppShell')

// the household requires MFA and this member has none: only its set-up
const MfaRequiredRoutes = lazyPage(
  () => import('../features/mfa-settings/mfa-required-routes'),
  'MfaRequiredRoutes',
)

// the member asked for their account to be deleted: only the export and the cancel
const DeletionPendingRoutes = lazyPage(
  () => import('../features/settings/deletion-pending-routes'),
  'DeletionPendingRoutes',
)

export function SignedInRoutes() {
  const { user } = useAuth()
  if (user?.deleteAfter) return <DeletionPendingRoutes />
  if (user !== null && user.householdRequiresMfa && !user.mfaEnabled) return <MfaRequiredRoutes />
  return (
    <Routes>
      <Route path="/onboarding" element={<OnboardingPage />} />
      <Route path="/join/:token" element={<JoinPage />} />
      <Route path="/auth/login" element={<Navigate to="/" replace />} />
      <Route path="/auth/callback" element={<AuthCallbackPage />} />
      <Route element={<AppShell />}>
        {APP_ROUTES.map(({ path }) => {
          const Page = SIGNED_IN_PAGES[path]
          return <Route key={path} path={path} element={<Page />} />
        })}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  )
}
