// The MFA Settings page: a simple page until its full feature is built.
import { PlaceholderPage } from '../../components/placeholder-page'

export function MfaSettingsPage() {
  return (
    <PlaceholderPage
      title="MFA Settings"
      description="Multi-factor authentication for your account: an authenticator app and recovery codes."
    />
  )
}
