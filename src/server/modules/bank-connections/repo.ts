// Bank connections' rows: a member's connections and their provider accounts, always
// read within the household and, for the member's own use cases, only the member's own.
import { and, asc, count, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import type { BankConnection, BankProvider } from '#src/contract/bank-connections'
import { asCents } from '#src/domain/money'
import type { DbOrTx, Tx } from '#src/server/db/connect'
import { bankConnectionAccounts, bankConnections } from '#src/server/db/schema'
import { notFound } from '#src/server/http/errors'

export type ConnectionRow = typeof bankConnections.$inferSelect
export type LinkRow = typeof bankConnectionAccounts.$inferSelect

/** The member's own connection; 404 for anyone else's (another member's, another household's). */
export async function ownConnection(db: DbOrTx, user: { id: string; householdId: string }, id: string): Promise<ConnectionRow> {
  const [row] = await db
    .select()
    .from(bankConnections)
    .where(and(eq(bankConnections.id, id), eq(bankConnections.householdId, user.householdId), eq(bankConnections.userId, user.id)))
  if (!row) throw notFound('Bank connection')
  return row
}

export async function connectionById(db: DbOrTx, id: string): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(bankConnections).where(eq(bankConnections.id, id))
  return row
}

export async function connectionByItem(db: DbOrTx, itemId: string): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(bankConnections).where(eq(bankConnections.itemId, itemId))
  return row
}

/** Locks the connection's row until the transaction ends: syncs of one connection write one at a time. */
export async function lockConnection(db: DbOrTx, id: string): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(bankConnections).where(eq(bankConnections.id, id)).for('update')
  return row
}

export async function linksOf(db: DbOrTx, connectionIds: readonly string[]): Promise<LinkRow[]> {
  if (connectionIds.length === 0) return []
  return db
    .select()
    .from(bankConnectionAccounts)
    .where(inArray(bankConnectionAccounts.connectionId, [...connectionIds]))
    .orderBy(asc(bankConnectionAccounts.createdAt), asc(bankConnectionAccounts.name), asc(bankConnectionAccounts.id))
}

export async function ownConnections(db: DbOrTx, user: { id: string; householdId: string }): Promise<ConnectionRow[]> {
  return db
    .select()
    .from(bankConnections)
    .where(and(eq(bankConnections.householdId, user.householdId), eq(bankConnections.userId, user.id)))
    .orderBy(asc(bankConnections.createdAt), asc(bankConnections.id))
}

/** What is left of a deleted connection: enough to tell its provider (Plaid's /item/remove). */
export type DroppedConnection = Pick<ConnectionRow, 'id' | 'provider' | 'accessSecret'>

/**
 * Deletes the connections of a member in a household (of everyone in it when `userId` is null):
 * the rows with their sealed secrets and, by cascade, their account links. The accounts they
 * fed and the synced transactions stay, as ordinary accounts.
 */
export async function deleteConnectionsOf(tx: Tx, householdId: string, userId: string | null): Promise<DroppedConnection[]> {
  return tx
    .delete(bankConnections)
    .where(and(eq(bankConnections.householdId, householdId), userId === null ? undefined : eq(bankConnections.userId, userId)))
    .returning({ id: bankConnections.id, provider: bankConnections.provider, accessSecret: bankConnections.accessSecret })
}

export async function householdConnectionCount(db: DbOrTx, householdId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(bankConnections).where(eq(bankConnections.householdId, householdId))
  return row?.n ?? 0
}

/** Connections whose scheduled sync is due (those waiting for the member to log in again wait). */
export async function dueConnections(db: DbOrTx, now: Date, limit: number): Promise<ConnectionRow[]> {
  return db
    .select()
    .from(bankConnections)
    .where(
      and(
        inArray(bankConnections.status, ['active', 'error']),
        or(isNull(bankConnections.nextSyncAt), lte(bankConnections.nextSyncAt, now)),
      ),
    )
    .orderBy(sql`${bankConnections.nextSyncAt} asc nulls first`)
    .limit(limit)
}

/** The Kinwise account is already fed by another provider account of the household. */
export async function linkedElsewhere(db: DbOrTx, householdId: string, accountId: string, linkId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bankConnectionAccounts.id })
    .from(bankConnectionAccounts)
    .where(
      and(
        eq(bankConnectionAccounts.householdId, householdId),
        eq(bankConnectionAccounts.accountId, accountId),
        sql`${bankConnectionAccounts.id} <> ${linkId}`,
      ),
    )
    .limit(1)
  return row !== undefined
}

const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString())

export function toConnectionDto(row: ConnectionRow, links: readonly LinkRow[]): BankConnection {
  return {
    id: row.id,
    provider: row.provider as BankProvider,
    status: row.status as BankConnection['status'],
    institution: row.institution,
    lastSyncAt: iso(row.lastSyncAt),
    lastError: row.lastError,
    lastSuccessAt: iso(row.lastSuccessAt),
    nextSyncAt: iso(row.nextSyncAt),
    consentExpiresAt: iso(row.consentExpiresAt),
    createdAt: row.createdAt.toISOString(),
    accounts: links
      .filter((l) => l.connectionId === row.id)
      .map((l) => ({
        id: l.id,
        name: l.name,
        mask: l.mask,
        currency: l.currency,
        balance: l.balance === null ? null : asCents(l.balance),
        availableBalance: l.availableBalance === null ? null : asCents(l.availableBalance),
        balanceDate: iso(l.balanceDate),
        accountId: l.accountId,
        lastError: l.lastError,
      })),
  }
}

export type NewConnectionRow = typeof bankConnections.$inferInsert
export type NewLinkRow = typeof bankConnectionAccounts.$inferInsert

/** The new connection, or undefined when its bank login (item id) is connected already. */
export async function insertConnection(db: DbOrTx, values: NewConnectionRow): Promise<ConnectionRow | undefined> {
  const [conn] = await db.insert(bankConnections).values(values).onConflictDoNothing({ target: bankConnections.itemId }).returning()
  return conn
}

export async function insertLinks(db: DbOrTx, rows: NewLinkRow[]): Promise<void> {
  await db.insert(bankConnectionAccounts).values(rows)
}

/** One provider account of the connection. */
export async function findLink(db: DbOrTx, connectionId: string, linkId: string): Promise<LinkRow | undefined> {
  const [row] = await db
    .select()
    .from(bankConnectionAccounts)
    .where(and(eq(bankConnectionAccounts.id, linkId), eq(bankConnectionAccounts.connectionId, connectionId)))
  return row
}

/** The Kinwise account the provider account feeds. */
export async function setLinkAccount(db: DbOrTx, linkId: string, accountId: string): Promise<void> {
  await db.update(bankConnectionAccounts).set({ accountId }).where(eq(bankConnectionAccounts.id, linkId))
}

/** Deletes the household's connection with its sealed secret and, by cascade, its account links. */
export async function deleteConnection(db: DbOrTx, householdId: string, id: string): Promise<void> {
  await db.delete(bankConnections).where(and(eq(bankConnections.id, id), eq(bankConnections.householdId, householdId)))
}

export async function updateConnection(
  db: DbOrTx,
  id: string,
  patch: Partial<Pick<NewConnectionRow, 'status' | 'lastError' | 'consentExpiresAt' | 'updatedAt'>>,
): Promise<void> {
  await db.update(bankConnections).set(patch).where(eq(bankConnections.id, id))
}
