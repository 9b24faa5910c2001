// Two-step verification queries: the member's TOTP columns, recovery codes (argon2id hashes),
// passkeys, counted wrong guesses, and the household's policy.
import { and, asc, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '#src/server/db/connect'
import { households, mfaFailures, mfaRecoveryCodes, sessions, users, webauthnCredentials } from '#src/server/db/schema'

type NewPasskeyRow = typeof webauthnCredentials.$inferInsert

export async function findSecondFactorRow(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      passwordHash: users.passwordHash,
      totpSecret: users.totpSecret,
      totpPendingSecret: users.totpPendingSecret,
      totpEnabledAt: users.totpEnabledAt,
      totpLastStep: users.totpLastStep,
    })
    .from(users)
    .where(eq(users.id, userId))
  return row
}

// ── TOTP ───────────────────────────────────────────────────────────────────────────────────

/** The sealed key being set up, waiting for its first code. */
export async function setPendingTotpSecret(db: DbOrTx, userId: string, sealed: string): Promise<void> {
  await db.update(users).set({ totpPendingSecret: sealed }).where(eq(users.id, userId))
}

/** Confirms the pending key unless TOTP is on already; whether this call turned it on. */
export async function confirmTotp(db: DbOrTx, userId: string, secret: string | null, step: number, now: Date): Promise<boolean> {
  const done = await db
    .update(users)
    .set({ totpSecret: secret, totpPendingSecret: null, totpEnabledAt: now, totpLastStep: step, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
    .returning({ id: users.id })
  return done.length === 1
}

/** Remembers the accepted step when it is after the last one; false for a replay. */
export async function takeTotpStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const taken = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id })
  return taken.length === 1
}

export async function clearTotp(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: now })
    .where(eq(users.id, userId))
}

/** Turns TOTP off for the member with this e-mail (compared without case); their id, if any. */
export async function clearTotpByEmail(db: DbOrTx, email: string, now: Date): Promise<string | undefined> {
  const [user] = await db
    .update(users)
    .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: now })
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .returning({ id: users.id })
  return user?.id
}

// ── recovery codes ──────────────────────────────────────────────────────────────────────────

export async function countUnusedRecoveryCodes(db: DbOrTx, userId: string): Promise<number> {
  const [left] = await db
    .select({ n: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)))
  return Number(left?.n ?? 0)
}

/** Replaces the member's recovery codes with the hashed ones. */
export async function replaceRecoveryCodes(db: DbOrTx, userId: string, hashes: string[], now: Date): Promise<void> {
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId))
  await db.insert(mfaRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: now })))
}

export function listUnusedRecoveryCodes(db: DbOrTx, userId: string) {
  return db
    .select({ id: mfaRecoveryCodes.id, codeHash: mfaRecoveryCodes.codeHash })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)))
}

/** Marks the code used unless it is already; whether this call did (it decides a race). */
export async function useRecoveryCode(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const used = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(mfaRecoveryCodes.id, id), isNull(mfaRecoveryCodes.usedAt)))
    .returning({ id: mfaRecoveryCodes.id })
  return used.length === 1
}

export async function deleteRecoveryCodes(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId))
}

// ── wrong guesses ───────────────────────────────────────────────────────────────────────────

/** Holds the member's guess lock until the transaction ends. */
export async function lockGuesses(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`kinwise-mfa-guess:${userId}`}, 0))`)
}

export async function countFailuresSince(db: DbOrTx, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mfaFailures)
    .where(and(eq(mfaFailures.userId, userId), gt(mfaFailures.at, since)))
  return Number(row?.n ?? 0)
}

/** The new failure's id. */
export async function insertFailure(db: DbOrTx, userId: string, at: Date): Promise<string | null> {
  const [counted] = await db.insert(mfaFailures).values({ userId, at }).returning({ id: mfaFailures.id })
  return counted?.id ?? null
}

export async function deleteFailure(db: DbOrTx, id: string): Promise<void> {
  await db.delete(mfaFailures).where(eq(mfaFailures.id, id))
}

export async function deleteFailuresOf(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(mfaFailures).where(eq(mfaFailures.userId, userId))
}

// ── passkeys ───────────────────────────────────────────────────────────────────────────────

export function listPasskeyRows(db: DbOrTx, userId: string) {
  return db
    .select({ id: webauthnCredentials.id, name: webauthnCredentials.name, createdAt: webauthnCredentials.createdAt, lastUsedAt: webauthnCredentials.lastUsedAt })
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.userId, userId))
    .orderBy(asc(webauthnCredentials.createdAt), asc(webauthnCredentials.id))
}

export async function countPasskeys(db: DbOrTx, userId: string): Promise<number> {
  const [keys] = await db.select({ n: count() }).from(webauthnCredentials).where(eq(webauthnCredentials.userId, userId))
  return Number(keys?.n ?? 0)
}

/** The member's passkeys as WebAuthn names them (id and transports). */
export function listPasskeyDescriptors(db: DbOrTx, userId: string) {
  return db
    .select({ id: webauthnCredentials.id, transports: webauthnCredentials.transports })
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.userId, userId))
}

/** A passkey with this credential id is registered (to anyone). */
export async function passkeyExists(db: DbOrTx, id: string): Promise<boolean> {
  const [taken] = await db.select({ id: webauthnCredentials.id }).from(webauthnCredentials).where(eq(webauthnCredentials.id, id))
  return taken !== undefined
}

export async function insertPasskey(db: DbOrTx, values: NewPasskeyRow): Promise<void> {
  await db.insert(webauthnCredentials).values(values)
}

export async function findPasskey(db: DbOrTx, userId: string, id: string) {
  const [key] = await db
    .select()
    .from(webauthnCredentials)
    .where(and(eq(webauthnCredentials.id, id), eq(webauthnCredentials.userId, userId)))
  return key
}

export async function recordPasskeyUse(db: DbOrTx, id: string, counter: number, now: Date): Promise<void> {
  await db.update(webauthnCredentials).set({ counter, lastUsedAt: now }).where(eq(webauthnCredentials.id, id))
}

/** The deleted passkey's name, or undefined when the member has no such passkey. */
export async function deletePasskeyRow(db: DbOrTx, userId: string, id: string): Promise<string | undefined> {
  const gone = await db
    .delete(webauthnCredentials)
    .where(and(eq(webauthnCredentials.id, id), eq(webauthnCredentials.userId, userId)))
    .returning({ name: webauthnCredentials.name })
  return gone[0]?.name
}

export async function deletePasskeysOf(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(webauthnCredentials).where(eq(webauthnCredentials.userId, userId))
}

// ── sessions and the household ─────────────────────────────────────────────────────────────

export async function deleteSessionsOf(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId))
}

/** Sets the household's policy; false when it already was so. */
export async function setRequireMfa(db: DbOrTx, householdId: string, required: boolean): Promise<boolean> {
  const changed = await db
    .update(households)
    .set({ requireMfa: required })
    .where(and(eq(households.id, householdId), eq(households.requireMfa, !required)))
    .returning({ id: households.id })
  return changed.length > 0
}
