// Card billing as the subscription module sees it (ADR 0023): customers, a hosted
// checkout for a paid plan, the hosted portal for changes and cancellation, and the provider's
// signed events, already translated into our terms. The Stripe adapter (stripe-billing.ts) is
// the one implementation; tests point it at the local fake (fake-stripe.ts).

export type PaidPlan = 'basic' | 'premium'

/**
 * Where a subscription stands, in our terms:
 * - `active`: paid up (or trialing): the household has the plan
 * - `past_due`: a renewal payment failed and the provider is retrying: grace period
 * - `ended`: canceled, unpaid after the retries, paused or never paid: back to free
 * - `pending`: the first payment is not through yet: nothing changes
 */
export type SubscriptionStanding = 'active' | 'past_due' | 'ended' | 'pending'

export type BillingSubscription = {
  id: string
  customerId: string
  /** the plan its price stands for; null when the price is neither configured price */
  plan: PaidPlan | null
  standing: SubscriptionStanding
  /** the household id we put in its metadata at checkout, when there */
  householdId: string | null
}

/** What a verified provider event means for a household, whatever the provider called it. */
export type BillingChange =
  /** a checkout finished: link the customer and subscription to the household it was for */
  | { kind: 'checkout_completed'; householdId: string | null; customerId: string | null; subscriptionId: string | null }
  /** a subscription was created, changed or deleted */
  | { kind: 'subscription'; subscription: BillingSubscription }
  /** an invoice payment failed (the provider retries) or went through */
  | { kind: 'payment_failed' | 'payment_succeeded'; customerId: string | null; subscriptionId: string | null }
  /** an event we do not act on */
  | { kind: 'ignored' }

export type BillingEvent = {
  /** the provider's event id: an event delivered twice is applied once */
  id: string
  type: string
  /** when the provider created the event: an event older than the last one applied is ignored */
  created: Date
  change: BillingChange
}

export type CheckoutRequest = {
  customerId: string
  plan: PaidPlan
  householdId: string
  successUrl: string
  cancelUrl: string
}

export type BillingProvider = {
  createCustomer(input: { email: string; name: string; householdId: string }): Promise<{ id: string }>
  /** a hosted checkout page for a subscription to the plan's price */
  createCheckout(input: CheckoutRequest): Promise<{ url: string }>
  /** the hosted portal where the customer changes or cancels their subscription */
  createPortal(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>
  retrieveSubscription(id: string): Promise<BillingSubscription>
  /**
   * The event in a webhook request, after checking its signature against the raw body.
   * Throws BillingSignatureError when the signature is missing, wrong or too old.
   */
  verifyEvent(rawBody: Buffer, signature: string | undefined): BillingEvent
}

/** The webhook's signature does not match its body (or is missing or too old). */
export class BillingSignatureError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'BillingSignatureError'
  }
}

/** The provider refused a call or could not be reached. */
export class BillingProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'BillingProviderError'
  }
}

/**
 * The provider has no such customer: the stored one was deleted, or belongs to other keys (test
 * mode ones, before the switch to live keys).
 */
export class BillingCustomerMissingError extends BillingProviderError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'BillingCustomerMissingError'
  }
}
