// How a household's billing moves when a verified card-billing event arrives: pure
// rules, no I/O. The webhook service finds the household, checks the event is new and not older
// than the last one applied, and stores what these functions return.
//
// Which subscription counts: the household's current one (stripe_subscription_id). An event about
// another subscription of the same customer changes nothing, except that a household without a
// current subscription adopts one that is active or past due (it may arrive before the
// checkout.session.completed that names it).
import { PAYMENT_GRACE_DAYS, type BillingStatus, type SubscriptionTier } from '#src/domain/tiers'
import type { BillingChange, BillingSubscription } from '#src/server/integrations/billing/billing-provider'

export type HouseholdBilling = {
  plan: SubscriptionTier
  billingStatus: BillingStatus
  graceUntil: Date | null
  stripeCustomerId: string | null
  stripeSubscriptionId: string | null
}

const DAY_MS = 86_400_000

/** A failed payment starts the grace period once: Stripe's retries do not extend it. */
function graceFrom(household: HouseholdBilling, now: Date): Date {
  if (household.billingStatus === 'past_due' && household.graceUntil) return household.graceUntil
  return new Date(now.getTime() + PAYMENT_GRACE_DAYS * DAY_MS)
}

/** The household once its subscription stands as `subscription` says; null: nothing changes. */
export function withSubscription(household: HouseholdBilling, subscription: BillingSubscription, now: Date): HouseholdBilling | null {
  const current = household.stripeSubscriptionId
  const isCurrent = current === subscription.id
  const customer = household.stripeCustomerId ?? subscription.customerId
  switch (subscription.standing) {
    case 'pending':
      return null
    case 'ended':
      // only the current subscription's end takes the plan away
      if (!isCurrent) return null
      return { plan: 'free', billingStatus: 'canceled', graceUntil: null, stripeCustomerId: customer, stripeSubscriptionId: null }
    case 'active':
    case 'past_due': {
      if (!isCurrent && current !== null) return null
      // a price that is neither configured plan (changed in Stripe's dashboard) leaves the plan as it is
      const plan = subscription.plan ?? household.plan
      if (subscription.standing === 'active') {
        return { plan, billingStatus: 'active', graceUntil: null, stripeCustomerId: customer, stripeSubscriptionId: subscription.id }
      }
      return { plan, billingStatus: 'past_due', graceUntil: graceFrom(household, now), stripeCustomerId: customer, stripeSubscriptionId: subscription.id }
    }
  }
}

/**
 * The household after `change`; null when it changes nothing. `subscription` is the checkout's
 * subscription as the provider has it now (a checkout event names it but does not include it).
 */
export function nextBilling(
  household: HouseholdBilling,
  change: BillingChange,
  subscription: BillingSubscription | null,
  now: Date,
): HouseholdBilling | null {
  switch (change.kind) {
    case 'checkout_completed': {
      if (!change.customerId || !subscription) return null
      const linked: HouseholdBilling = { ...household, stripeCustomerId: change.customerId }
      if (subscription.standing === 'ended') return linked
      // not paid yet: remember it, so that its own events are recognised when it becomes active
      if (subscription.standing === 'pending') return { ...linked, stripeSubscriptionId: subscription.id }
      // the owner just paid for this subscription: it becomes the household's, whatever was before
      return withSubscription({ ...linked, stripeSubscriptionId: null }, subscription, now)
    }
    case 'subscription':
      return withSubscription(household, change.subscription, now)
    case 'payment_failed':
    case 'payment_succeeded': {
      const current = household.stripeSubscriptionId
      if (!current || (change.subscriptionId !== null && change.subscriptionId !== current)) return null
      if (change.kind === 'payment_failed') {
        if (household.billingStatus !== 'active' && household.billingStatus !== 'past_due') return null
        return { ...household, billingStatus: 'past_due', graceUntil: graceFrom(household, now) }
      }
      if (household.billingStatus !== 'past_due') return null
      return { ...household, billingStatus: 'active', graceUntil: null }
    }
    case 'ignored':
      return null
  }
}

export function sameBilling(a: HouseholdBilling, b: HouseholdBilling): boolean {
  return (
    a.plan === b.plan &&
    a.billingStatus === b.billingStatus &&
    (a.graceUntil?.getTime() ?? null) === (b.graceUntil?.getTime() ?? null) &&
    a.stripeCustomerId === b.stripeCustomerId &&
    a.stripeSubscriptionId === b.stripeSubscriptionId
  )
}
