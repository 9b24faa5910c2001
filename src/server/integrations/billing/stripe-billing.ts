// The Stripe adapter of BillingProvider, on the official `stripe` package: customers, Checkout
// Sessions in subscription mode, customer portal sessions, subscriptions, and webhook events
// verified with the endpoint's signing secret and translated into BillingChanges.
import Stripe from 'stripe'
import type { Clock } from '#src/server/clock'
import type { StripeConfig } from '#src/server/config'
import {
  BillingCustomerMissingError,
  BillingProviderError,
  BillingSignatureError,
  type BillingChange,
  type BillingProvider,
  type BillingSubscription,
  type PaidPlan,
  type SubscriptionStanding,
} from './billing-provider'

/** The metadata key that carries our household id on Stripe's objects. */
export const HOUSEHOLD_METADATA_KEY = 'household_id'

type Expandable = string | { id: string } | null | undefined

const idOf = (value: Expandable): string | null => (value == null ? null : typeof value === 'string' ? value : value.id)

/** Stripe's subscription statuses in our terms (see SubscriptionStanding). */
export function standingOf(status: string): SubscriptionStanding {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active'
    case 'past_due':
      return 'past_due'
    case 'canceled':
    case 'unpaid':
    case 'incomplete_expired':
    case 'paused':
      return 'ended'
    default:
      // incomplete (the first payment is still being made), or a status newer than this code
      return 'pending'
  }
}

function apiAddress(apiBase: string | null): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {}
  const url = new URL(apiBase)
  const protocol = url.protocol === 'http:' ? 'http' : 'https'
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol }
}

export function createStripeBilling(settings: StripeConfig, clock: Clock): BillingProvider {
  const stripe = new Stripe(settings.secretKey, {
    ...apiAddress(settings.apiBase),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Kinwise' },
  })
  const planOfPrice = (priceId: string | null): PaidPlan | null =>
    priceId === settings.prices.basic ? 'basic' : priceId === settings.prices.premium ? 'premium' : null

  function toSubscription(subscription: Stripe.Subscription): BillingSubscription {
    // a subscription may carry other items (add-ons): the plan is the item on one of our prices
    const prices = subscription.items.data.map((item) => item.price.id)
    const plan = prices.map(planOfPrice).find((p) => p !== null) ?? null
    return {
      id: subscription.id,
      customerId: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
      plan,
      standing: standingOf(subscription.status),
      householdId: subscription.metadata[HOUSEHOLD_METADATA_KEY] ?? null,
    }
  }

  async function call<T>(what: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError) {
        const message = `Stripe ${what} failed: ${error.message}`
        if (error.code === 'resource_missing' && error.param === 'customer') {
          throw new BillingCustomerMissingError(message, { cause: error })
        }
        throw new BillingProviderError(message, { cause: error })
      }
      throw error
    }
  }

  function changeOf(event: Stripe.Event): BillingChange {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object
        if (session.mode !== 'subscription') return { kind: 'ignored' }
        return {
          kind: 'checkout_completed',
          householdId: session.client_reference_id ?? session.metadata?.[HOUSEHOLD_METADATA_KEY] ?? null,
          customerId: idOf(session.customer),
          subscriptionId: idOf(session.subscription),
        }
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
      case 'customer.subscription.paused':
      case 'customer.subscription.resumed':
        return { kind: 'subscription', subscription: toSubscription(event.data.object) }
      case 'invoice.payment_failed':
      case 'invoice.paid':
      case 'invoice.payment_succeeded': {
        const invoice = event.data.object
        return {
          kind: event.type === 'invoice.payment_failed' ? 'payment_failed' : 'payment_succeeded',
          customerId: idOf(invoice.customer),
          subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
        }
      }
      default:
        return { kind: 'ignored' }
    }
  }

  return {
    createCustomer: ({ email, name, householdId }) =>
      call('customer creation', async () => {
        const customer = await stripe.customers.create({ email, name, metadata: { [HOUSEHOLD_METADATA_KEY]: householdId } })
        return { id: customer.id }
      }),

    createCheckout: ({ customerId, plan, householdId, successUrl, cancelUrl }) =>
      call('checkout', async () => {
        const session = await stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: customerId,
          line_items: [{ price: settings.prices[plan], quantity: 1 }],
          client_reference_id: householdId,
          metadata: { [HOUSEHOLD_METADATA_KEY]: householdId, plan },
          // the subscription's own events then name the household too
          subscription_data: { metadata: { [HOUSEHOLD_METADATA_KEY]: householdId } },
          success_url: successUrl,
          cancel_url: cancelUrl,
        })
        if (!session.url) throw new BillingProviderError('Stripe returned a checkout session without a URL')
        return { url: session.url }
      }),

    createPortal: ({ customerId, returnUrl }) =>
      call('customer portal', async () => {
        const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl })
        return { url: session.url }
      }),

    retrieveSubscription: (id) => call('subscription lookup', async () => toSubscription(await stripe.subscriptions.retrieve(id))),

    verifyEvent(rawBody, signature) {
      if (!signature) throw new BillingSignatureError('The Stripe-Signature header is missing')
      let event: Stripe.Event
      try {
        // the app's clock decides whether the signature is too old (Stripe's default tolerance)
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret, undefined, undefined, clock.now().getTime())
      } catch (error) {
        throw new BillingSignatureError(error instanceof Error ? error.message : 'Invalid signature', { cause: error })
      }
      return { id: event.id, type: event.type, created: new Date(event.created * 1000), change: changeOf(event) }
    },
  }
}
