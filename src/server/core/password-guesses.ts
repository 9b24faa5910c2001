// Every password typed for an account is a guess counted against its lockout (ADR 0049): at
// sign-in, and from a signed-in session (re-authentication, password and e-mail changes,
// turning MFA off, deleting the account), so a stolen session cannot guess forever. A guess is
// counted before its hash is verified, under a lock per account and per address, so guesses
// sent at once are each counted after the ones before them and no more than the limit are ever
// checked.
import { createHash } from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'
import type { FastifyRequest } from 'fastify'
import { and, asc, count, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '../db/connect'
import { signInFailures } from '../db/schema'
import { TooManyAttemptsError } from '../http/errors'

/** Wrong passwords that lock one account (whatever the address) for the window. */
export const ACCOUNT_FAILURE_LIMIT = 10
/** Wrong passwords from one address (whatever the accounts) before it waits too. */
export const ADDRESS_FAILURE_LIMIT = 30
export const FAILURE_WINDOW_MS = 15 * 60_000

/** How failures are counted per account: whether or not the account exists. */
export const emailHash = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex')

// verifying against this when there is no hash keeps every answer equally slow
const DUMMY_HASH = await hash('kinwise-dummy-password-for-timing')

export type Guess = {
  /** the account's e-mail: its failures are counted under its hash */
  email: string
  /** the account's argon2 hash; null when there is no such account or it has no password */
  passwordHash: string | null
  password: string
}

export type GuessContext = {
  now: Date
  /** the request: its address is counted too */
  req?: FastifyRequest | null
}

const minutesText = (minutes: number) => `${minutes} minute${minutes === 1 ? '' : 's'}`

/**
 * Counts one guess, unless the account or the address is locked: then it throws 429
 * ACCOUNT_LOCKED or RATE_LIMITED (with Retry-After) and counts nothing, so guessing while locked
 * does not keep the lock going. The guess is written as a failure (a success removes it), in one
 * short transaction holding the account's and the address's locks: a guess sent at the same time
 * sees it.
 */
async function countGuess(db: Db, hashOfEmail: string, ip: string | null, now: Date): Promise<void> {
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS)
  await db.transaction(async (tx) => {
    // always the account's lock before the address's: two guesses never wait on each other in a circle
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`kinwise-guess:${hashOfEmail}`}, 0))`)
    if (ip) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`kinwise-guess-ip:${ip}`}, 0))`)
    const recent = await tx
      .select({ at: signInFailures.at })
      .from(signInFailures)
      .where(and(eq(signInFailures.emailHash, hashOfEmail), gt(signInFailures.at, since)))
      .orderBy(asc(signInFailures.at))
    const byAddress = ip
      ? ((await tx
          .select({ n: count() })
          .from(signInFailures)
          .where(and(eq(signInFailures.ip, ip), gt(signInFailures.at, since))))[0]?.n ?? 0)
      : 0
    const locked = recent.length >= ACCOUNT_FAILURE_LIMIT
    if (locked || byAddress >= ADDRESS_FAILURE_LIMIT) {
      // unlocks when the oldest counted failure leaves the window (for the address: at the latest then)
      const oldest = recent[recent.length - ACCOUNT_FAILURE_LIMIT]?.at ?? recent[0]?.at ?? now
      const retryAt = locked ? new Date(oldest.getTime() + FAILURE_WINDOW_MS) : new Date(now.getTime() + FAILURE_WINDOW_MS)
      const minutes = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 60_000))
      throw locked
        ? new TooManyAttemptsError(
            'ACCOUNT_LOCKED',
            `Too many wrong passwords for this account: try again in ${minutesText(minutes)}, or reset your password`,
            minutes * 60,
          )
        : new TooManyAttemptsError('RATE_LIMITED', `Too many wrong passwords from your address: try again in ${minutesText(minutes)}`, minutes * 60)
    }
    await tx.insert(signInFailures).values({ emailHash: hashOfEmail, ip, at: now })
  })
}

/**
 * Whether the password is the account's, as one counted guess: ACCOUNT_FAILURE_LIMIT failures
 * for one e-mail within FAILURE_WINDOW_MS (whatever the address), or ADDRESS_FAILURE_LIMIT from
 * one address, and every further guess is refused with 429 before it is checked, even a right
 * one. A right password clears the account's failures; a wrong one stays counted. The caller
 * answers a wrong password in its own words. Never call it inside a transaction: the count must
 * be seen by other requests at once.
 */
export async function verifyPasswordGuess(db: Db, guess: Guess, { now, req = null }: GuessContext): Promise<boolean> {
  const hashOfEmail = emailHash(guess.email)
  await countGuess(db, hashOfEmail, req?.ip?.slice(0, 64) ?? null, now)
  const ok = await verify(guess.passwordHash ?? DUMMY_HASH, guess.password).catch(() => false)
  if (!ok || guess.passwordHash === null) return false
  await db.delete(signInFailures).where(eq(signInFailures.emailHash, hashOfEmail))
  return true
}
