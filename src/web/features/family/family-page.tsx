// The Family page: a simple page until its full feature is built.
import { PlaceholderPage } from '../../components/placeholder-page'

export function FamilyPage() {
  return (
    <PlaceholderPage
      title="Family"
      description="The people in your household and the accounts, budgets and goals you share with them."
    />
  )
}
