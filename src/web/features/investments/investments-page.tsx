// The Investments page: a simple page until its full feature is built.
import { PlaceholderPage } from '../../components/placeholder-page'

export function InvestmentsPage() {
  return (
    <PlaceholderPage
      title="Investments"
      description="Your investment holdings, their value over time and how they are allocated."
    />
  )
}
