// The restricted state: the household requires two-step verification and this member
// has none yet. The server opens only the MFA set-up to such a session (MFA_SETUP_REQUIRED on
// everything else), so the app shows only the MFA page, in a plain frame with a banner saying
// why and a way to sign out; every other path leads there. Once the authenticator app is on,
// the signed-in user changes and the full app takes over.
import { ShieldAlert } from 'lucide-react'
import { Navigate, Outlet, Route, Routes } from 'react-router'
import { RestrictedFrame } from '#src/web/components/restricted-frame'
import { Alert } from '#src/web/components/ui/alert'
import { useDocumentTitle } from '#src/web/lib/document-title'
import { MfaSettingsPage } from './mfa-settings-page'

function RestrictedLayout() {
  useDocumentTitle('MFA Settings · Kinwise')
  return (
    <RestrictedFrame width="3xl" testId="mfa-required">
      <div className="mx-auto w-full max-w-3xl space-y-4 px-4 pt-6 sm:px-6">
        <h1 className="text-2xl font-semibold tracking-tight" data-testid="page-title">
          MFA Settings
        </h1>
        <Alert variant="warning" data-testid="mfa-required-banner">
          <ShieldAlert aria-hidden="true" />
          <span>
            Your household requires two-step verification. Set up an authenticator app below to keep
            using Kinwise; until then the rest of the app is closed to you.
          </span>
        </Alert>
      </div>
      <Outlet />
    </RestrictedFrame>
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
