// The Subscription page: the user's plan and the three plans with what each includes. Changing
// plan is built later (card billing when configured, else the server's administrator).
import { Check } from 'lucide-react'
import { PLAN_PRICES, tierLabel, type SubscriptionTier } from '../../../domain/tiers'
import { Alert } from '../../components/ui/alert'
import { Badge } from '../../components/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { Skeleton } from '../../components/ui/skeleton'
import { errorMessage } from '../../lib/api'
import { useAuth } from '../../lib/auth'
import { cn } from '../../lib/cn'
import { useSubscriptionInfo } from './api/get-subscription-info'

function price(tier: SubscriptionTier): string {
  return tier === 'free' ? '$0' : `$${PLAN_PRICES[tier]}`
}

export function SubscriptionPage() {
  const { user } = useAuth()
  const info = useSubscriptionInfo(user !== null)
  const current = user?.subscriptionTier ?? 'free'
  return (
    <div className="mx-auto w-full max-w-5xl space-y-4 p-4 sm:p-6">
      <Card>
        <CardContent className="space-y-2 pt-5">
          <h2 className="text-xl font-semibold tracking-tight">Your plan: {tierLabel(current)}</h2>
          <p className="text-muted-foreground">
            Every core feature is included on every plan. Basic and Premium add bank connections,
            the AI advisor and coaching, smart insights, automation and QuickBooks, with no ads.
          </p>
          {info.data?.billingEnabled === false && (
            <p className="text-sm text-muted-foreground">
              Plans on this server are set by its administrator: ask them to change yours.
            </p>
          )}
        </CardContent>
      </Card>
      {info.isLoading && (
        <div className="grid gap-4 md:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-64 rounded-xl" />
          ))}
        </div>
      )}
      {info.error && (
        <Alert variant="destructive">
          <span>
            The plans could not be loaded ({errorMessage(info.error)}). Reload the page to try once
            more.
          </span>
        </Alert>
      )}
      {info.data && (
        <ul className="grid gap-4 md:grid-cols-3">
          {info.data.plans.map((plan) => (
            <li key={plan.tier}>
              <Card
                className={cn(
                  'h-full',
                  plan.tier === current && 'border-primary ring-1 ring-primary',
                )}
              >
                <CardHeader>
                  <div className="flex items-center justify-between">
                    <CardTitle>{tierLabel(plan.tier)}</CardTitle>
                    {plan.tier === current && <Badge variant="accent">Current plan</Badge>}
                  </div>
                  <p className="money text-2xl font-semibold">
                    {price(plan.tier)}
                    <span className="text-sm font-normal text-muted-foreground">/month</span>
                  </p>
                </CardHeader>
                <CardContent>
                  <ul className="space-y-2 text-sm">
                    {plan.features.map((feature) => (
                      <li key={feature} className="flex gap-2">
                        <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                        {feature}
                      </li>
                    ))}
                  </ul>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
