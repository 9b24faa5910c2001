// The Smart Insights page (premium): a simple page until its full feature is built.
import { PlaceholderPage } from '../../components/placeholder-page'

export function MlInsightsPage() {
  return (
    <PlaceholderPage
      title="Smart Insights"
      description="Unusual charges, recurring payments and forecasts found in your transactions."
      premium
    />
  )
}
