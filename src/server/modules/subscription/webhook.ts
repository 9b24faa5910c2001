// Card-billing webhooks: the only way a plan changes when Stripe is configured. An
// event is verified with its signature, applied once (stripe_events by event id), ignored when
// older than the last event applied to the household (Stripe does not deliver in order), and
// recorded with the household's change in one transaction.
import { eq } from 'drizzle-orm'
import { isSubscriptionTier } from '#src/domain/tiers'
import type { AppDeps } from '#src/server/app-deps'
import type { DbOrTx } from '#src/server/db/connect'
import { households, stripeEvents } from '#src/server/db/schema'
import { badRequest } from '#src/server/http/errors'
import {
  BillingSignatureError,
  type BillingChange,
  type BillingSubscription,
} from '#src/server/integrations/billing/billing-provider'
import { billingNotConfigured } from './service'
import { nextBilling, sameBilling, type HouseholdBilling } from './billing-state'
import { recordAudit } from '#src/server/core/audit'

/** What became of an event, for the log. */
export type WebhookOutcome = 'applied' | 'unchanged' | 'duplicate' | 'stale' | 'no_household' | 'ignored'

export type WebhookResult = { eventId: string; type: string; outcome: WebhookOutcome; householdId: string | null }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const householdColumns = {
  id: households.id,
  plan: households.plan,
  billingStatus: households.billingStatus,
  graceUntil: households.graceUntil,
  stripeCustomerId: households.stripeCustomerId,
  stripeSubscriptionId: households.stripeSubscriptionId,
  billingEventAt: households.billingEventAt,
}

/**
 * The household an event is about, locked until the transaction ends: a checkout names it (our
 * client_reference_id), else its Stripe customer does.
 */
async function lockHousehold(tx: DbOrTx, change: BillingChange) {
  if (change.kind === 'ignored') return null
  const byId = change.kind === 'checkout_completed' && change.householdId && UUID.test(change.householdId) ? change.householdId : null
  const customerId = change.kind === 'subscription' ? change.subscription.customerId : change.customerId
  const where = byId ? eq(households.id, byId) : customerId ? eq(households.stripeCustomerId, customerId) : null
  if (!where) return null
  const [row] = await tx.select(householdColumns).from(households).where(where).for('update')
  return row ?? null
}

function billingOf(row: NonNullable<Awaited<ReturnType<typeof lockHousehold>>>): HouseholdBilling {
  const status = row.billingStatus
  return {
    plan: isSubscriptionTier(row.plan) ? row.plan : 'free',
    billingStatus: status === 'active' || status === 'past_due' || status === 'canceled' ? status : 'none',
    graceUntil: row.graceUntil,
    stripeCustomerId: row.stripeCustomerId,
    stripeSubscriptionId: row.stripeSubscriptionId,
  }
}

async function alreadySeen(db: DbOrTx, eventId: string): Promise<boolean> {
  const rows = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, eventId))
  return rows.length > 0
}

/** A customer already linked to another household is never moved by an event. */
async function customerTakenElsewhere(tx: DbOrTx, customerId: string, householdId: string): Promise<boolean> {
  const rows = await tx.select({ id: households.id }).from(households).where(eq(households.stripeCustomerId, customerId))
  return rows.some((row) => row.id !== householdId)
}

export async function handleStripeWebhook(
  deps: Pick<AppDeps, 'db' | 'billing' | 'clock'>,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<WebhookResult> {
  const billing = deps.billing
  if (!billing) throw billingNotConfigured()
  let event
  try {
    event = billing.verifyEvent(rawBody, signature)
  } catch (error) {
    if (error instanceof BillingSignatureError) {
      throw badRequest(`The Stripe signature does not match this request: ${error.message}`, 'BAD_SIGNATURE')
    }
    throw error
  }
  const result = (outcome: WebhookOutcome, householdId: string | null = null): WebhookResult => ({
    eventId: event.id,
    type: event.type,
    outcome,
    householdId,
  })
  const { change } = event
  // a redelivery needs no call to Stripe; the insert below is what really makes it idempotent
  if (await alreadySeen(deps.db, event.id)) return result('duplicate')
  // the checkout event names its subscription without including it: ask Stripe before the
  // transaction, so no row stays locked during a network call
  let subscription: BillingSubscription | null = null
  if (change.kind === 'checkout_completed' && change.subscriptionId) {
    subscription = await billing.retrieveSubscription(change.subscriptionId)
  }
  const now = deps.clock.now()
  return deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id })
    if (inserted.length === 0) return result('duplicate')
    if (change.kind === 'ignored') return result('ignored')
    const row = await lockHousehold(tx, change)
    if (!row) return result('no_household')
    if (row.billingEventAt && event.created.getTime() < row.billingEventAt.getTime()) return result('stale', row.id)
    const before = billingOf(row)
    const after = nextBilling(before, change, subscription, now)
    if (!after || sameBilling(before, after)) {
      // still the newest word on this household: an older event arriving later must not undo it
      await tx.update(households).set({ billingEventAt: event.created }).where(eq(households.id, row.id))
      return result('unchanged', row.id)
    }
    if (after.stripeCustomerId && after.stripeCustomerId !== before.stripeCustomerId) {
      if (await customerTakenElsewhere(tx, after.stripeCustomerId, row.id)) return result('unchanged', row.id)
    }
    await tx
      .update(households)
      .set({ ...after, billingEventAt: event.created, updatedAt: now })
      .where(eq(households.id, row.id))
    if (after.plan !== before.plan) {
      await recordAudit(tx, { event: 'plan_changed', userId: null, householdId: row.id, detail: { from: before.plan, to: after.plan, via: 'stripe' }, at: now })
    }
    return result('applied', row.id)
  })
}
