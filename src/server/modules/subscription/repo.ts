// Subscription queries: the household's billing columns (its Stripe customer and status).
import { and, eq, isNull } from 'drizzle-orm'
import type { DbOrTx } from '#src/server/db/connect'
import { households } from '#src/server/db/schema'

export async function findHouseholdBilling(db: DbOrTx, householdId: string) {
  const [row] = await db
    .select({
      name: households.name,
      billingStatus: households.billingStatus,
      graceUntil: households.graceUntil,
      stripeCustomerId: households.stripeCustomerId,
      stripeSubscriptionId: households.stripeSubscriptionId,
    })
    .from(households)
    .where(eq(households.id, householdId))
  return row
}

/** Stores the customer unless the household has one already; the stored id, or undefined when another won. */
export async function storeCustomerIfNone(db: DbOrTx, householdId: string, customerId: string): Promise<string | null | undefined> {
  const [stored] = await db
    .update(households)
    .set({ stripeCustomerId: customerId })
    .where(and(eq(households.id, householdId), isNull(households.stripeCustomerId)))
    .returning({ id: households.stripeCustomerId })
  return stored?.id
}

/** Clears the customer, its subscription and the billing status, when the customer is still the one stored. */
export async function clearCustomer(db: DbOrTx, householdId: string, customerId: string): Promise<void> {
  await db
    .update(households)
    .set({ stripeCustomerId: null, stripeSubscriptionId: null, billingStatus: 'none', graceUntil: null })
    .where(and(eq(households.id, householdId), eq(households.stripeCustomerId, customerId)))
}
