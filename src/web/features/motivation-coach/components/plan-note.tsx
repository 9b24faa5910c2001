// What a household whose plan does not include the Motivation Coach sees instead of the page: which plans
// include it, who manages the plan and a link to the plans (the server answers 403 PLAN_REQUIRED).
import { Lock, Sparkles } from 'lucide-react'
import { Link } from 'react-router'
import { tierLabel, type SubscriptionTier } from '../../../../domain/tiers'
import { Alert } from '../../../components/ui/alert'
import { Card, CardContent } from '../../../components/ui/card'

export function PlanNote({ tier, isOwner }: { tier: SubscriptionTier; isOwner: boolean }) {
  return (
    <Card>
      <CardContent className="space-y-3 pt-5">
        <h2 className="flex items-center gap-2 text-xl font-semibold tracking-tight">
          <Sparkles className="size-5 text-primary" aria-hidden="true" />
          Motivation Coach
        </h2>
        <p className="text-muted-foreground">
          Streaks, milestones, a weekly recap and your mood score’s trend, with short messages made
          of your own figures.
        </p>
        <Alert variant="warning" data-testid="premium-note">
          <Lock aria-hidden="true" />
          <span>
            Motivation Coach is a premium feature, included in the Basic and Premium plans. Your{' '}
            {tierLabel(tier)} plan does not include it.{' '}
            {isOwner ? '' : 'The household’s owner manages the plan. '}
            <Link to="/subscription" className="font-medium underline underline-offset-4">
              See the plans
            </Link>
          </span>
        </Alert>
      </CardContent>
    </Card>
  )
}
