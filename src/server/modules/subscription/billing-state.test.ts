// The billing rules on their own: which events move a household's plan, and which do not.
import { describe, expect, it } from 'vitest'
import type { BillingSubscription } from '#src/server/integrations/billing/billing-provider'
import { nextBilling, withSubscription, type HouseholdBilling } from './billing-state'

const now = new Date('2026-03-15T12:00:00Z')
const paying: HouseholdBilling = {
  plan: 'basic',
  billingStatus: 'active',
  graceUntil: null,
  stripeCustomerId: 'cus_1',
  stripeSubscriptionId: 'sub_1',
}
const sub = (over: Partial<BillingSubscription> = {}): BillingSubscription => ({
  id: 'sub_1',
  customerId: 'cus_1',
  plan: 'premium',
  standing: 'active',
  householdId: null,
  ...over,
})

describe('billing rules', () => {
  it("follows the household's own subscription, and ignores another one of the same customer", () => {
    expect(withSubscription(paying, sub(), now)).toMatchObject({ plan: 'premium', billingStatus: 'active' })
    expect(withSubscription(paying, sub({ id: 'sub_2' }), now)).toBeNull()
    expect(withSubscription(paying, sub({ id: 'sub_2', standing: 'ended' }), now)).toBeNull()
    // a household without one adopts an active subscription (its event may come before the checkout's)
    const none: HouseholdBilling = { ...paying, plan: 'free', billingStatus: 'none', stripeSubscriptionId: null }
    expect(withSubscription(none, sub({ id: 'sub_2' }), now)).toMatchObject({ plan: 'premium', stripeSubscriptionId: 'sub_2' })
    expect(withSubscription(none, sub({ id: 'sub_2', standing: 'ended' }), now)).toBeNull()
  })

  it('keeps the plan for a price that is neither configured plan, and changes nothing while the first payment is pending', () => {
    expect(withSubscription(paying, sub({ plan: null }), now)).toMatchObject({ plan: 'basic', billingStatus: 'active' })
    expect(withSubscription(paying, sub({ standing: 'pending' }), now)).toBeNull()
  })

  it('starts the grace period on the first failure only', () => {
    const failed = nextBilling(paying, { kind: 'payment_failed', customerId: 'cus_1', subscriptionId: 'sub_1' }, null, now)
    expect(failed).toMatchObject({ billingStatus: 'past_due', graceUntil: new Date('2026-03-22T12:00:00Z') })
    if (!failed) throw new Error('no change')
    const later = new Date('2026-03-18T12:00:00Z')
    expect(nextBilling(failed, { kind: 'payment_failed', customerId: 'cus_1', subscriptionId: 'sub_1' }, null, later)?.graceUntil).toEqual(
      failed.graceUntil,
    )
    expect(withSubscription(failed, sub({ plan: 'basic', standing: 'past_due' }), later)?.graceUntil).toEqual(failed.graceUntil)
    expect(nextBilling(failed, { kind: 'payment_succeeded', customerId: 'cus_1', subscriptionId: 'sub_1' }, null, later)).toMatchObject({
      billingStatus: 'active',
      graceUntil: null,
    })
  })

  it('a failed or paid invoice changes nothing for a household that does not pay, or for another subscription', () => {
    const canceled: HouseholdBilling = { ...paying, plan: 'free', billingStatus: 'canceled', stripeSubscriptionId: null }
    expect(nextBilling(canceled, { kind: 'payment_failed', customerId: 'cus_1', subscriptionId: 'sub_1' }, null, now)).toBeNull()
    expect(nextBilling(paying, { kind: 'payment_failed', customerId: 'cus_1', subscriptionId: 'sub_9' }, null, now)).toBeNull()
    expect(nextBilling(paying, { kind: 'payment_succeeded', customerId: 'cus_1', subscriptionId: 'sub_1' }, null, now)).toBeNull()
  })

  it('a completed checkout links the customer and its subscription, even before it is paid', () => {
    const fresh: HouseholdBilling = { plan: 'free', billingStatus: 'none', graceUntil: null, stripeCustomerId: null, stripeSubscriptionId: null }
    const change = { kind: 'checkout_completed', householdId: 'h', customerId: 'cus_1', subscriptionId: 'sub_1' } as const
    expect(nextBilling(fresh, change, sub(), now)).toEqual({ ...paying, plan: 'premium' })
    expect(nextBilling(fresh, change, sub({ standing: 'pending' }), now)).toEqual({ ...fresh, stripeCustomerId: 'cus_1', stripeSubscriptionId: 'sub_1' })
    expect(nextBilling(fresh, change, null, now)).toBeNull()
  })
})
