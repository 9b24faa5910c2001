// Subscription use cases: the household's plan with its features and limits, and, when card
// billing is configured, Stripe Checkout for a paid plan and the customer portal for changes and
// cancellation. The plan itself changes only through verified webhooks (webhook.ts), or the
// administrator's `cli set-tier` when card billing is off.
import type { SubscriptionInfo } from '#src/contract/subscription'
import {
  BILLING_STATUSES,
  PLAN_PRICES,
  tierFeatures,
  tierLimits,
  type BillingStatus,
  type SubscriptionTier,
} from '#src/domain/tiers'
import type { AppDeps } from '#src/server/app-deps'
import type { Db } from '#src/server/db/connect'
import { AppError, conflict, notFound } from '#src/server/http/errors'
import { BillingCustomerMissingError, type BillingProvider, type PaidPlan } from '#src/server/integrations/billing/billing-provider'
import type { SessionUser } from '#src/server/core/sessions'
import * as repo from './repo'

const PAID_TIERS = ['basic', 'premium'] as const satisfies readonly SubscriptionTier[]

export const billingNotConfigured = () =>
  conflict(
    'Card billing is not set up on this server: the administrator sets each household\'s plan (npm run cli -- set-tier).',
    'BILLING_NOT_CONFIGURED',
  )

export const billingUnavailable = () =>
  new AppError(502, 'BILLING_UNAVAILABLE', 'The payment service could not be reached or refused the request. Please try again in a moment.')

function requireBilling(deps: Pick<AppDeps, 'billing'>): BillingProvider {
  if (!deps.billing) throw billingNotConfigured()
  return deps.billing
}

const isBillingStatus = (value: string): value is BillingStatus => (BILLING_STATUSES as readonly string[]).includes(value)

async function householdBilling(db: Db, householdId: string) {
  const row = await repo.findHouseholdBilling(db, householdId)
  if (!row) throw notFound('Household')
  return { ...row, billingStatus: isBillingStatus(row.billingStatus) ? row.billingStatus : 'none' }
}

export async function subscriptionInfo(deps: Pick<AppDeps, 'db' | 'billing'>, user: SessionUser): Promise<SubscriptionInfo> {
  // the session already carries the effective plan (a failed payment past its grace is free)
  const tier = user.subscriptionTier
  const household = await householdBilling(deps.db, user.householdId)
  return {
    tier,
    features: tierFeatures(tier),
    limits: tierLimits(tier),
    plans: PAID_TIERS.map((plan) => ({
      tier: plan,
      pricePerMonth: PLAN_PRICES[plan],
      features: tierFeatures(plan),
      limits: tierLimits(plan),
    })),
    billingEnabled: deps.billing !== null,
    billingStatus: household.billingStatus,
    graceUntil: household.graceUntil?.toISOString() ?? null,
    canManage: user.role === 'owner',
  }
}

/** Where Stripe sends the browser back to: the Subscription page of this server. */
export function subscriptionPageUrl(baseUrl: string, checkout?: 'success' | 'cancel'): string {
  const url = new URL('/subscription', baseUrl)
  if (checkout) url.searchParams.set('checkout', checkout)
  return url.href
}

/** The household's Stripe customer, created (and stored) on its first checkout. */
async function customerFor(
  db: Db,
  billing: BillingProvider,
  user: SessionUser,
  household: { name: string; stripeCustomerId: string | null },
): Promise<string> {
  if (household.stripeCustomerId) return household.stripeCustomerId
  const created = await billing.createCustomer({ email: user.email, name: household.name, householdId: user.householdId })
  // two checkouts started at once: the first stored customer wins (the other stays unused in Stripe)
  const stored = await repo.storeCustomerIfNone(db, user.householdId, created.id)
  if (stored) return stored
  const again = await householdBilling(db, user.householdId)
  if (!again.stripeCustomerId) throw new Error('the household has no Stripe customer after storing one')
  return again.stripeCustomerId
}

/**
 * The stored customer is unknown to Stripe (deleted, or made with the test keys before the switch
 * to live ones): forget it and its subscription, so the next checkout starts afresh. The plan is
 * left alone: only Stripe's events and the administrator change it.
 */
async function forgetCustomer(db: Db, householdId: string, customerId: string): Promise<void> {
  await repo.clearCustomer(db, householdId, customerId)
}

/**
 * A Checkout page for a paid plan. A household that already pays (a subscription active or past
 * due) gets the customer portal instead, where the plan is changed or cancelled: a second
 * checkout would start a second subscription.
 */
export async function startCheckout(
  deps: Pick<AppDeps, 'db' | 'billing'>,
  user: SessionUser,
  plan: PaidPlan,
  baseUrl: string,
): Promise<{ url: string }> {
  const billing = requireBilling(deps)
  let household = await householdBilling(deps.db, user.householdId)
  const paying = household.stripeSubscriptionId !== null && (household.billingStatus === 'active' || household.billingStatus === 'past_due')
  if (paying && household.stripeCustomerId) {
    try {
      return await billing.createPortal({ customerId: household.stripeCustomerId, returnUrl: subscriptionPageUrl(baseUrl) })
    } catch (error) {
      if (!(error instanceof BillingCustomerMissingError)) throw error
      await forgetCustomer(deps.db, user.householdId, household.stripeCustomerId)
      household = { ...household, stripeCustomerId: null }
    }
  }
  const checkout = (customerId: string) =>
    billing.createCheckout({
      customerId,
      plan,
      householdId: user.householdId,
      successUrl: subscriptionPageUrl(baseUrl, 'success'),
      cancelUrl: subscriptionPageUrl(baseUrl, 'cancel'),
    })
  const customerId = await customerFor(deps.db, billing, user, household)
  try {
    return await checkout(customerId)
  } catch (error) {
    if (!(error instanceof BillingCustomerMissingError)) throw error
    await forgetCustomer(deps.db, user.householdId, customerId)
    return checkout(await customerFor(deps.db, billing, user, { ...household, stripeCustomerId: null }))
  }
}

/** Stripe's customer portal for the household's subscription, invoices and card. */
export async function openPortal(deps: Pick<AppDeps, 'db' | 'billing'>, user: SessionUser, baseUrl: string): Promise<{ url: string }> {
  const billing = requireBilling(deps)
  const household = await householdBilling(deps.db, user.householdId)
  const noSubscription = () => conflict('There is no subscription to manage yet: choose a paid plan first.', 'NO_SUBSCRIPTION')
  if (!household.stripeCustomerId) throw noSubscription()
  try {
    return await billing.createPortal({ customerId: household.stripeCustomerId, returnUrl: subscriptionPageUrl(baseUrl) })
  } catch (error) {
    if (!(error instanceof BillingCustomerMissingError)) throw error
    await forgetCustomer(deps.db, user.householdId, household.stripeCustomerId)
    throw noSubscription()
  }
}
