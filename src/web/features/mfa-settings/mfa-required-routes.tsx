// The restricted state (issue 15): the household requires two-step verification and this member
// has none yet. The server opens only the MFA set-up to such a session (MFA_SETUP_REQUIRED on
// everything else), so the app shows only the MFA page, in a plain frame with a banner saying
// why and a way to sign out; every other path leads there. Once the authenticator app is on,
// the signed-in user changes and the full app takes over.
import { LogOut, ShieldAlert } from 'lucide-react'
import { Navigate, Outlet, Route, Routes } from 'react-router'
import { Logo } from '../../components/logo'
import { ThemeToggle } from '../../components/theme-toggle'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { signOut } from '../../lib/auth'
import { useDocumentTitle } from '../../lib/document-title'
import { MfaSettingsPage } from './mfa-settings-page'

function RestrictedLayout() {
  useDocumentTitle('MFA Settings · Kinwise')
  return (
    <div className="flex min-h-dvh flex-col" data-testid="mfa-required">
      <header className="sticky top-0 z-30 border-b bg-background/90 backdrop-blur">
        <div className="mx-auto flex h-16 w-full max-w-3xl items-center gap-2 px-4 sm:px-6">
          <Logo className="mr-auto" />
          <ThemeToggle />
          <Button variant="ghost" onClick={signOut}>
            <LogOut aria-hidden="true" />
            Sign out
          </Button>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <div className="mx-auto w-full max-w-3xl space-y-4 px-4 pt-6 sm:px-6">
          <h1 className="text-2xl font-semibold tracking-tight" data-testid="page-title">
            MFA Settings
          </h1>
          <Alert variant="warning" data-testid="mfa-required-banner">
            <ShieldAlert aria-hidden="true" />
            <span>
              Your household requires two-step verification. Set up an authenticator app below to
              keep using Kinwise; until then the rest of the app is closed to you.
            </span>
          </Alert>
        </div>
        <Outlet />
      </main>
    </div>
  )
}

export function MfaRequiredRoutes() {
  return (
    <Routes>
      <Route element={<RestrictedLayout />}>
        <Route path="/mfa-settings" element={<MfaSettingsPage />} />
        <Route path="*" element={<Navigate to="/mfa-settings" replace />} />
      </Route>
    </Routes>
  )
}
