// Household use cases (ADR 0023): the household and its members as the caller sees
// them, invites (create, list, revoke, preview, accept), role changes, removal, leaving and the
// transfer of ownership. Every change of membership is one database transaction that first
// locks the households it touches, so two changes to one household never interleave. A member
// who goes takes their bank connections in the household with them (deleted; Plaid is told
// after the commit).
import { randomBytes } from 'node:crypto'
import type { Household, Invite, invitePreview } from '#src/contract/household'
import { avatarUrl } from '#src/contract/user'
import type { z } from 'zod'
import { isRole, type AccountVisibility, type InviteRole, type Role } from '#src/domain/access'
import {
  INVITE_REFUSALS,
  accountsOnLeaving,
  inviteExpiry,
  inviteRefusal,
  inviteState,
  joinConsequences,
  joinRefusal,
  leaveRefusal,
  ownHouseholdName,
  type Refusal,
} from '#src/domain/household'
import { effectivePlan, tierLimits, type BillingStatus, type SubscriptionTier } from '#src/domain/tiers'
import type { Db, DbOrTx, Tx } from '#src/server/db/connect'
import { AppError, conflict, forbidden, notFound } from '#src/server/http/errors'
import { memberScope } from '#src/server/core/scope'
import { createDefaultCategories } from '../categories/service'
import { loadSessionUser, type SessionUser } from '#src/server/core/sessions'
import type { DroppedConnection } from '../bank-connections/service'
import { removeAtProviders, type BankRelease } from '../bank-connections/release'
import { moveAccounts } from './move-accounts'
import * as repo from './repo'
import { recordAudit } from '#src/server/core/audit'

type InvitePreview = z.output<typeof invitePreview>

const refused = (r: Refusal) => conflict(r.message, r.code)
const gone = (r: Refusal) => new AppError(410, r.code, r.message)

const planOf = (row: repo.HouseholdRow, now: Date): SubscriptionTier =>
  effectivePlan(
    {
      plan: row.plan === 'basic' || row.plan === 'premium' ? row.plan : 'free',
      billingStatus: row.billingStatus as BillingStatus,
      graceUntil: row.graceUntil,
    },
    now,
  )

/** Most people a household may hold besides its owner, on its plan. */
const memberLimit = (row: repo.HouseholdRow, now: Date) => tierLimits(planOf(row, now)).familyMembers

/** The household as `user` sees it: every member, and of each member's accounts those `user` may see. */
async function householdView(db: DbOrTx, user: SessionUser, now: Date): Promise<Household> {
  const row = await repo.findHousehold(db, user.householdId)
  if (!row) throw notFound('Household')
  // one query after another: inside a transaction (and on the embedded database) they share a connection
  const members = await repo.listMembers(db, row.id)
  const accountRows = await repo.accountsOf(db, row.id)
  const scope = await memberScope(db, user)
  return {
    id: row.id,
    name: row.name,
    plan: planOf(row, now),
    myRole: user.role,
    members: members.map((m) => ({
      userId: m.userId,
      firstName: m.firstName,
      lastName: m.lastName,
      email: m.email,
      profileImageUrl: m.avatarUpdatedAt ? avatarUrl(m.userId, m.avatarUpdatedAt) : null,
      role: toRole(m.role),
      joinedAt: m.joinedAt.toISOString(),
      accounts: accountRows
        .filter((a) => a.ownerId === m.userId && (scope.accounts.get(a.id)?.view ?? 'none') !== 'none')
        .map((a) => ({ id: a.id, name: a.name, visibility: a.visibility as AccountVisibility })),
    })),
  }
}

const toRole = (role: string): Role => (isRole(role) ? role : 'viewer')

export function getHousehold(db: Db, user: SessionUser, now: Date): Promise<Household> {
  return householdView(db, user, now)
}

/**
 * Locks the caller's household and checks, in the database rather than the session, that they
 * are still in it (with the role the session says, when `role` is given).
 */
async function lockOwnHousehold(tx: Tx, user: SessionUser, role?: 'owner'): Promise<void> {
  await repo.lockHouseholds(tx, [user.householdId])
  const membership = await repo.membershipOf(tx, user.id)
  if (!membership || membership.householdId !== user.householdId) {
    throw conflict('Your household changed meanwhile: reload the page and try again', 'HOUSEHOLD_CHANGED')
  }
  if (role && membership.role !== role) throw forbidden(`This needs the ${role} role or higher`)
}

export async function rename(db: Db, user: SessionUser, name: string, now: Date): Promise<Household> {
  return db.transaction(async (tx) => {
    await lockOwnHousehold(tx, user, 'owner')
    await repo.renameHousehold(tx, user.householdId, name, now)
    return householdView(tx, user, now)
  })
}

// Invites

/** Where invite links point: the configured public address, else the address the request came to. */
export const inviteUrl = (base: string, token: string) => `${base.replace(/\/+$/, '')}/join/${token}`

const toInviteRole = (role: string): InviteRole => (role === 'teen' || role === 'viewer' ? role : 'adult')

const toInviteDto = (row: repo.InviteRow, base: string): Invite => ({
  token: row.token,
  url: inviteUrl(base, row.token),
  role: toInviteRole(row.role),
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
})

export async function createInvite(
  db: Db,
  user: SessionUser,
  body: { role: InviteRole; expiresInDays: number },
  base: string,
  now: Date,
): Promise<Invite> {
  return db.transaction(async (tx) => {
    await lockOwnHousehold(tx, user, 'owner')
    const household = await repo.findHousehold(tx, user.householdId)
    if (!household) throw notFound('Household')
    const seats = {
      members: (await repo.countMembers(tx, household.id)) - 1,
      pendingInvites: await repo.countPendingInvites(tx, household.id, now),
    }
    const refusal = inviteRefusal(seats, memberLimit(household, now))
    if (refusal) throw refused(refusal)
    const row = await repo.insertInvite(tx, {
      token: randomBytes(24).toString('base64url'),
      householdId: household.id,
      role: body.role,
      createdBy: user.id,
      expiresAt: inviteExpiry(now, body.expiresInDays),
      createdAt: now,
    })
    return toInviteDto(row, base)
  })
}

export async function listInvites(db: Db, user: SessionUser, base: string, now: Date): Promise<Invite[]> {
  const rows = await repo.listPendingInvites(db, user.householdId, now)
  return rows.map((row) => toInviteDto(row, base))
}

/** The invite when it still opens the door: 404 for an unknown token, 410 used, revoked or expired. */
function pendingInvite(invite: repo.InviteRow | null, now: Date): repo.InviteRow {
  if (!invite) throw notFound('Invite')
  const state = inviteState(invite, now)
  if (state !== 'pending') throw gone(INVITE_REFUSALS[state])
  return invite
}

export async function revokeInvite(db: Db, user: SessionUser, token: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOwnHousehold(tx, user, 'owner')
    const invite = await repo.lockInvite(tx, token)
    // another household's invite does not exist for this caller
    pendingInvite(invite?.householdId === user.householdId ? invite : null, now)
    await repo.markInviteRevoked(tx, token, now)
  })
}

type JoinCheck = {
  invite: repo.InviteRow
  target: repo.HouseholdRow
  current: repo.HouseholdRow
  refusal: Refusal | null
}

/** Everything accepting depends on, and the first reason it is refused (null: it may go ahead). */
async function checkJoin(db: DbOrTx, user: SessionUser, invite: repo.InviteRow, now: Date): Promise<JoinCheck> {
  const membership = await repo.membershipOf(db, user.id)
  const target = await repo.findHousehold(db, invite.householdId)
  const current = membership ? await repo.findHousehold(db, membership.householdId) : null
  if (!target) throw notFound('Invite')
  if (!current) throw notFound('Household')
  const refusal = joinRefusal({
    alreadyMember: current.id === target.id,
    othersInCurrent: await repo.countOthers(db, current.id, user.id),
    membersInTarget: (await repo.countMembers(db, target.id)) - 1,
    limit: memberLimit(target, now),
    paidSubscription:
      current.stripeSubscriptionId !== null && (current.billingStatus === 'active' || current.billingStatus === 'past_due'),
  })
  return { invite, target, current, refusal }
}

export async function previewInvite(db: Db, user: SessionUser, token: string, now: Date): Promise<InvitePreview> {
  const invite = pendingInvite(await repo.findInvite(db, token), now)
  const { target, current, refusal } = await checkJoin(db, user, invite, now)
  const inviter = (await repo.listMembers(db, target.id)).find((m) => m.userId === invite.createdBy)
  const role = toInviteRole(invite.role)
  let consequences: string[]
  if (refusal) consequences = [refusal.message]
  else {
    const accountRows = await repo.accountsOf(db, current.id)
    const contents = await repo.householdContents(db, current.id)
    consequences = joinConsequences(
      { name: target.name, role },
      { name: current.name, plan: planOf(current, now), accounts: accountRows.map((a) => a.name), ...contents },
    )
  }
  return {
    householdName: target.name,
    // the inviter may have left since; the household still stands behind the link
    invitedBy: inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() || inviter.email : target.name,
    role,
    expiresAt: invite.expiresAt.toISOString(),
    consequences,
    blocked: refusal,
  }
}

/**
 * Joins the invite's household: the caller's accounts come along as private ones (with their
 * transactions, credit scores and reminders), their old household is deleted with what is left
 * in it — their bank connections too (Plaid told after the commit) — and the invite is used up.
 * One transaction.
 */
export async function acceptInvite(db: Db, user: SessionUser, token: string, now: Date, banks: BankRelease): Promise<Household> {
  const dropped = await db.transaction(async (tx) => {
    const invite = pendingInvite(await repo.lockInvite(tx, token), now)
    const before = await repo.membershipOf(tx, user.id)
    if (!before) throw notFound('Household')
    await repo.lockHouseholds(tx, [before.householdId, invite.householdId])
    const { target, current, refusal } = await checkJoin(tx, user, invite, now)
    if (current.id !== before.householdId) {
      throw conflict('Your household changed meanwhile: reload the page and try again', 'HOUSEHOLD_CHANGED')
    }
    if (refusal) throw refused(refusal)
    // the member's bank connections go first (a sync holding one waits for nothing of ours)
    const dropped = await repo.removeMembership(tx, current.id, user.id)
    const accountIds = (await repo.accountsOf(tx, current.id)).map((a) => a.id)
    await moveAccounts(tx, { from: current.id, to: target.id, accountIds, ownerId: user.id, visibility: 'private', now })
    await repo.movePersonalRows(tx, current.id, target.id, user.id)
    dropped.push(...(await repo.deleteHousehold(tx, current.id)))
    await repo.addMembership(tx, target.id, user.id, invite.role)
    await repo.markInviteUsed(tx, token, user.id, now)
    await recordAudit(tx, { event: 'member_joined', userId: user.id, householdId: target.id, detail: { role: invite.role }, at: now })
    return dropped
  })
  await removeAtProviders(banks, dropped)
  return householdView(db, await loadSessionUser(db, user.id, now), now)
}

// Members

async function requireMember(db: DbOrTx, householdId: string, userId: string): Promise<repo.MemberRow> {
  const member = await repo.findMember(db, householdId, userId)
  if (!member) throw notFound('Member')
  return member
}

export async function updateMemberRole(
  db: Db,
  user: SessionUser,
  userId: string,
  role: InviteRole,
  now: Date,
): Promise<Household> {
  return db.transaction(async (tx) => {
    await lockOwnHousehold(tx, user, 'owner')
    const member = await requireMember(tx, user.householdId, userId)
    if (member.role === 'owner') {
      throw conflict('The owner’s role changes only by making someone else the owner', 'OWNER_ROLE')
    }
    await repo.setRole(tx, user.householdId, userId, role)
    await recordAudit(tx, { event: 'role_changed', userId, householdId: user.householdId, actorId: user.id, detail: { from: member.role, to: role }, at: now })
    return householdView(tx, user, now)
  })
}

/**
 * Takes a member out of the household into a new free household of their own, where they are
 * the owner: their private accounts (with transactions), credit scores and reminders go along;
 * their shared and balance-only accounts stay and pass to the household's owner; their bank
 * connections in it are deleted (the accounts they fed stay as ordinary ones) and returned, for
 * Plaid to be told once the transaction is committed.
 */
async function splitOff(tx: Tx, householdId: string, member: repo.MemberRow, now: Date): Promise<DroppedConnection[]> {
  const ownerId = await repo.ownerOf(tx, householdId)
  if (!ownerId) throw new Error(`household ${householdId} has no owner`)
  const accountRows = await repo.accountsOf(tx, householdId)
  const { moving, handedOver } = accountsOnLeaving(
    accountRows.map((a) => ({ ...a, visibility: a.visibility as AccountVisibility })),
    member.userId,
  )
  const dropped = await repo.removeMembership(tx, householdId, member.userId)
  const own = await repo.createOwnHousehold(tx, member.userId, ownHouseholdName(member.firstName))
  await createDefaultCategories(tx, own)
  await repo.handOverAccounts(tx, handedOver, ownerId, now)
  await moveAccounts(tx, { from: householdId, to: own, accountIds: moving, now })
  await repo.movePersonalRows(tx, householdId, own, member.userId)
  return dropped
}

export async function removeMember(db: Db, user: SessionUser, userId: string, now: Date, banks: BankRelease): Promise<void> {
  const dropped = await db.transaction(async (tx) => {
    await lockOwnHousehold(tx, user, 'owner')
    if (userId === user.id) {
      throw conflict('You cannot remove yourself: make another member the owner, then leave', 'CANNOT_REMOVE_SELF')
    }
    const gone = await splitOff(tx, user.householdId, await requireMember(tx, user.householdId, userId), now)
    await recordAudit(tx, { event: 'member_removed', userId, householdId: user.householdId, actorId: user.id, at: now })
    return gone
  })
  await removeAtProviders(banks, dropped)
}

export async function leave(db: Db, user: SessionUser, now: Date, banks: BankRelease): Promise<{ ok: true }> {
  const dropped = await db.transaction(async (tx) => {
    await lockOwnHousehold(tx, user)
    const me = await requireMember(tx, user.householdId, user.id)
    const refusal = leaveRefusal(toRole(me.role), await repo.countMembers(tx, user.householdId))
    if (refusal) throw refused(refusal)
    const gone = await splitOff(tx, user.householdId, me, now)
    await recordAudit(tx, { event: 'member_left', userId: user.id, householdId: user.householdId, at: now })
    return gone
  })
  await removeAtProviders(banks, dropped)
  return { ok: true }
}

/** The owner hands the household to another member and becomes an adult. */
export async function transferOwnership(db: Db, user: SessionUser, userId: string, now: Date): Promise<Household> {
  return db.transaction(async (tx) => {
    await lockOwnHousehold(tx, user, 'owner')
    if (userId === user.id) throw conflict('You already own this household', 'ALREADY_OWNER')
    await requireMember(tx, user.householdId, userId)
    // demote first: a household has one owner at a time (a unique index holds it)
    await repo.setRole(tx, user.householdId, user.id, 'adult')
    await repo.setRole(tx, user.householdId, userId, 'owner')
    await recordAudit(tx, { event: 'ownership_transferred', userId, householdId: user.householdId, actorId: user.id, at: now })
    return householdView(tx, { ...user, role: 'adult' }, now)
  })
}
