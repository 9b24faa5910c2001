// A local Stripe for tests, following Stripe's public API reference for the calls Kinwise makes
// (https://docs.stripe.com/api): POST /v1/customers, POST /v1/checkout/sessions,
// POST /v1/billing_portal/sessions and GET /v1/subscriptions/:id, with form-encoded bodies,
// Bearer secret-key auth and Stripe's error shape. The test drives what Stripe would do on its
// side (a customer paying, a renewal failing, a cancellation) and gets the event Stripe would
// send, signed the way Stripe signs webhooks.
import { randomBytes } from 'node:crypto'
import Fastify from 'fastify'
import Stripe from 'stripe'

type Form = { [key: string]: string | Form }
type StripeObject = Record<string, unknown>

type FakePrice = { id: string; unitAmount: number }
type FakeCustomer = { id: string; email: string | null; name: string | null; metadata: Record<string, string> }
type FakeSession = {
  id: string
  customer: string | null
  priceId: string
  clientReferenceId: string | null
  metadata: Record<string, string>
  subscriptionMetadata: Record<string, string>
  successUrl: string | null
  cancelUrl: string | null
  status: 'open' | 'complete'
  subscription: string | null
  created: number
}
type FakeSubscription = {
  id: string
  customer: string
  priceId: string
  status: string
  metadata: Record<string, string>
  created: number
}

export type RecordedRequest = { method: string; path: string; body: Form; idempotencyKey: string | null }

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`
const seconds = (date: Date) => Math.floor(date.getTime() / 1000)

/** Parses Stripe's form encoding (`a[b][0][c]=x`) into nested objects (list indexes as keys). */
export function parseStripeForm(body: string): Form {
  const root: Form = {}
  for (const [key, value] of new URLSearchParams(body)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key)
    if (!match?.[1]) continue
    const path = [match[1], ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '')]
    let node = root
    path.forEach((segment, i) => {
      if (i === path.length - 1) {
        node[segment] = value
        return
      }
      const next = node[segment]
      if (typeof next === 'object') node = next
      else {
        const created: Form = {}
        node[segment] = created
        node = created
      }
    })
  }
  return root
}

const text = (form: Form | undefined, key: string): string | null => {
  const value = form?.[key]
  return typeof value === 'string' ? value : null
}
const sub = (form: Form | undefined, key: string): Form | undefined => {
  const value = form?.[key]
  return typeof value === 'object' ? value : undefined
}
const record = (form: Form | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(form ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null,
    readonly param: string | null,
  ) {
    super(message)
  }
}

const missing = (what: string, id: string, param: string | null) =>
  new StripeApiError(404, `No such ${what}: '${id}'`, 'resource_missing', param)

export type FakeStripeOptions = {
  secretKey: string
  webhookSecret: string
  prices: { basic: string; premium: string }
  /** Stripe's clock: `created` of objects and events, and the signature's timestamp */
  now: () => Date
}

export async function startFakeStripe(options: FakeStripeOptions) {
  const prices = new Map<string, FakePrice>([
    [options.prices.basic, { id: options.prices.basic, unitAmount: 600 }],
    [options.prices.premium, { id: options.prices.premium, unitAmount: 800 }],
  ])
  const customers = new Map<string, FakeCustomer>()
  const sessions = new Map<string, FakeSession>()
  const subscriptions = new Map<string, FakeSubscription>()
  const requests: RecordedRequest[] = []
  let base = ''

  const priceObject = (price: FakePrice) => ({
    id: price.id,
    object: 'price',
    active: true,
    currency: 'usd',
    unit_amount: price.unitAmount,
    recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
    type: 'recurring',
    livemode: false,
  })
  const customerObject = (c: FakeCustomer) => ({
    id: c.id,
    object: 'customer',
    email: c.email,
    name: c.name,
    metadata: c.metadata,
    created: seconds(options.now()),
    livemode: false,
  })
  const sessionObject = (s: FakeSession) => ({
    id: s.id,
    object: 'checkout.session',
    mode: 'subscription',
    customer: s.customer,
    client_reference_id: s.clientReferenceId,
    metadata: s.metadata,
    status: s.status,
    payment_status: s.status === 'complete' ? 'paid' : 'unpaid',
    subscription: s.subscription,
    success_url: s.successUrl,
    cancel_url: s.cancelUrl,
    url: s.status === 'open' ? `${base}/c/pay/${s.id}` : null,
    created: s.created,
    livemode: false,
  })
  const subscriptionObject = (s: FakeSubscription) => {
    const price = prices.get(s.priceId)
    const now = seconds(options.now())
    return {
      id: s.id,
      object: 'subscription',
      customer: s.customer,
      status: s.status,
      metadata: s.metadata,
      cancel_at_period_end: false,
      canceled_at: s.status === 'canceled' ? now : null,
      created: s.created,
      latest_invoice: null,
      livemode: false,
      items: {
        object: 'list',
        data: [
          {
            id: `si_${s.id.slice(4)}`,
            object: 'subscription_item',
            price: price ? priceObject(price) : { id: s.priceId, object: 'price' },
            quantity: 1,
            current_period_start: now,
            current_period_end: now + 30 * 86_400,
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${s.id}`,
      },
    }
  }

  const app = Fastify()
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, parseStripeForm(String(body)))
  })
  app.addHook('onRequest', async (req) => {
    if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
      throw new StripeApiError(401, 'Invalid API Key provided', null, null)
    }
  })
  app.addHook('preHandler', async (req) => {
    const key = req.headers['idempotency-key']
    requests.push({
      method: req.method,
      path: req.url.split('?')[0] ?? req.url,
      body: typeof req.body === 'object' && req.body !== null ? { ...req.body } : {},
      idempotencyKey: typeof key === 'string' ? key : null,
    })
  })
  app.setErrorHandler((error, _req, reply) => {
    if (error instanceof StripeApiError) {
      return reply.code(error.status).send({
        error: {
          type: 'invalid_request_error',
          message: error.message,
          ...(error.code ? { code: error.code } : {}),
          ...(error.param ? { param: error.param } : {}),
        },
      })
    }
    return reply.code(500).send({ error: { type: 'api_error', message: String(error) } })
  })
  const formOf = (body: unknown): Form => (typeof body === 'object' && body !== null ? { ...body } : {})

  app.post('/v1/customers', async (req) => {
    const body = formOf(req.body)
    const customer: FakeCustomer = {
      id: newId('cus'),
      email: text(body, 'email'),
      name: text(body, 'name'),
      metadata: record(sub(body, 'metadata')),
    }
    customers.set(customer.id, customer)
    return customerObject(customer)
  })

  app.post('/v1/checkout/sessions', async (req) => {
    const body = formOf(req.body)
    const mode = text(body, 'mode')
    if (mode !== 'subscription' && mode !== 'payment' && mode !== 'setup') {
      throw new StripeApiError(400, 'Invalid mode: must be one of payment, setup, or subscription', 'parameter_invalid_empty', 'mode')
    }
    if (mode !== 'subscription') throw new StripeApiError(400, 'This fake only supports subscription mode', null, 'mode')
    const customer = text(body, 'customer')
    if (customer && !customers.has(customer)) throw missing('customer', customer, 'customer')
    const items = Object.values(sub(body, 'line_items') ?? {}).filter((item): item is Form => typeof item === 'object')
    const first = items[0]
    const priceId = text(first, 'price')
    if (items.length !== 1 || !priceId) {
      throw new StripeApiError(400, 'You must provide at least one recurring price in `subscription` mode when using prices.', null, 'line_items')
    }
    if (!prices.has(priceId)) throw missing('price', priceId, 'line_items[0][price]')
    const session: FakeSession = {
      id: newId('cs_test'),
      customer,
      priceId,
      clientReferenceId: text(body, 'client_reference_id'),
      metadata: record(sub(body, 'metadata')),
      subscriptionMetadata: record(sub(sub(body, 'subscription_data'), 'metadata')),
      successUrl: text(body, 'success_url'),
      cancelUrl: text(body, 'cancel_url'),
      status: 'open',
      subscription: null,
      created: seconds(options.now()),
    }
    sessions.set(session.id, session)
    return sessionObject(session)
  })

  app.post('/v1/billing_portal/sessions', async (req) => {
    const body = formOf(req.body)
    const customer = text(body, 'customer')
    if (!customer) throw new StripeApiError(400, 'Missing required param: customer.', 'parameter_missing', 'customer')
    if (!customers.has(customer)) throw missing('customer', customer, 'customer')
    const id = newId('bps')
    return {
      id,
      object: 'billing_portal.session',
      configuration: 'bpc_fake',
      customer,
      return_url: text(body, 'return_url'),
      url: `${base}/p/session/${id}`,
      created: seconds(options.now()),
      flow: null,
      locale: null,
      on_behalf_of: null,
      livemode: false,
    }
  })

  app.get<{ Params: { id: string } }>('/v1/subscriptions/:id', async (req) => {
    const { id } = req.params
    const found = subscriptions.get(id)
    if (!found) throw missing('subscription', id, 'id')
    return subscriptionObject(found)
  })

  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`

  /** An event as Stripe delivers it (the "snapshot" payload of the Events API). */
  function event(type: string, object: StripeObject, extra: { created?: Date; previous?: StripeObject } = {}) {
    return {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: seconds(extra.created ?? options.now()),
      type,
      data: { object, ...(extra.previous ? { previous_attributes: extra.previous } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    }
  }
  type FakeEvent = ReturnType<typeof event>

  function subscriptionOf(id: string): FakeSubscription {
    const found = subscriptions.get(id)
    if (!found) throw new Error(`fake Stripe: no subscription ${id}`)
    return found
  }

  function invoiceObject(s: FakeSubscription, status: 'open' | 'paid') {
    return {
      id: newId('in'),
      object: 'invoice',
      customer: s.customer,
      status,
      billing_reason: 'subscription_cycle',
      amount_due: prices.get(s.priceId)?.unitAmount ?? 0,
      currency: 'usd',
      attempt_count: 1,
      created: seconds(options.now()),
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: s.id, metadata: s.metadata },
      },
      livemode: false,
    }
  }

  return {
    url: base,
    /** every API call the fake answered, in order */
    requests,
    customers,
    sessions,
    subscriptions,

    /** The customer pays on the Checkout page: a subscription starts; returns checkout.session.completed. */
    completeCheckout(sessionId: string, extra: { created?: Date } = {}): FakeEvent {
      const session = sessions.get(sessionId)
      if (!session?.customer) throw new Error(`fake Stripe: no checkout session ${sessionId} with a customer`)
      const subscription: FakeSubscription = {
        id: newId('sub'),
        customer: session.customer,
        priceId: session.priceId,
        status: 'active',
        metadata: session.subscriptionMetadata,
        created: seconds(options.now()),
      }
      subscriptions.set(subscription.id, subscription)
      session.status = 'complete'
      session.subscription = subscription.id
      return event('checkout.session.completed', sessionObject(session), extra)
    },

    /** A change made in the portal or by Stripe's retries; returns customer.subscription.updated. */
    updateSubscription(id: string, change: { priceId?: string; status?: string }, extra: { created?: Date } = {}): FakeEvent {
      const s = subscriptionOf(id)
      const previous: StripeObject = {}
      if (change.status && change.status !== s.status) {
        previous.status = s.status
        s.status = change.status
      }
      if (change.priceId && change.priceId !== s.priceId) {
        previous.items = subscriptionObject(s).items
        s.priceId = change.priceId
      }
      return event('customer.subscription.updated', subscriptionObject(s), { ...extra, previous })
    },

    /** The subscription ends (canceled in the portal, or unpaid); returns customer.subscription.deleted. */
    deleteSubscription(id: string, extra: { created?: Date } = {}): FakeEvent {
      const s = subscriptionOf(id)
      s.status = 'canceled'
      return event('customer.subscription.deleted', subscriptionObject(s), extra)
    },

    /** A renewal invoice's payment fails (invoice.payment_failed) or goes through (invoice.paid). */
    invoice(id: string, outcome: 'invoice.payment_failed' | 'invoice.paid', extra: { created?: Date } = {}): FakeEvent {
      const s = subscriptionOf(id)
      return event(outcome, invoiceObject(s, outcome === 'invoice.paid' ? 'paid' : 'open'), extra)
    },

    /** Any other event, e.g. one Kinwise does not act on. */
    event,

    /** The body and Stripe-Signature header Stripe would send for this event. */
    sign(payloadEvent: FakeEvent, extra: { secret?: string; at?: Date } = {}): { payload: string; signature: string } {
      const payload = JSON.stringify(payloadEvent, null, 2)
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: extra.secret ?? options.webhookSecret,
        timestamp: seconds(extra.at ?? options.now()),
      })
      return { payload, signature }
    },

    close: () => app.close(),
  }
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>
