// Setting a household's plan by hand: the administrator's `cli set-tier` (when card billing is
// off) and tests. With Stripe configured, verified webhooks set it instead (webhook.ts).
import { eq, sql } from 'drizzle-orm'
import type { SubscriptionTier } from '#src/domain/tiers'
import type { DbOrTx } from '#src/server/db/connect'
import { householdMembers, households, users } from '#src/server/db/schema'
import { recordAudit } from '#src/server/core/audit'

/** Puts the household of the user with this e-mail on `plan`; false when no such user. */
export async function setPlanByEmail(db: DbOrTx, email: string, plan: SubscriptionTier, now: Date): Promise<boolean> {
  const [member] = await db
    .select({ householdId: householdMembers.householdId })
    .from(users)
    .innerJoin(householdMembers, eq(householdMembers.userId, users.id))
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
  if (!member) return false
  await setPlan(db, member.householdId, plan, now)
  return true
}

/** What `cli set-tier` says when card billing is configured: Stripe's next event wins. */
export const SET_TIER_WITH_STRIPE_WARNING =
  "Warning: card billing (Stripe) is configured. The household's next Stripe event (a renewal, a change or a cancellation) sets its plan again and may overwrite this one."

export async function setPlan(db: DbOrTx, householdId: string, plan: SubscriptionTier, now: Date): Promise<void> {
  const [before] = await db.select({ plan: households.plan }).from(households).where(eq(households.id, householdId))
  await db.update(households).set({ plan, updatedAt: now }).where(eq(households.id, householdId))
  // the owner sees it in the household's audit log
  if (before && before.plan !== plan) {
    await recordAudit(db, { event: 'plan_changed', userId: null, householdId, detail: { from: before.plan, to: plan }, at: now })
  }
}
