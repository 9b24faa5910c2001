// What a premium page shows a household whose plan does not include it: which plans include the
// feature, who manages the plan, and a link to the plans (the server refuses the feature's calls
// with 403 PLAN_REQUIRED). PremiumNote is the note itself; PremiumPageNote stands in for a whole
// page, with the page's name and what it does.
import { Lock, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { featurePlan, SUBSCRIPTION_TIERS, tierLabel, type Feature, type SubscriptionTier } from '#src/domain/tiers'
import { Alert } from './ui/alert'
import { Card, CardContent } from './ui/card'

/** "the Basic and Premium plans", "the Premium plan": every plan from the one a feature needs. */
function plansIncluding(feature: Feature): string {
  const from = SUBSCRIPTION_TIERS.indexOf(featurePlan(feature))
  const names = SUBSCRIPTION_TIERS.slice(from).map(tierLabel)
  return names.length === 1 ? `the ${names[0] ?? ''} plan` : `the ${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''} plans`
}

type NoteProps = {
  feature: Feature
  /** the feature as the page names it: "Smart Insights" */
  title: string
  tier: SubscriptionTier
  isOwner: boolean
  /** what to do meanwhile, if anything */
  children?: ReactNode
}

export function PremiumNote({ feature, title, tier, isOwner, children }: NoteProps) {
  return (
    <Alert variant="warning" data-testid="premium-note">
      <Lock aria-hidden="true" />
      <span>
        {title} is a premium feature, included in {plansIncluding(feature)}. Your {tierLabel(tier)} plan does not
        include it. {isOwner ? '' : 'The household’s owner manages the plan. '}
        {children}
        {children ? ' ' : ''}
        <Link to="/subscription" className="font-medium underline underline-offset-4">
          See the plans
        </Link>
      </span>
    </Alert>
  )
}

export function PremiumPageNote({ icon: Icon, description, ...note }: NoteProps & { icon: LucideIcon; description: string }) {
  return (
    <Card>
      <CardContent className="space-y-3 pt-5">
        <h2 className="flex items-center gap-2 text-xl font-semibold tracking-tight">
          <Icon className="size-5 text-primary" aria-hidden="true" />
          {note.title}
        </h2>
        <p className="text-muted-foreground">{description}</p>
        <PremiumNote {...note} />
      </CardContent>
    </Card>
  )
}
