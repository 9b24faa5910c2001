// The Automation Center page (premium): a simple page until its full feature is built.
import { PlaceholderPage } from '../../components/placeholder-page'

export function AutomationCenterPage() {
  return (
    <PlaceholderPage
      title="Automation Center"
      description="Rules that categorize transactions, move money to goals and send alerts on their own."
      premium
    />
  )
}
