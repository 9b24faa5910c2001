// Household queries: households and their members, invites, and the counts the invite page
// shows. Every function takes the database or an open transaction; services own transactions.
import { and, asc, count, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '#src/server/db/connect'
import {
  accounts,
  bankConnections,
  bills,
  budgets,
  creditScores,
  goals,
  householdInvites,
  householdMembers,
  households,
  reminders,
  rules,
  transactions,
  users,
} from '#src/server/db/schema'
import { deleteConnectionsOf, type DroppedConnection } from '../bank-connections/service'

export type HouseholdRow = typeof households.$inferSelect
export type InviteRow = typeof householdInvites.$inferSelect
export type Membership = { householdId: string; role: string }

export async function findHousehold(db: DbOrTx, id: string): Promise<HouseholdRow | null> {
  const [row] = await db.select().from(households).where(eq(households.id, id))
  return row ?? null
}

/**
 * Locks households (ordered by id, so two people joining each other's households at once
 * cannot deadlock): membership changes in them wait for this transaction.
 */
export async function lockHouseholds(tx: Tx, ids: readonly string[]): Promise<void> {
  await tx
    .select({ id: households.id })
    .from(households)
    .where(sql`${households.id} = any(${sql.param([...new Set(ids)])}::uuid[])`)
    .orderBy(asc(households.id))
    .for('update')
}

export async function membershipOf(db: DbOrTx, userId: string): Promise<Membership | null> {
  const [row] = await db
    .select({ householdId: householdMembers.householdId, role: householdMembers.role })
    .from(householdMembers)
    .where(eq(householdMembers.userId, userId))
  return row ?? null
}

export type MemberRow = {
  userId: string
  firstName: string
  lastName: string
  email: string
  /** when their photo was uploaded (null: none) */
  avatarUpdatedAt: Date | null
  role: string
  joinedAt: Date
}

/** The members with their names, the owner first, then in the order they joined. */
export function listMembers(db: DbOrTx, householdId: string): Promise<MemberRow[]> {
  return db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      avatarUpdatedAt: users.avatarUpdatedAt,
      role: householdMembers.role,
      joinedAt: householdMembers.createdAt,
    })
    .from(householdMembers)
    .innerJoin(users, eq(users.id, householdMembers.userId))
    .where(eq(householdMembers.householdId, householdId))
    .orderBy(sql`${householdMembers.role} <> 'owner'`, asc(householdMembers.createdAt), asc(users.id))
}

export async function findMember(db: DbOrTx, householdId: string, userId: string): Promise<MemberRow | null> {
  const rows = await listMembers(db, householdId)
  return rows.find((m) => m.userId === userId) ?? null
}

export async function countMembers(db: DbOrTx, householdId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(householdMembers).where(eq(householdMembers.householdId, householdId))
  return row?.n ?? 0
}

export async function ownerOf(db: DbOrTx, householdId: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: householdMembers.userId })
    .from(householdMembers)
    .where(and(eq(householdMembers.householdId, householdId), eq(householdMembers.role, 'owner')))
  return row?.userId ?? null
}

export async function setRole(db: DbOrTx, householdId: string, userId: string, role: string): Promise<void> {
  await db
    .update(householdMembers)
    .set({ role })
    .where(and(eq(householdMembers.householdId, householdId), eq(householdMembers.userId, userId)))
}

export async function renameHousehold(db: DbOrTx, id: string, name: string, now: Date): Promise<void> {
  await db.update(households).set({ name, updatedAt: now }).where(eq(households.id, id))
}

/** A new free household with `userId` as its owner (their old membership must be gone). */
export async function createOwnHousehold(tx: Tx, userId: string, name: string): Promise<string> {
  const [row] = await tx.insert(households).values({ name, plan: 'free' }).returning({ id: households.id })
  if (!row) throw new Error('insert returned no row')
  await tx.insert(householdMembers).values({ householdId: row.id, userId, role: 'owner' })
  return row.id
}

/**
 * Takes a member out of a household, with the bank connections they made in it (ADR 0057): a
 * connection is its member's alone, so nobody left could see, sync or delete it, and it would
 * go on counting against the plan. The caller tells Plaid about the returned ones once its
 * transaction is committed (bank-connections/release.ts).
 */
export async function removeMembership(tx: Tx, householdId: string, userId: string): Promise<DroppedConnection[]> {
  const dropped = await deleteConnectionsOf(tx, householdId, userId)
  await tx
    .delete(householdMembers)
    .where(and(eq(householdMembers.householdId, householdId), eq(householdMembers.userId, userId)))
  return dropped
}

export async function addMembership(tx: Tx, householdId: string, userId: string, role: string): Promise<void> {
  await tx.insert(householdMembers).values({ householdId, userId, role })
}

/**
 * Deletes a household and, by cascade, everything still in it; its bank connections are
 * returned, for the caller to tell Plaid once its transaction is committed.
 */
export async function deleteHousehold(tx: Tx, id: string): Promise<DroppedConnection[]> {
  const dropped = await deleteConnectionsOf(tx, id, null)
  await tx.delete(households).where(eq(households.id, id))
  return dropped
}

// Invites

export async function findInvite(db: DbOrTx, token: string): Promise<InviteRow | null> {
  const [row] = await db.select().from(householdInvites).where(eq(householdInvites.token, token))
  return row ?? null
}

/** The invite, locked until the transaction ends: it is used once, by one person. */
export async function lockInvite(tx: Tx, token: string): Promise<InviteRow | null> {
  const [row] = await tx.select().from(householdInvites).where(eq(householdInvites.token, token)).for('update')
  return row ?? null
}

const pending = (householdId: string, now: Date) =>
  and(
    eq(householdInvites.householdId, householdId),
    isNull(householdInvites.usedAt),
    isNull(householdInvites.revokedAt),
    gt(householdInvites.expiresAt, now),
  )

export function listPendingInvites(db: DbOrTx, householdId: string, now: Date): Promise<InviteRow[]> {
  return db
    .select()
    .from(householdInvites)
    .where(pending(householdId, now))
    .orderBy(asc(householdInvites.createdAt), asc(householdInvites.token))
}

export async function countPendingInvites(db: DbOrTx, householdId: string, now: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(householdInvites).where(pending(householdId, now))
  return row?.n ?? 0
}

export async function insertInvite(
  db: DbOrTx,
  values: { token: string; householdId: string; role: string; createdBy: string; expiresAt: Date; createdAt: Date },
): Promise<InviteRow> {
  const [row] = await db.insert(householdInvites).values(values).returning()
  if (!row) throw new Error('insert returned no row')
  return row
}

export async function markInviteUsed(tx: Tx, token: string, userId: string, now: Date): Promise<void> {
  await tx.update(householdInvites).set({ usedAt: now, usedBy: userId }).where(eq(householdInvites.token, token))
}

export async function markInviteRevoked(tx: Tx, token: string, now: Date): Promise<void> {
  await tx.update(householdInvites).set({ revokedAt: now }).where(eq(householdInvites.token, token))
}

// What a household holds

export type AccountFacts = { id: string; name: string; ownerId: string; visibility: string }

export function accountsOf(db: DbOrTx, householdId: string): Promise<AccountFacts[]> {
  return db
    .select({ id: accounts.id, name: accounts.name, ownerId: accounts.userId, visibility: accounts.visibility })
    .from(accounts)
    .where(eq(accounts.householdId, householdId))
    .orderBy(asc(accounts.name), asc(accounts.id))
}

/** Gives accounts (staying in their household) to a new owner. */
export async function handOverAccounts(tx: Tx, ids: readonly string[], ownerId: string, now: Date): Promise<void> {
  if (ids.length === 0) return
  await tx
    .update(accounts)
    .set({ userId: ownerId, updatedAt: now })
    .where(sql`${accounts.id} = any(${sql.param([...ids])}::uuid[])`)
}

/** A person's own rows that go wherever they go: their credit scores and reminders. */
export async function movePersonalRows(tx: Tx, from: string, to: string, userId: string): Promise<void> {
  await tx
    .update(creditScores)
    .set({ householdId: to })
    .where(and(eq(creditScores.householdId, from), eq(creditScores.userId, userId)))
  await tx
    .update(reminders)
    .set({ householdId: to })
    .where(and(eq(reminders.householdId, from), eq(reminders.userId, userId)))
}

export type HouseholdContents = {
  transactions: number
  budgets: number
  goals: number
  bills: number
  rules: number
  bankConnections: number
}

/** How much a household holds: what closing it deletes (and the transactions that would move). */
export async function householdContents(db: DbOrTx, householdId: string): Promise<HouseholdContents> {
  const n = (table: typeof transactions | typeof budgets | typeof goals | typeof bills | typeof rules | typeof bankConnections) =>
    sql<number>`(select count(*)::int from ${table} where ${table.householdId} = ${householdId})`
  const rows = await db.execute<{ transactions: number; budgets: number; goals: number; bills: number; rules: number; bank_connections: number }>(sql`
    select ${n(transactions)} as transactions, ${n(budgets)} as budgets, ${n(goals)} as goals,
      ${n(bills)} as bills, ${n(rules)} as rules, ${n(bankConnections)} as bank_connections`)
  const row = rows.rows[0]
  return {
    transactions: Number(row?.transactions ?? 0),
    budgets: Number(row?.budgets ?? 0),
    goals: Number(row?.goals ?? 0),
    bills: Number(row?.bills ?? 0),
    rules: Number(row?.rules ?? 0),
    bankConnections: Number(row?.bank_connections ?? 0),
  }
}

/** People in the household other than `userId`. */
export async function countOthers(db: DbOrTx, householdId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(householdMembers)
    .where(and(eq(householdMembers.householdId, householdId), ne(householdMembers.userId, userId)))
  return row?.n ?? 0
}
