// The Subscription page: the household's plan, the three plans side by side with the
// full feature table, and the ways to change plan. With card billing set up, the owner upgrades
// through Stripe Checkout and changes, downgrades or cancels in Stripe's portal; the plan itself
// changes when Stripe confirms it (?checkout=success|cancel on the way back). Without billing the
// page says the server's administrator sets plans, and shows them how. Other members see the
// plan read-only and are told the owner manages it.
import { Check, CreditCard, Gem, Minus, Terminal } from 'lucide-react'
import { useEffect } from 'react'
import { useSearchParams } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import type { SubscriptionInfo } from '#src/contract/subscription'
import { SUBSCRIPTION_TIERS, tierLabel, type SubscriptionTier } from '#src/domain/tiers'
import { ErrorState } from '#src/web/components/error-state'
import { PageBody, PageHeader } from '#src/web/components/page-header'
import { Alert } from '#src/web/components/ui/alert'
import { Badge } from '#src/web/components/ui/badge'
import { Button } from '#src/web/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '#src/web/components/ui/card'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { errorMessage } from '#src/web/lib/api'
import { useAuth, USER_QUERY_KEY } from '#src/web/lib/auth'
import { cn } from '#src/web/lib/cn'
import { toast } from '#src/web/lib/toast'
import { useOpenPortal, useStartCheckout, type PaidPlan } from './api/billing'
import { subscriptionKeys, useSubscriptionInfo } from './api/get-subscription-info'
import { PastDueBanner } from './components/past-due-banner'
import {
  PLAN_TAGLINES,
  planDirection,
  planHighlights,
  planPrice,
  planSections,
  type PlanCell,
} from './plan-table'

const SET_TIER_COMMAND = 'npm run cli -- set-tier --email'

/** A household that pays through Stripe: changes go through its portal, not a new checkout. */
function paysByCard(info: SubscriptionInfo): boolean {
  return (
    info.tier !== 'free' && (info.billingStatus === 'active' || info.billingStatus === 'past_due')
  )
}

/** Says once what Stripe's return means, then takes ?checkout off the address. */
function useCheckoutReturn(): void {
  const [params, setParams] = useSearchParams()
  const queryClient = useQueryClient()
  const outcome = params.get('checkout')
  useEffect(() => {
    if (outcome !== 'success' && outcome !== 'cancel') return
    if (outcome === 'success') {
      toast({
        title: 'Thanks — your plan updates as soon as Stripe confirms the payment',
        description: 'This usually takes a few seconds. Everyone in the household gets it.',
      })
      // the webhook may already have landed
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all })
      void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY })
    } else {
      toast({
        title: 'Checkout cancelled',
        description: 'Nothing was charged; your plan is as it was.',
      })
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete('checkout')
        return next
      },
      { replace: true },
    )
  }, [outcome, queryClient, setParams])
}

function Price({ tier }: { tier: SubscriptionTier }) {
  return (
    <p className="flex items-baseline gap-1">
      <span className="money text-3xl font-semibold tracking-tight">${planPrice(tier)}</span>
      <span className="text-sm text-muted-foreground">/month</span>
    </p>
  )
}

type PlanAction = { label: string; run: () => void; primary: boolean } | null

/** What the owner can do from a plan's card: buy it, or go to Stripe's portal to change. */
function planAction(
  info: SubscriptionInfo,
  tier: SubscriptionTier,
  checkout: (plan: PaidPlan) => void,
  portal: () => void,
): PlanAction {
  if (!info.billingEnabled || !info.canManage) return null
  const direction = planDirection(info.tier, tier)
  if (direction === 0) {
    return paysByCard(info) ? { label: 'Manage billing', run: portal, primary: false } : null
  }
  if (paysByCard(info)) {
    if (tier === 'free') return { label: 'Cancel plan', run: portal, primary: false }
    const verb = direction > 0 ? 'Upgrade to' : 'Downgrade to'
    return { label: `${verb} ${tierLabel(tier)}`, run: portal, primary: direction > 0 }
  }
  if (tier === 'free') return null
  if (direction > 0) {
    return { label: `Upgrade to ${tierLabel(tier)}`, run: () => checkout(tier), primary: true }
  }
  return null
}

function PlanCard({
  tier,
  current,
  action,
  busy,
}: {
  tier: SubscriptionTier
  current: boolean
  action: PlanAction
  busy: boolean
}) {
  return (
    <Card
      data-testid={`plan-card-${tier}`}
      data-current={current ? 'true' : undefined}
      aria-labelledby={`plan-${tier}`}
      className={cn('flex h-full flex-col', current && 'border-primary ring-1 ring-primary')}
    >
      <CardHeader className="gap-2">
        <div className="flex items-center justify-between gap-2">
          <CardTitle id={`plan-${tier}`} className="flex items-center gap-2 text-lg">
            {tier !== 'free' && <Gem className="size-4 text-primary" aria-hidden="true" />}
            {tierLabel(tier)}
          </CardTitle>
          {current && <Badge variant="accent">Current plan</Badge>}
        </div>
        <Price tier={tier} />
        <p className="text-sm text-muted-foreground">{PLAN_TAGLINES[tier]}</p>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col justify-between gap-4">
        <ul className="space-y-1.5 text-sm">
          {planHighlights(tier).map((line) => (
            <li key={line} className="flex gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              {line}
            </li>
          ))}
        </ul>
        {action !== null && (
          <Button
            variant={action.primary ? 'default' : 'outline'}
            className="w-full"
            disabled={busy}
            onClick={action.run}
          >
            {action.label}
          </Button>
        )}
      </CardContent>
    </Card>
  )
}

function Cell({ cell }: { cell: PlanCell }) {
  if (!cell.included) {
    return (
      <>
        <Minus className="mx-auto size-4 text-muted-foreground/70" aria-hidden="true" />
        <span className="sr-only">Not included</span>
      </>
    )
  }
  if (cell.text !== undefined) {
    return <span className="text-xs font-medium whitespace-nowrap sm:text-sm">{cell.text}</span>
  }
  return (
    <>
      <Check className="mx-auto size-4 text-primary" aria-hidden="true" />
      <span className="sr-only">Included</span>
    </>
  )
}

function PlanTable({ current }: { current: SubscriptionTier }) {
  const columnClass = (tier: SubscriptionTier) =>
    cn('px-1 text-center sm:px-2', tier === current && 'bg-accent/50')
  return (
    <Card aria-labelledby="compare-plans">
      <CardHeader>
        <CardTitle id="compare-plans">Compare plans</CardTitle>
      </CardHeader>
      <CardContent className="px-0 sm:px-5">
        {/* a narrow phone scrolls the table inside its own box, never the page */}
        <div
          className="overflow-x-auto"
          role="region"
          aria-label="Compare plans table"
          tabIndex={0}
        >
          <table className="w-full min-w-[20rem] border-collapse text-sm" data-testid="plan-table">
            <caption className="sr-only">
              What each plan includes; your household is on the {tierLabel(current)} plan
            </caption>
            <thead>
              <tr className="border-b">
                <th
                  scope="col"
                  className="px-4 py-2 text-left font-medium text-muted-foreground sm:pl-0"
                >
                  Feature
                </th>
                {SUBSCRIPTION_TIERS.map((tier) => (
                  <th
                    key={tier}
                    scope="col"
                    className={cn(columnClass(tier), 'w-[4.25rem] py-2 font-semibold sm:w-32')}
                  >
                    {tierLabel(tier)}
                    <span className="block text-xs font-normal text-muted-foreground">
                      ${planPrice(tier)}/mo
                    </span>
                    {tier === current && (
                      <span className="block text-xs font-medium text-accent-foreground">
                        Your plan
                      </span>
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            {planSections().map((section) => (
              <tbody key={section.title}>
                <tr>
                  <th
                    scope="colgroup"
                    colSpan={4}
                    className="px-4 pt-4 pb-1 text-left text-xs font-medium tracking-wide text-muted-foreground uppercase sm:pl-0"
                  >
                    {section.title}
                  </th>
                </tr>
                {section.rows.map((row) => (
                  <tr key={row.label} className="border-b last:border-b-0">
                    <th scope="row" className="px-4 py-2 text-left font-normal sm:pl-0">
                      {row.label}
                    </th>
                    {SUBSCRIPTION_TIERS.map((tier) => (
                      <td key={tier} className={cn(columnClass(tier), 'py-2')}>
                        <Cell cell={row.cells[tier]} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            ))}
          </table>
        </div>
      </CardContent>
    </Card>
  )
}

/** Who changes the plan, in plain words, and for an administrator the command to do it. */
function WhoManages({ info, email }: { info: SubscriptionInfo; email: string }) {
  if (!info.billingEnabled) {
    return (
      <div className="space-y-2" data-testid="admin-note">
        <p className="text-sm">
          There is no card billing on this server: its administrator sets each household’s plan.
          {info.canManage
            ? ' Ask them to move your household to another plan.'
            : ' Your household’s owner can ask them to change it.'}
        </p>
        <details className="group rounded-lg border bg-muted/40 px-3 py-2 text-sm">
          <summary className="flex cursor-pointer items-center gap-2 font-medium">
            <Terminal className="size-4" aria-hidden="true" />
            For the administrator
          </summary>
          <div className="mt-2 space-y-2 text-muted-foreground">
            <p>On the server, run this with the e-mail of anyone in the household:</p>
            <pre className="overflow-x-auto rounded-md bg-card p-2 text-xs text-foreground">
              <code>
                {SET_TIER_COMMAND} {email} --tier premium
              </code>
            </pre>
            <p>
              <code>--tier</code> is <code>free</code>, <code>basic</code> or <code>premium</code>.
              Everyone in the household gets the plan at once.
            </p>
          </div>
        </details>
      </div>
    )
  }
  if (!info.canManage) {
    return (
      <p className="text-sm" data-testid="owner-note">
        Your household’s owner manages the plan and its billing. Everyone in the household gets the
        plan’s features.
      </p>
    )
  }
  return (
    <p className="text-sm text-muted-foreground">
      Payments go through Stripe; cancel or change plan at any time. Everyone in the household gets
      the plan’s features.
    </p>
  )
}

function PageSkeleton() {
  return (
    <div className="space-y-6" role="status" aria-label="Loading plans">
      <Skeleton className="h-28 w-full rounded-xl" />
      <div className="grid gap-4 md:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-72 rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-96 w-full rounded-xl" />
    </div>
  )
}

function PlanOverview({ info, email }: { info: SubscriptionInfo; email: string }) {
  const checkout = useStartCheckout()
  const portal = useOpenPortal()
  const busy = checkout.isPending || portal.isPending
  const failure = checkout.error ?? portal.error
  return (
    <>
      <PastDueBanner info={info} />
      <Card data-testid="current-plan">
        <CardContent className="flex flex-col gap-4 pt-5 sm:flex-row sm:items-start sm:justify-between">
          <div className="space-y-2">
            <h2 className="text-xl font-semibold tracking-tight">
              Your plan: {tierLabel(info.tier)}
            </h2>
            <WhoManages info={info} email={email} />
          </div>
          {info.billingEnabled && info.canManage && paysByCard(info) && (
            <Button variant="outline" disabled={busy} onClick={() => portal.mutate()}>
              <CreditCard aria-hidden="true" />
              Manage billing
            </Button>
          )}
        </CardContent>
      </Card>
      {failure && (
        <Alert variant="destructive">
          <span>Stripe could not be opened: {errorMessage(failure)}. Try again in a moment.</span>
        </Alert>
      )}
      {busy && (
        <p role="status" className="text-sm text-muted-foreground">
          Opening Stripe…
        </p>
      )}
      <section aria-label="Plans">
        <ul className="grid gap-4 md:grid-cols-3">
          {SUBSCRIPTION_TIERS.map((tier) => (
            <li key={tier}>
              <PlanCard
                tier={tier}
                current={tier === info.tier}
                busy={busy}
                action={planAction(
                  info,
                  tier,
                  (plan) => checkout.mutate(plan),
                  () => portal.mutate(),
                )}
              />
            </li>
          ))}
        </ul>
      </section>
      <PlanTable current={info.tier} />
    </>
  )
}

export function SubscriptionPage() {
  const { user } = useAuth()
  const info = useSubscriptionInfo(user !== null)
  useCheckoutReturn()
  return (
    <PageBody>
      <PageHeader description="Every core feature is on every plan. Basic and Premium add bank connections, the AI advisor and coaching, smart insights, automation and QuickBooks, with no ads." />
      {info.data !== undefined ? (
        <PlanOverview info={info.data} email={user?.email ?? 'you@example.com'} />
      ) : info.error ? (
        <ErrorState what="the plans" error={info.error} onRetry={() => void info.refetch()} />
      ) : (
        <PageSkeleton />
      )}
    </PageBody>
  )
}
