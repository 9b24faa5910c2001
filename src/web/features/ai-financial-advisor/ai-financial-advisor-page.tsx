// The AI Advisor page (premium): a simple page until its full feature is built.
import { PlaceholderPage } from '../../components/placeholder-page'

export function AiFinancialAdvisorPage() {
  return (
    <PlaceholderPage
      title="AI Advisor"
      description="Questions about your money answered in plain language, grounded in your own figures."
      premium
    />
  )
}
