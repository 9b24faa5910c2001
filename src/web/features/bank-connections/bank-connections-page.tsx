// The Bank Connections page (premium): a simple page until its full feature is built.
import { PlaceholderPage } from '../../components/placeholder-page'

export function BankConnectionsPage() {
  return (
    <PlaceholderPage
      title="Bank Connections"
      description="Your banks linked through a bank-data aggregator, so transactions arrive on their own. Multi-factor authentication is required first."
      premium
    />
  )
}
