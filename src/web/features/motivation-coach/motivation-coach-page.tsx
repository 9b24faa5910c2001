// The Motivation Coach page (premium): a simple page until its full feature is built.
import { PlaceholderPage } from '../../components/placeholder-page'

export function MotivationCoachPage() {
  return (
    <PlaceholderPage
      title="Motivation Coach"
      description="Encouragement, streaks and milestones that keep your goals moving."
      premium
    />
  )
}
