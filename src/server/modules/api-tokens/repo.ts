// API token queries, each scoped by the member who owns the token (tokens are personal).
import { and, desc, eq, isNull, lt } from 'drizzle-orm'
import type { DbOrTx } from '#src/server/db/connect'
import { apiTokens, householdMembers, households, users } from '#src/server/db/schema'
import { memberColumns } from '#src/server/core/sessions'

export type TokenRow = typeof apiTokens.$inferSelect
export type NewTokenRow = typeof apiTokens.$inferInsert

export function listTokenRows(db: DbOrTx, userId: string): Promise<TokenRow[]> {
  return db.select().from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
}

export async function insertToken(db: DbOrTx, values: NewTokenRow): Promise<TokenRow | undefined> {
  const [inserted] = await db.insert(apiTokens).values(values).returning()
  return inserted
}

/** The deleted token, or undefined when the member has no such token. */
export async function deleteToken(db: DbOrTx, userId: string, id: string): Promise<TokenRow | undefined> {
  const [gone] = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)))
    .returning()
  return gone
}

/** The token with this hash, with its member as a session reads them. */
export async function findTokenWithMember(db: DbOrTx, tokenHash: string) {
  const rows = await db
    .select({ ...memberColumns, token: apiTokens })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .innerJoin(householdMembers, eq(householdMembers.userId, users.id))
    .innerJoin(households, eq(households.id, householdMembers.householdId))
    .where(eq(apiTokens.tokenHash, tokenHash))
    .limit(1)
  return rows[0]
}

/** Compare-and-set of last_used_at: true when this call wrote it (it still was `last`). */
export async function touchToken(db: DbOrTx, id: string, last: Date | null, now: Date): Promise<boolean> {
  const touched = await db
    .update(apiTokens)
    .set({ lastUsedAt: now })
    .where(and(eq(apiTokens.id, id), last ? eq(apiTokens.lastUsedAt, last) : isNull(apiTokens.lastUsedAt)))
    .returning({ id: apiTokens.id })
  return touched.length > 0
}

/** Deletes the tokens that expired before `before`; how many went. */
export async function deleteTokensExpiredBefore(db: DbOrTx, before: Date): Promise<number> {
  const gone = await db.delete(apiTokens).where(lt(apiTokens.expiresAt, before)).returning({ id: apiTokens.id })
  return gone.length
}
