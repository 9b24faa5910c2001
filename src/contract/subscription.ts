// Subscription (docs/product.md §3: features, limits): the household's plan, what each plan
// includes, and card billing through Stripe when the administrator configured it (ADR 0023).
// Without Stripe the administrator sets plans with `cli set-tier`.
import { z } from 'zod'
import { BILLING_STATUSES } from '../domain/tiers'
import { MEMBER_READ, OWNER_ONLY, endpoint } from './endpoint'
import { subscriptionTier } from './auth'
import { okResponse } from './common'

export const tierLimits = z.object({
  accounts: z.number().int().nullable(),
  aiRequestsPerMonth: z.number().int(),
  bankConnections: z.number().int(),
  familyMembers: z.number().int(),
})

export const subscriptionInfo = z.object({
  /** the household's plan as it stands now */
  tier: subscriptionTier,
  features: z.array(z.string()),
  limits: tierLimits,
  plans: z.array(
    z.object({ tier: subscriptionTier, pricePerMonth: z.number(), features: z.array(z.string()), limits: tierLimits }),
  ),
  /** false: no card billing configured; the administrator sets plans */
  billingEnabled: z.boolean(),
  /** none | active | past_due (a payment failed: the plan holds until graceUntil) | canceled */
  billingStatus: z.enum(BILLING_STATUSES),
  graceUntil: z.string().nullable(),
  /** true when the caller may change the plan (the household's owner) */
  canManage: z.boolean(),
})
export type SubscriptionInfo = z.output<typeof subscriptionInfo>

export const getSubscriptionInfo = endpoint({
  method: 'GET',
  path: '/api/subscription/info',
  summary: "The household's plan, its features and limits, and the plans",
  tag: 'subscription',
  access: MEMBER_READ,
  response: subscriptionInfo,
})

export const checkoutBody = z.object({
  plan: z.enum(['basic', 'premium'], { error: 'Plan must be basic or premium' }),
})

export const startCheckout = endpoint({
  method: 'POST',
  path: '/api/subscription/checkout',
  summary:
    'Start a Stripe Checkout for a paid plan: returns the page to send the owner to. A household that already pays gets the customer portal URL instead (its plan is changed there). 409 BILLING_NOT_CONFIGURED without Stripe',
  tag: 'subscription',
  access: OWNER_ONLY,
  tokens: false,
  body: checkoutBody,
  response: z.object({ url: z.string() }),
})

export const openPortal = endpoint({
  method: 'POST',
  path: '/api/subscription/portal',
  summary:
    "Open Stripe's customer portal to change or cancel the plan: returns its URL. 409 NO_SUBSCRIPTION before the first checkout, 409 BILLING_NOT_CONFIGURED without Stripe",
  tag: 'subscription',
  access: OWNER_ONLY,
  tokens: false,
  response: z.object({ url: z.string() }),
})

export const stripeWebhook = endpoint({
  method: 'POST',
  path: '/api/billing/stripe/webhook',
  summary:
    'Stripe events (raw body, verified with the Stripe-Signature header: 400 BAD_SIGNATURE otherwise). duplicate: the event was already received',
  tag: 'subscription',
  auth: false,
  response: okResponse.extend({ duplicate: z.boolean().optional() }),
})
