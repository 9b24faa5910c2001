// Deleting one's account (ADR 0026): asked for with the password, it takes effect
// DELETION_GRACE_DAYS later. Meanwhile the member's sessions reach only the export, the cancel
// and their own user (route() refuses the rest with ACCOUNT_DELETION_PENDING). Then the purge
// job removes every row of the member, and the whole household when they were its last member.
// In a household others stay in, what is the household's stays with it: see purgeMember, and
// each table's `deletion` in registry.ts.
import type { FastifyRequest } from 'fastify'
import { and, asc, eq, isNotNull, lte, ne, sql } from 'drizzle-orm'
import { DELETION_GRACE_DAYS } from '#src/domain/security'
import type { Db, Tx } from '#src/server/db/connect'
import { accounts, bills, goals, householdMembers, households, importBatches, transactions, users } from '#src/server/db/schema'
import { AppError, badRequest, conflict } from '#src/server/http/errors'
import { forgetScope } from '#src/server/core/scope'
import { recordAudit } from '#src/server/core/audit'
import { verifyPasswordGuess } from '#src/server/core/password-guesses'
import { requireRecentAuth } from '#src/server/core/reauth'
import type { SessionUser } from '#src/server/core/sessions'
import { deleteConnectionsOf, type DroppedConnection } from '../bank-connections/service'
import { removeAtProviders, type BankRelease } from '../bank-connections/release'
import { countMembers, deleteHousehold, lockHouseholds, membershipOf, ownerOf, setRole } from '../household/membership'
import { PASSED_ON_TABLES, type PassedOnTable } from './registry'

const DAY_MS = 86_400_000

export function deletionDate(now: Date): Date {
  return new Date(now.getTime() + DELETION_GRACE_DAYS * DAY_MS)
}

/**
 * Asks for the deletion: the password proves it is the member (an account without one, signed in
 * through OpenID Connect, needs a recent re-authentication instead). An owner of a household with
 * other members hands it over first; an owner paying for the household cancels that first.
 */
export async function requestDeletion(
  db: Db,
  user: SessionUser,
  body: { password?: string | undefined },
  req: FastifyRequest,
  now: Date,
): Promise<{ deleteAfter: string }> {
  const [row] = await db.select({ passwordHash: users.passwordHash, deleteAfter: users.deleteAfter }).from(users).where(eq(users.id, user.id))
  if (row?.passwordHash) {
    if (!body.password) throw badRequest('Enter your password to delete your account', 'PASSWORD_REQUIRED')
    // a guess counted like a sign-in's (ADR 0049)
    const ok = await verifyPasswordGuess(db, { email: user.email, passwordHash: row.passwordHash, password: body.password }, { now, req })
    if (!ok) throw new AppError(403, 'WRONG_PASSWORD', 'The password is not correct')
  } else {
    requireRecentAuth(req, now)
  }
  if (row?.deleteAfter) return { deleteAfter: row.deleteAfter.toISOString() }
  if (user.role === 'owner') {
    if ((await countMembers(db, user.householdId)) > 1) {
      throw conflict(
        'You own a household with other members: make one of them the owner on the Family page (Members → Make owner), then delete your account',
        'TRANSFER_OWNERSHIP_FIRST',
      )
    }
    const [household] = await db
      .select({ subscription: households.stripeSubscriptionId, status: households.billingStatus })
      .from(households)
      .where(eq(households.id, user.householdId))
    if (household?.subscription && (household.status === 'active' || household.status === 'past_due')) {
      throw conflict('Cancel your subscription first (Subscription → Manage billing), then delete your account', 'CANCEL_SUBSCRIPTION_FIRST')
    }
  }
  const deleteAfter = deletionDate(now)
  await db.transaction(async (tx) => {
    await tx.update(users).set({ deleteAfter, updatedAt: now }).where(eq(users.id, user.id))
    await recordAudit(tx, { event: 'deletion_requested', userId: user.id, detail: { deleteAfter: deleteAfter.toISOString() }, req, at: now })
  })
  return { deleteAfter: deleteAfter.toISOString() }
}

export async function cancelDeletion(db: Db, user: SessionUser, req: FastifyRequest, now: Date): Promise<{ deleteAfter: null }> {
  await db.transaction(async (tx) => {
    const cleared = await tx
      .update(users)
      .set({ deleteAfter: null, updatedAt: now })
      .where(and(eq(users.id, user.id), isNotNull(users.deleteAfter)))
      .returning({ id: users.id })
    if (cleared.length) await recordAudit(tx, { event: 'deletion_cancelled', userId: user.id, req, at: now })
  })
  return { deleteAfter: null }
}

type PassOn = { householdId: string; userId: string; ownerId: string; now: Date }

/**
 * How the rows of each table the registry marks 'passed-on' change hands when the member who made
 * them is deleted (a table added there without a line here does not compile). Their private
 * accounts go, with every transaction in them; the rest of their accounts pass to the owner.
 */
const PASS_ON: Record<PassedOnTable, (tx: Tx, p: PassOn) => Promise<unknown>> = {
  accounts: async (tx, { householdId, userId, ownerId, now }) => {
    const mine = and(eq(accounts.householdId, householdId), eq(accounts.userId, userId))
    await tx.delete(accounts).where(and(mine, eq(accounts.visibility, 'private')))
    await tx.update(accounts).set({ userId: ownerId, updatedAt: now }).where(mine)
  },
  transactions: (tx, { householdId, userId, ownerId }) =>
    tx
      .update(transactions)
      .set({ userId: ownerId })
      .where(and(eq(transactions.householdId, householdId), eq(transactions.userId, userId))),
  importBatches: (tx, { householdId, userId, ownerId }) =>
    tx
      .update(importBatches)
      .set({ userId: ownerId })
      .where(and(eq(importBatches.householdId, householdId), eq(importBatches.userId, userId))),
  bills: (tx, { householdId, userId, ownerId }) =>
    tx.update(bills).set({ userId: ownerId }).where(and(eq(bills.householdId, householdId), eq(bills.userId, userId))),
  goals: (tx, { householdId, userId, ownerId }) =>
    tx.update(goals).set({ userId: ownerId }).where(and(eq(goals.householdId, householdId), eq(goals.userId, userId))),
}

type Purged = { householdDeleted: boolean; householdId: string | null; dropped: DroppedConnection[] }

/**
 * Removes a member whose grace period is over. Their last household goes whole. In a household
 * others stay in: their private accounts go (with every transaction in them); their shared and
 * balance-only accounts are the household's record and pass to the owner, as when someone
 * leaves; the entries, bills, goals and imports they made in the household's accounts stay,
 * now under the owner's name (the registry's 'passed-on' tables, PASS_ON); their reminders,
 * credit scores, sessions, second factors and audit events go with the user row; their bank
 * connections are deleted (the accounts they fed stay, as above) and returned, for Plaid to be
 * told after the commit. An owner whose household gained members meanwhile hands it to the
 * longest-standing adult (else the longest-standing member). One transaction.
 */
export async function purgeMember(tx: Tx, userId: string, now: Date): Promise<Purged> {
  const membership = await membershipOf(tx, userId)
  if (!membership) {
    await tx.delete(users).where(eq(users.id, userId))
    return { householdDeleted: false, householdId: null, dropped: [] }
  }
  const householdId = membership.householdId
  await lockHouseholds(tx, [householdId])
  if ((await countMembers(tx, householdId)) <= 1) {
    const dropped = await deleteHousehold(tx, householdId)
    await tx.delete(users).where(eq(users.id, userId))
    return { householdDeleted: true, householdId, dropped }
  }
  // their bank connections go with them, first (a sync holding one waits for nothing of ours)
  const dropped = await deleteConnectionsOf(tx, householdId, userId)
  if (membership.role === 'owner') {
    const others = await tx
      .select({ userId: householdMembers.userId, role: householdMembers.role })
      .from(householdMembers)
      .where(and(eq(householdMembers.householdId, householdId), ne(householdMembers.userId, userId)))
      .orderBy(sql`${householdMembers.role} <> 'adult'`, asc(householdMembers.createdAt), asc(householdMembers.userId))
    const heir = others[0]
    if (!heir) throw new Error('a household with several members has no other member')
    await setRole(tx, householdId, userId, 'adult')
    await setRole(tx, householdId, heir.userId, 'owner')
  }
  const ownerId = await ownerOf(tx, householdId)
  if (!ownerId) throw new Error(`household ${householdId} has no owner`)
  for (const name of PASSED_ON_TABLES) await PASS_ON[name](tx, { householdId, userId, ownerId, now })
  const [person] = await tx.select({ firstName: users.firstName }).from(users).where(eq(users.id, userId))
  await tx.delete(users).where(eq(users.id, userId))
  await recordAudit(tx, {
    event: 'member_removed',
    userId: null,
    householdId,
    detail: { reason: 'account deleted', firstName: person?.firstName ?? '' },
    at: now,
  })
  return { householdDeleted: false, householdId, dropped }
}

/**
 * The purge job: every member whose grace period ended by `now`, each in its own transaction;
 * Plaid is then told to remove the items of their deleted bank connections.
 */
export async function purgeDeletedAccounts(db: Db, now: Date, banks: BankRelease): Promise<number> {
  const due = await db
    .select({ id: users.id })
    .from(users)
    .where(and(isNotNull(users.deleteAfter), lte(users.deleteAfter, now)))
    .orderBy(asc(users.deleteAfter))
  let purged = 0
  for (const { id } of due) {
    const result = await db.transaction(async (tx) => {
      // still due: the member may have cancelled since the list was read
      const [row] = await tx
        .select({ deleteAfter: users.deleteAfter })
        .from(users)
        .where(eq(users.id, id))
        .for('update')
      if (!row?.deleteAfter || row.deleteAfter > now) return null
      return purgeMember(tx, id, now)
    })
    if (!result) continue
    purged += 1
    await removeAtProviders(banks, result.dropped)
    if (result.householdId) forgetScope(db, result.householdId)
  }
  return purged
}
