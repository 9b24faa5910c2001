// The QuickBooks Setup page (premium): a simple page until its full feature is built.
import { PlaceholderPage } from '../../components/placeholder-page'

export function QuickbooksSetupPage() {
  return (
    <PlaceholderPage
      title="QuickBooks Setup"
      description="A connection to QuickBooks that syncs your transactions with your accounting."
      premium
    />
  )
}
