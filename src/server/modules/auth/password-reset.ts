// Password reset: a single-use link valid 30 minutes, stored as the SHA-256 of its
// token. Asking answers the same whatever the e-mail (the work happens after the answer);
// using it sets the password and ends every session of the account.
import { randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import type { Config } from '#src/server/config'
import type { Db, DbOrTx } from '#src/server/db/connect'
import { apiTokens, passwordResetTokens, signInFailures, users } from '#src/server/db/schema'
import { AppError } from '#src/server/http/errors'
import { mailerFor, publicBase } from '#src/server/integrations/mail/mailer'
import { passwordResetMail } from '#src/server/integrations/mail/messages'
import { recordAudit } from '#src/server/core/audit'
import { answerNoSoonerThan, assertStrongPassword, hashPassword } from './passwords'
import { emailHash } from '#src/server/core/password-guesses'
import { deleteUserSessions, hashToken } from '#src/server/core/sessions'

export const RESET_VALID_MINUTES = 30

/** Makes a reset token for a user (any earlier unused one stops working). */
export async function createResetToken(db: DbOrTx, userId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)))
  await db.insert(passwordResetTokens).values({
    id: hashToken(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + RESET_VALID_MINUTES * 60_000),
  })
  return token
}

export function resetLink(config: Config, token: string): string {
  return `${publicBase(config)}/auth/reset-password?token=${encodeURIComponent(token)}`
}

async function findUserByEmail(db: DbOrTx, email: string): Promise<{ id: string; email: string } | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1)
  return row ?? null
}

/** For `cli reset-link`: a fresh link for the user with this e-mail, or null. */
export async function resetLinkFor(db: Db, config: Config, email: string, now: Date): Promise<string | null> {
  const user = await findUserByEmail(db, email)
  if (!user) return null
  const token = await db.transaction(async (tx) => {
    const made = await createResetToken(tx, user.id, now)
    await recordAudit(tx, { event: 'password_reset_requested', userId: user.id, detail: { via: 'cli' }, at: now })
    return made
  })
  return resetLink(config, token)
}

/**
 * POST /api/auth/password-reset: answers at once (and no sooner than authMinResponseMs); the
 * look-up, the token and the mail happen afterwards, so nothing in the answer or its time says
 * whether the e-mail has an account. Without mail nothing is sent (the administrator's
 * `cli reset-link` makes links then).
 */
export async function requestPasswordReset(
  deps: { db: Db; config: Config; now: Date; log: FastifyBaseLogger },
  email: string,
  req: FastifyRequest,
): Promise<void> {
  const started = performance.now()
  const mailer = mailerFor(deps.config)
  if (mailer) {
    const work = async () => {
      const user = await findUserByEmail(deps.db, email)
      if (!user) return
      const token = await deps.db.transaction(async (tx) => {
        const made = await createResetToken(tx, user.id, deps.now)
        await recordAudit(tx, { event: 'password_reset_requested', userId: user.id, detail: { via: 'mail' }, req, at: deps.now })
        return made
      })
      await mailer.send(passwordResetMail(user.email, resetLink(deps.config, token), RESET_VALID_MINUTES))
    }
    const running = work().catch((error: unknown) => {
      const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : 'unknown'
      deps.log.error({ code }, 'password reset mail not sent')
    })
    pendingWork.add(running)
    void running.finally(() => pendingWork.delete(running))
  }
  await answerNoSoonerThan(started, deps.config.authMinResponseMs)
}

// in flight after their answer: tests (and a graceful stop) can wait for them
const pendingWork = new Set<Promise<void>>()

/** Resolves once every reset mail started so far was handled. */
export async function settlePasswordResets(): Promise<void> {
  await Promise.all([...pendingWork])
}

const invalidLink = () =>
  new AppError(400, 'INVALID_RESET_TOKEN', 'This reset link is not valid any more: it works once, for 30 minutes. Ask for a new one.')

/**
 * POST /api/auth/password-reset/confirm: the token is used up in the same transaction that
 * sets the password and ends every session of the account (two requests with one link: one
 * wins, the other gets 400).
 */
export async function confirmPasswordReset(
  db: Db,
  input: { token: string; password: string },
  now: Date,
  req: FastifyRequest,
): Promise<{ userId: string }> {
  const id = hashToken(input.token)
  const [found] = await db
    .select({ userId: passwordResetTokens.userId, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    .limit(1)
  if (!found) throw invalidLink()
  await assertStrongPassword(input.password, 'password', [found.email, found.firstName, found.lastName])
  const passwordHash = await hashPassword(input.password)
  await db.transaction(async (tx) => {
    const used = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
      .returning({ userId: passwordResetTokens.userId })
    if (!used[0]) throw invalidLink()
    await tx.update(users).set({ passwordHash, passwordChangedAt: now, updatedAt: now }).where(eq(users.id, found.userId))
    const ended = await deleteUserSessions(tx, found.userId)
    // a reset is how an account taken over is won back: its API tokens go too (ADR 0033)
    const tokensRevoked = (await tx.delete(apiTokens).where(eq(apiTokens.userId, found.userId)).returning({ id: apiTokens.id })).length
    // the account's failed sign-ins no longer count: its owner just proved who they are
    await tx.delete(signInFailures).where(eq(signInFailures.emailHash, emailHash(found.email)))
    await recordAudit(tx, { event: 'password_reset', userId: found.userId, detail: { sessionsEnded: ended, tokensRevoked }, req, at: now })
  })
  return { userId: found.userId }
}
