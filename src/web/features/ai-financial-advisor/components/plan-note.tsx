// What a household whose plan does not include the AI Advisor sees instead of the chat: the
// note the app's other premium pages show, since the server refuses every advisor call (403).
import { Bot, Lock } from 'lucide-react'
import { Link } from 'react-router'
import { tierLabel, type SubscriptionTier } from '../../../../domain/tiers'
import { Alert } from '../../../components/ui/alert'
import { Card, CardContent } from '../../../components/ui/card'

export function PlanNote({ tier, isOwner }: { tier: SubscriptionTier; isOwner: boolean }) {
  return (
    <Card>
      <CardContent className="space-y-3 pt-5">
        <h2 className="flex items-center gap-2 text-xl font-semibold tracking-tight">
          <Bot className="size-5 text-primary" aria-hidden="true" />
          AI Advisor
        </h2>
        <p className="text-muted-foreground">
          Questions about your money answered in plain language, grounded in your own figures.
        </p>
        <Alert variant="warning" data-testid="premium-note">
          <Lock aria-hidden="true" />
          <span>
            AI Advisor is a premium feature, included in the Basic and Premium plans. Your{' '}
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
