// Registration, sign-in and onboarding. Registration creates the user, their household and
// the default categories in one transaction.
import { hash } from '@node-rs/argon2'
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import type { registerBody, User } from '#src/contract/auth'
import { avatarUrl } from '#src/contract/user'
import type { Db } from '#src/server/db/connect'
import type { OidcIdentity } from '#src/server/integrations/oidc/oidc'
import { AppError, conflict } from '#src/server/http/errors'
import { loadSessionUser, type SessionUser } from '#src/server/core/sessions'
import * as repo from './repo'
import { ownHouseholdName } from '#src/domain/household'
import { DATE_FORMATS } from '#src/domain/preferences'
import { createOwnHousehold } from '../household/membership'
import { createDefaultCategories } from '../categories/service'
import { recordAudit } from '#src/server/core/audit'
import type { Config } from '#src/server/config'
import { mailerFor, publicBase, type Mail, type Mailer } from '#src/server/integrations/mail/mailer'
import { addressInUseMail, welcomeMail } from '#src/server/integrations/mail/messages'
import { answerNoSoonerThan, assertStrongPassword, hashPassword } from './passwords'
import { verifyPasswordGuess } from '#src/server/core/password-guesses'

export function toUserDto(u: SessionUser): User {
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    profileImageUrl: u.avatarUpdatedAt ? avatarUrl(u.id, u.avatarUpdatedAt) : null,
    subscriptionTier: u.subscriptionTier,
    role: u.role,
    householdId: u.householdId,
    hasCompletedOnboarding: u.hasCompletedOnboarding,
    mfaEnabled: u.mfaEnabled,
    householdRequiresMfa: u.householdRequiresMfa,
    deleteAfter: u.deleteAfter ? u.deleteAfter.toISOString() : null,
    baseCurrency: u.baseCurrency,
    locale: u.locale,
    timeZone: u.timeZone,
    dateFormat: DATE_FORMATS.find((f) => f === u.dateFormat) ?? 'locale',
  }
}

export type NewUser = Omit<z.output<typeof registerBody>, 'acceptTerms' | 'password'> & {
  /** absent for people who sign in with OpenID Connect only */
  password?: string
  /** the argon2 hash, when the caller hashed the password already */
  passwordHash?: string
  timeZone?: string
  oidcSubject?: string
}

/** Creates a user with their own household and default categories (one transaction). */
export async function createUser(db: Db, input: NewUser): Promise<SessionUser> {
  const passwordHash = input.passwordHash ?? (input.password ? await hash(input.password) : null)
  return db.transaction(async (tx) => {
    if (await repo.userIdByEmail(tx, input.email)) throw conflict('An account with this e-mail already exists', 'EMAIL_TAKEN')
    const userId = await repo.insertUser(tx, {
      email: input.email.toLowerCase(),
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      oidcSubject: input.oidcSubject ?? null,
      ...(input.timeZone ? { timeZone: input.timeZone } : {}),
    })
    const householdId = await createOwnHousehold(tx, userId, ownHouseholdName(input.firstName))
    await createDefaultCategories(tx, householdId)
    return loadSessionUser(tx, userId)
  })
}

export type SignInContext = {
  now?: Date
  /** the request: its address is counted and kept in the audit log */
  req?: FastifyRequest | null
}

/**
 * Checks an e-mail and password: a guess counted against the account's lockout
 * (verifyPasswordGuess: 429 ACCOUNT_LOCKED or RATE_LIMITED once there were too many), whether
 * or not the account exists. A failure is in the audit log; so is a success, once any second
 * factor is given.
 */
export async function checkCredentials(db: Db, email: string, password: string, context: SignInContext = {}): Promise<SessionUser> {
  const now = context.now ?? new Date()
  const req = context.req ?? null
  const row = await repo.credentialsByEmail(db, email)
  const ok = await verifyPasswordGuess(db, { email, passwordHash: row?.passwordHash ?? null, password }, { now, req })
  if (!row || !ok) {
    await recordAudit(db, { event: 'sign_in_failed', userId: row?.id ?? null, detail: { reason: 'password' }, req, at: now })
    throw new AppError(401, 'INVALID_CREDENTIALS', 'Incorrect e-mail or password')
  }
  const user = await loadSessionUser(db, row.id, now)
  // with a second factor on, the sign-in is recorded once that is given
  if (!user.mfaEnabled) await recordAudit(db, { event: 'sign_in', userId: user.id, detail: { method: 'password' }, req, at: now })
  return user
}

export type Registration = { kind: 'signed_in'; user: SessionUser } | { kind: 'check_email' }

/**
 * Registration without telling anyone which e-mails have accounts (ADR 0025): the
 * password is hashed on every path, and every answer waits for config.authMinResponseMs. With
 * mail on, nobody is signed in by registering: a new account gets a welcome mail with the
 * sign-in link, a taken address a mail to its owner, and both answer { checkEmail: true }.
 * Without mail a taken e-mail is still 409 EMAIL_TAKEN (there is nobody to tell otherwise), in
 * the same time as a success.
 */
export async function registerAccount(
  deps: { db: Db; config: Config; now: Date; log: FastifyBaseLogger },
  body: z.output<typeof registerBody>,
): Promise<Registration> {
  const started = performance.now()
  try {
    await assertStrongPassword(body.password, 'password', [body.email, body.firstName, body.lastName])
    const passwordHash = await hashPassword(body.password)
    const mailer = mailerFor(deps.config)
    const base = publicBase(deps.config)
    if (await repo.userIdByEmail(deps.db, body.email)) {
      if (!mailer) throw conflict('An account with this e-mail already exists', 'EMAIL_TAKEN')
      sendLater(mailer, addressInUseMail(body.email, 'register', `${base}/auth/login`, `${base}/auth/forgot-password`), deps.log)
      return { kind: 'check_email' }
    }
    const user = await createUser(deps.db, { ...body, passwordHash })
    if (!mailer) return { kind: 'signed_in', user }
    sendLater(mailer, welcomeMail(body.email, `${base}/auth/login`), deps.log)
    return { kind: 'check_email' }
  } finally {
    await answerNoSoonerThan(started, deps.config.authMinResponseMs)
  }
}

/** Sends a mail after the answer, so its delivery time tells nothing; failures are logged. */
export function sendLater(mailer: Mailer, mail: Mail, log: FastifyBaseLogger): void {
  void mailer.send(mail).catch((error: unknown) => {
    // the SMTP answer may quote the address: log its code only
    const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : 'unknown'
    log.error({ code }, 'mail not sent')
  })
}

export async function completeOnboarding(db: Db, user: SessionUser, now: Date): Promise<SessionUser> {
  await repo.markOnboarded(db, user.id, now)
  return { ...user, hasCompletedOnboarding: true }
}

/**
 * The user behind an OpenID Connect identity: the one linked to it, else the account with the
 * same verified e-mail (now linked), else a new account when registration is open.
 */
export async function signInWithOidc(db: Db, identity: OidcIdentity, allowRegistration: boolean): Promise<SessionUser> {
  const linked = await repo.userIdByOidcSubject(db, identity.subject)
  if (linked) return loadSessionUser(db, linked)
  if (identity.email && identity.emailVerified) {
    const match = await repo.oidcLinkByEmail(db, identity.email)
    if (match && !match.oidcSubject) {
      await repo.linkOidcSubject(db, match.id, identity.subject)
      return loadSessionUser(db, match.id)
    }
    if (match) throw new AppError(409, 'EMAIL_LINKED', 'This e-mail is already linked to another sign-in')
  }
  if (!identity.email || !identity.emailVerified) {
    throw new AppError(403, 'EMAIL_NOT_VERIFIED', 'Your provider did not confirm an e-mail address for this account')
  }
  if (!allowRegistration) {
    throw new AppError(403, 'REGISTRATION_CLOSED', 'Registration is closed on this server: ask its administrator for an account')
  }
  return createUser(db, {
    email: identity.email,
    firstName: identity.firstName.slice(0, 80),
    lastName: identity.lastName.slice(0, 80),
    oidcSubject: identity.subject,
  })
}
