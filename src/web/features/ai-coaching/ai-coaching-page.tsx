// The AI Coaching page (premium): a simple page until its full feature is built.
import { PlaceholderPage } from '../../components/placeholder-page'

export function AiCoachingPage() {
  return (
    <PlaceholderPage
      title="AI Coaching"
      description="Personal coaching on your spending habits, built from your own figures."
      premium
    />
  )
}
