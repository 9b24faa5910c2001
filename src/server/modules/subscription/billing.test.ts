// Card billing end to end through the real `stripe` package against the local fake Stripe:
// Checkout, the customer portal, and the plan set only by signed webhooks.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, parseConfig } from '#src/server/config'
import { households, stripeEvents } from '#src/server/db/schema'
import { startFakeStripe, type FakeStripe } from '#src/server/integrations/billing/fake-stripe'
import { householdOf } from '#src/server/test/fixtures'
import { addMember, createTestApp, setTestPlan, signUp, type Client, type TestContext } from '#src/server/test/helper'

const PRICES = { basic: 'price_kinwise_basic', premium: 'price_kinwise_premium' }
const SECRET_KEY = 'sk_test_kinwise_fake'
const WEBHOOK_SECRET = 'whsec_kinwise_fake'
const DAY_MS = 86_400_000

const stripeEnv = (apiBase: string, secretKey = SECRET_KEY) => ({
  STRIPE_SECRET_KEY: secretKey,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_PRICE_BASIC: PRICES.basic,
  STRIPE_PRICE_PREMIUM: PRICES.premium,
  STRIPE_API_BASE: apiBase,
})

let t: TestContext
let stripe: FakeStripe

beforeAll(async () => {
  // Stripe's clock is the app's: event times and signature timestamps follow t.clock
  stripe = await startFakeStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, prices: PRICES, now: () => t.clock.now() })
  t = await createTestApp({ env: stripeEnv(stripe.url) })
})
afterAll(async () => {
  await t.close()
  await stripe.close()
})

type FakeEvent = ReturnType<FakeStripe['event']>

function deliver(app: TestContext['app'], payload: string, signature: string | null) {
  return app.inject({
    method: 'POST',
    url: '/api/billing/stripe/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    payload,
  })
}

/** Stripe delivers a signed event. */
async function send(event: FakeEvent) {
  const { payload, signature } = stripe.sign(event)
  const res = await deliver(t.app, payload, signature)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

async function household(client: Client) {
  const id = await householdOf(t.database.db, client)
  const [row] = await t.database.db.select().from(households).where(eq(households.id, id))
  if (!row) throw new Error('no household')
  return row
}

async function tierOf(client: Client): Promise<string> {
  const res = await client.get('/api/auth/user')
  expect(res.statusCode).toBe(200)
  return res.json().subscriptionTier
}

async function info(client: Client) {
  const res = await client.get('/api/subscription/info')
  expect(res.statusCode).toBe(200)
  return res.json()
}

async function checkout(owner: Client, plan: 'basic' | 'premium'): Promise<string> {
  const res = await owner.post('/api/subscription/checkout', { plan })
  expect(res.statusCode, res.body).toBe(200)
  const url: string = res.json().url
  const sessionId = url.split('/').pop() ?? ''
  expect(stripe.sessions.has(sessionId)).toBe(true)
  return sessionId
}

/** An owner who went through Checkout and paid: their household is on `plan` through the webhook. */
async function subscribed(plan: 'basic' | 'premium') {
  const owner = await signUp(t.app)
  const sessionId = await checkout(owner, plan)
  await send(stripe.completeCheckout(sessionId))
  const subscriptionId = stripe.sessions.get(sessionId)?.subscription
  if (!subscriptionId) throw new Error('no subscription')
  return { owner, subscriptionId }
}

describe('checkout', () => {
  it('creates the household a Stripe customer and a subscription Checkout on the chosen price, for its household', async () => {
    const owner = await signUp(t.app)
    const householdId = await householdOf(t.database.db, owner)
    const before = stripe.requests.length
    const res = await owner.post('/api/subscription/checkout', { plan: 'premium' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().url).toMatch(new RegExp(`^${stripe.url}/c/pay/cs_test_`))

    const calls = stripe.requests.slice(before)
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /v1/customers', 'POST /v1/checkout/sessions'])
    const customerId = [...stripe.customers.values()].find((c) => c.email === owner.user.email)?.id
    expect(customerId).toMatch(/^cus_/)
    expect(calls[0]?.body).toMatchObject({ email: owner.user.email, metadata: { household_id: householdId } })
    expect(calls[1]?.body).toMatchObject({
      mode: 'subscription',
      customer: customerId,
      line_items: { 0: { price: PRICES.premium, quantity: '1' } },
      client_reference_id: householdId,
      metadata: { household_id: householdId, plan: 'premium' },
      subscription_data: { metadata: { household_id: householdId } },
      success_url: 'http://localhost/subscription?checkout=success',
      cancel_url: 'http://localhost/subscription?checkout=cancel',
    })
    expect((await household(owner)).stripeCustomerId).toBe(customerId)
    // nothing is paid yet: the plan waits for Stripe's word
    expect(await tierOf(owner)).toBe('free')

    // a second try reuses the customer
    const again = stripe.requests.length
    await checkout(owner, 'basic')
    expect(stripe.requests.slice(again).map((c) => c.path)).toEqual(['/v1/checkout/sessions'])
    expect(stripe.requests.at(-1)?.body).toMatchObject({ customer: customerId, line_items: { 0: { price: PRICES.basic } } })
  })

  it('sends a household that already pays to the customer portal instead of a second subscription', async () => {
    const { owner } = await subscribed('basic')
    const before = stripe.requests.length
    const res = await owner.post('/api/subscription/checkout', { plan: 'premium' })
    expect(res.statusCode).toBe(200)
    expect(res.json().url).toMatch(new RegExp(`^${stripe.url}/p/session/bps_`))
    expect(stripe.requests.slice(before).map((c) => c.path)).toEqual(['/v1/billing_portal/sessions'])
  })

  it('refuses a plan that is not a paid one', async () => {
    const owner = await signUp(t.app)
    const res = await owner.post('/api/subscription/checkout', { plan: 'free' })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('VALIDATION_ERROR')
  })
})

describe('portal', () => {
  it('needs a Stripe customer first (409 NO_SUBSCRIPTION), then opens the portal back to /subscription', async () => {
    const owner = await signUp(t.app)
    const none = await owner.post('/api/subscription/portal')
    expect(none.statusCode).toBe(409)
    expect(none.json().code).toBe('NO_SUBSCRIPTION')

    const { owner: paying } = await subscribed('basic')
    const res = await paying.post('/api/subscription/portal')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().url).toMatch(new RegExp(`^${stripe.url}/p/session/bps_`))
    expect(stripe.requests.at(-1)?.body).toMatchObject({
      customer: (await household(paying)).stripeCustomerId,
      return_url: 'http://localhost/subscription',
    })
  })

  it('is for the owner alone: an adult, a teen and a viewer get 403 on checkout and portal', async () => {
    const { owner } = await subscribed('basic')
    for (const role of ['adult', 'teen', 'viewer'] as const) {
      const member = await addMember(t, owner, role)
      const before = stripe.requests.length
      const c = await member.post('/api/subscription/checkout', { plan: 'premium' })
      expect(c.statusCode).toBe(403)
      expect(c.json().code).toBe('FORBIDDEN')
      const p = await member.post('/api/subscription/portal')
      expect(p.statusCode).toBe(403)
      expect(p.json().code).toBe('FORBIDDEN')
      expect(stripe.requests.length).toBe(before)
      expect((await info(member)).canManage).toBe(false)
    }
    expect((await info(owner)).canManage).toBe(true)
  })

  it('starts afresh when Stripe no longer knows the stored customer (deleted, or made with test keys)', async () => {
    const owner = await signUp(t.app)
    const householdId = await householdOf(t.database.db, owner)
    await t.database.db.update(households).set({ stripeCustomerId: 'cus_gone' }).where(eq(households.id, householdId))
    const portal = await owner.post('/api/subscription/portal')
    expect(portal.statusCode).toBe(409)
    expect(portal.json().code).toBe('NO_SUBSCRIPTION')
    expect((await household(owner)).stripeCustomerId).toBeNull()

    await t.database.db.update(households).set({ stripeCustomerId: 'cus_gone' }).where(eq(households.id, householdId))
    await checkout(owner, 'basic')
    const customerId = (await household(owner)).stripeCustomerId
    expect(customerId).toMatch(/^cus_/)
    expect(stripe.customers.has(customerId ?? '')).toBe(true)
    expect(stripe.requests.at(-1)?.body).toMatchObject({ customer: customerId })
  })

  it('answers 502 BILLING_UNAVAILABLE when Stripe refuses the call', async () => {
    const other = await createTestApp({ env: stripeEnv(stripe.url, 'sk_test_not_the_right_key') })
    try {
      const owner = await signUp(other.app)
      const res = await owner.post('/api/subscription/checkout', { plan: 'basic' })
      expect(res.statusCode).toBe(502)
      expect(res.json().code).toBe('BILLING_UNAVAILABLE')
      expect(res.json().message).not.toMatch(/sk_test/)
    } finally {
      await other.close()
    }
  })
})

describe('webhooks set the plan', () => {
  it('checkout.session.completed puts the household on the paid plan: every member has it', async () => {
    const owner = await signUp(t.app)
    const adult = await addMember(t, owner, 'adult')
    const sessionId = await checkout(owner, 'basic')
    expect(await tierOf(adult)).toBe('free')

    const answer = await send(stripe.completeCheckout(sessionId))
    expect(answer).toEqual({ ok: true })
    const subscriptionId = stripe.sessions.get(sessionId)?.subscription
    const row = await household(owner)
    expect(row).toMatchObject({ plan: 'basic', billingStatus: 'active', graceUntil: null, stripeSubscriptionId: subscriptionId })
    expect(await tierOf(owner)).toBe('basic')
    expect(await tierOf(adult)).toBe('basic')
    expect(await info(adult)).toMatchObject({ tier: 'basic', billingEnabled: true, billingStatus: 'active', graceUntil: null })
  })

  it('customer.subscription.updated moves the household to the new price, and customer.subscription.deleted back to free', async () => {
    const { owner, subscriptionId } = await subscribed('basic')
    const viewer = await addMember(t, owner, 'viewer')
    await send(stripe.updateSubscription(subscriptionId, { priceId: PRICES.premium }))
    expect(await tierOf(owner)).toBe('premium')
    expect(await tierOf(viewer)).toBe('premium')

    await send(stripe.deleteSubscription(subscriptionId))
    expect(await household(owner)).toMatchObject({ plan: 'free', billingStatus: 'canceled', stripeSubscriptionId: null })
    expect(await tierOf(owner)).toBe('free')
    expect(await tierOf(viewer)).toBe('free')
    // no longer paying: a new checkout is a Checkout again, on the same customer
    const before = stripe.requests.length
    await checkout(owner, 'premium')
    expect(stripe.requests.slice(before).map((c) => c.path)).toEqual(['/v1/checkout/sessions'])
  })

  it('a subscription that becomes unpaid or canceled ends the plan', async () => {
    for (const status of ['unpaid', 'canceled'] as const) {
      const { owner, subscriptionId } = await subscribed('premium')
      await send(stripe.updateSubscription(subscriptionId, { status }))
      expect(await household(owner)).toMatchObject({ plan: 'free', billingStatus: 'canceled' })
    }
  })

  it('invoice.payment_failed: past due with a grace period (plan kept), free once it is over, back when paid', async () => {
    t.clock.set('2026-04-01T12:00:00Z')
    const { owner, subscriptionId } = await subscribed('premium')
    const teen = await addMember(t, owner, 'teen')
    await send(stripe.invoice(subscriptionId, 'invoice.payment_failed'))
    const graceUntil = new Date('2026-04-08T12:00:00Z')
    expect(await household(owner)).toMatchObject({ plan: 'premium', billingStatus: 'past_due', graceUntil })
    expect(await info(owner)).toMatchObject({ tier: 'premium', billingStatus: 'past_due', graceUntil: graceUntil.toISOString() })
    expect(await tierOf(teen)).toBe('premium')

    // Stripe retries and fails again: the grace period does not start over
    t.clock.set('2026-04-04T12:00:00Z')
    await send(stripe.invoice(subscriptionId, 'invoice.payment_failed'))
    await send(stripe.updateSubscription(subscriptionId, { status: 'past_due' }))
    expect((await household(owner)).graceUntil).toEqual(graceUntil)
    // (also keeps both sessions from idling out while the clock jumps)
    expect(await tierOf(owner)).toBe('premium')
    expect(await tierOf(teen)).toBe('premium')

    t.clock.set(new Date(graceUntil.getTime() + 60_000).toISOString())
    expect(await tierOf(owner)).toBe('free')
    expect(await tierOf(teen)).toBe('free')
    expect(await info(owner)).toMatchObject({ tier: 'free', billingStatus: 'past_due' })

    // the card is updated and the invoice paid: the plan is back
    await send(stripe.invoice(subscriptionId, 'invoice.paid'))
    expect(await household(owner)).toMatchObject({ plan: 'premium', billingStatus: 'active', graceUntil: null })
    expect(await tierOf(teen)).toBe('premium')
  })

  it('a subscription back to active clears past due', async () => {
    const { owner, subscriptionId } = await subscribed('basic')
    await send(stripe.updateSubscription(subscriptionId, { status: 'past_due' }))
    const due = await household(owner)
    expect(due).toMatchObject({ plan: 'basic', billingStatus: 'past_due' })
    expect(due.graceUntil?.getTime()).toBe(t.clock.now().getTime() + 7 * DAY_MS)
    await send(stripe.updateSubscription(subscriptionId, { status: 'active' }))
    expect(await household(owner)).toMatchObject({ plan: 'basic', billingStatus: 'active', graceUntil: null })
  })
})

describe('webhooks are safe', () => {
  it('applies an event once: a redelivery answers duplicate and changes nothing', async () => {
    const { owner, subscriptionId } = await subscribed('basic')
    const toPremium = stripe.updateSubscription(subscriptionId, { priceId: PRICES.premium })
    const signed = stripe.sign(toPremium)
    expect((await deliver(t.app, signed.payload, signed.signature)).json()).toEqual({ ok: true })
    await send(stripe.updateSubscription(subscriptionId, { priceId: PRICES.basic }))
    expect(await tierOf(owner)).toBe('basic')

    const again = await deliver(t.app, signed.payload, signed.signature)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual({ ok: true, duplicate: true })
    expect(await tierOf(owner)).toBe('basic')
    const recorded = await t.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, toPremium.id))
    expect(recorded).toHaveLength(1)
  })

  it('ignores an event older than one already applied (Stripe does not promise order), but records it', async () => {
    const { owner, subscriptionId } = await subscribed('basic')
    const now = t.clock.now()
    const older = stripe.updateSubscription(subscriptionId, { priceId: PRICES.basic }, { created: new Date(now.getTime() + 60_000) })
    const newer = stripe.updateSubscription(subscriptionId, { priceId: PRICES.premium }, { created: new Date(now.getTime() + 120_000) })
    await send(newer)
    expect(await send(older)).toEqual({ ok: true })
    expect(await household(owner)).toMatchObject({ plan: 'premium', billingEventAt: new Date(now.getTime() + 120_000) })
    const recorded = await t.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, older.id))
    expect(recorded).toHaveLength(1)

    // an older cancellation does not end a subscription a newer event kept going either
    await send(stripe.deleteSubscription(subscriptionId, { created: now }))
    expect(await tierOf(owner)).toBe('premium')
  })

  it('refuses a bad or missing signature with 400 BAD_SIGNATURE and changes nothing', async () => {
    const { owner, subscriptionId } = await subscribed('basic')
    const before = await household(owner)
    const event = stripe.deleteSubscription(subscriptionId)
    const { payload, signature } = stripe.sign(event)
    const forged = stripe.sign(event, { secret: 'whsec_someone_else' })
    const stale = stripe.sign(event, { at: new Date(t.clock.now().getTime() - 3_600_000) })
    const cases = [
      { payload, signature: null },
      { payload, signature: 'nonsense' },
      { payload, signature: forged.signature },
      { payload, signature: stale.signature },
      // the body changed after Stripe signed it
      { payload: payload.replace('"canceled"', '"active"'), signature },
    ]
    for (const c of cases) {
      const res = await deliver(t.app, c.payload, c.signature)
      expect(res.statusCode).toBe(400)
      expect(res.json().code).toBe('BAD_SIGNATURE')
    }
    expect(await household(owner)).toEqual(before)
    expect(await t.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toHaveLength(0)
    // the genuine delivery still works afterwards
    await deliver(t.app, payload, signature)
    expect(await tierOf(owner)).toBe('free')
  })

  it('answers 200 to events it does not act on, and to events for no household of ours', async () => {
    const owner = await signUp(t.app)
    const before = await household(owner)
    expect(await send(stripe.event('customer.created', { id: 'cus_elsewhere', object: 'customer' }))).toEqual({ ok: true })
    expect(await send(stripe.event('payment_intent.succeeded', { id: 'pi_1', object: 'payment_intent' }))).toEqual({ ok: true })
    // someone else's subscription on the same Stripe account
    const foreign = stripe.event('customer.subscription.deleted', {
      id: 'sub_foreign',
      object: 'subscription',
      customer: 'cus_foreign',
      status: 'canceled',
      metadata: {},
      items: { object: 'list', data: [], has_more: false, url: '/v1/subscription_items' },
    })
    expect(await send(foreign)).toEqual({ ok: true })
    expect(await household(owner)).toEqual(before)
  })

  it("finds a checkout's household by its Stripe customer when the reference is missing, and changes none for an unknown customer", async () => {
    const owner = await signUp(t.app)
    const sessionId = await checkout(owner, 'premium')
    const event = stripe.completeCheckout(sessionId)
    const withoutReference = { ...event, data: { object: { ...event.data.object, client_reference_id: 'not-a-uuid', metadata: {} } } }
    const strangerEvent = { ...withoutReference, id: `${event.id}_2`, data: { object: { ...withoutReference.data.object, customer: 'cus_unknown' } } }
    expect(await send(strangerEvent)).toEqual({ ok: true })
    expect(await tierOf(owner)).toBe('free')
    expect(await send(withoutReference)).toEqual({ ok: true })
    expect(await tierOf(owner)).toBe('premium')
  })
})

describe('administrator plans with Stripe configured', () => {
  it('set-tier still sets the plan; the next Stripe event for the household wins', async () => {
    const { owner, subscriptionId } = await subscribed('basic')
    await setTestPlan(t, owner, 'premium')
    expect(await tierOf(owner)).toBe('premium')
    await send(stripe.updateSubscription(subscriptionId, { status: 'active' }))
    expect(await tierOf(owner)).toBe('basic')
  })
})

describe('without Stripe', () => {
  it('says billing is off, refuses checkout and portal with 409 BILLING_NOT_CONFIGURED, and the webhook changes nothing', async () => {
    const plain = await createTestApp()
    try {
      const owner = await signUp(plain.app)
      const res = await owner.get('/api/subscription/info')
      expect(res.json()).toMatchObject({ billingEnabled: false, billingStatus: 'none', tier: 'free' })
      for (const url of ['/api/subscription/checkout', '/api/subscription/portal']) {
        const r = await owner.post(url, url.endsWith('checkout') ? { plan: 'basic' } : undefined)
        expect(r.statusCode).toBe(409)
        expect(r.json().code).toBe('BILLING_NOT_CONFIGURED')
        expect(r.json().message).toMatch(/set-tier/)
      }
      const { payload, signature } = stripe.sign(stripe.event('customer.subscription.updated', { id: 'sub_x', object: 'subscription' }))
      const hook = await deliver(plain.app, payload, signature)
      expect(hook.statusCode).toBe(409)
      expect(hook.json().code).toBe('BILLING_NOT_CONFIGURED')
      expect(await plain.database.db.select().from(stripeEvents)).toHaveLength(0)
    } finally {
      await plain.close()
    }
  })

  it('the configuration takes the four Stripe settings together or none', () => {
    const all = stripeEnv('http://127.0.0.1:12111')
    expect(parseConfig({ ...all }).stripe).toEqual({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      prices: PRICES,
      apiBase: 'http://127.0.0.1:12111',
    })
    expect(parseConfig({}).stripe).toBeNull()
    const { STRIPE_PRICE_PREMIUM: _premium, STRIPE_API_BASE: _base, ...three } = all
    expect(() => parseConfig(three)).toThrow(ConfigError)
    expect(() => parseConfig(three)).toThrow(/set together \(missing: STRIPE_PRICE_PREMIUM\)/)
    expect(() => parseConfig({ STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET })).toThrow(/missing: STRIPE_SECRET_KEY, STRIPE_PRICE_BASIC, STRIPE_PRICE_PREMIUM/)
    expect(() => parseConfig({ ...all, STRIPE_SECRET_KEY: 'pk_test_publishable' })).toThrow(/STRIPE_SECRET_KEY/)
    expect(() => parseConfig({ ...all, STRIPE_PRICE_PREMIUM: PRICES.basic })).toThrow(/two different prices/)
    expect(() => parseConfig({ STRIPE_API_BASE: 'http://127.0.0.1:12111' })).toThrow(/STRIPE_API_BASE/)
  })
})
