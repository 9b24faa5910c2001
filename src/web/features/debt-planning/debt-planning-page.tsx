// The Debt Planning page: a simple page until its full feature is built.
import { PlaceholderPage } from '../../components/placeholder-page'

export function DebtPlanningPage() {
  return (
    <PlaceholderPage
      title="Debt Planning"
      description="Plans to pay off your debts, snowball or avalanche, with payoff dates and the interest you save."
    />
  )
}
