// The Savings Challenges page: a simple page until its full feature is built.
import { PlaceholderPage } from '../../components/placeholder-page'

export function SavingsChallengesPage() {
  return (
    <PlaceholderPage
      title="Savings Challenges"
      description="Savings challenges with streaks and milestones to celebrate."
    />
  )
}
