// The Retirement Planning page: a simple page until its full feature is built.
import { PlaceholderPage } from '../../components/placeholder-page'

export function RetirementPlanningPage() {
  return (
    <PlaceholderPage
      title="Retirement Planning"
      description="Projections of your retirement savings and what-if scenarios for your contributions."
    />
  )
}
