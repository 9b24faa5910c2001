// Profile, settings, photo and password of the signed-in user, and the photos of the household's
// members.
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import type { User } from '#src/contract/auth'
import type { changePasswordBody, Settings, updateProfileBody, updateSettingsBody } from '#src/contract/user'
import type { Config } from '#src/server/config'
import type { Db } from '#src/server/db/connect'
import { AppError, conflict, notFound } from '#src/server/http/errors'
import { sendLater, toUserDto } from '../auth/service'
import { deleteUserSessions, loadSessionUser, type SessionUser } from '#src/server/core/sessions'
import { answerNoSoonerThan, assertStrongPassword, hashPassword } from '../auth/passwords'
import { verifyPasswordGuess, type GuessContext } from '#src/server/core/password-guesses'
import { startSession } from '../auth/start-session'
import { recordAudit } from '#src/server/core/audit'
import { assertMayChangeBase, setBase } from '../currencies/service'
import { mailerFor, publicBase } from '#src/server/integrations/mail/mailer'
import { addressInUseMail } from '#src/server/integrations/mail/messages'
import { DATE_FORMATS, THEMES } from '#src/domain/preferences'
import { avatarKind, type AvatarKind } from '#src/domain/avatar'
import * as repo from './repo'

export function toSettings(u: SessionUser): Settings {
  return {
    baseCurrency: u.baseCurrency,
    locale: u.locale,
    timeZone: u.timeZone,
    dateFormat: DATE_FORMATS.find((f) => f === u.dateFormat) ?? 'locale',
    weekStartsOn: u.weekStartsOn,
    theme: THEMES.find((t) => t === u.theme) ?? 'system',
    notificationPrefs: u.notificationPrefs,
  }
}

export async function updateSettings(
  db: Db,
  user: SessionUser,
  body: z.output<typeof updateSettingsBody>,
  now: Date,
): Promise<Settings> {
  const { notificationPrefs, ...rest } = body
  // the currency is the household's base: adults and the owner change it for everyone
  const newBase = rest.baseCurrency !== undefined && rest.baseCurrency !== user.baseCurrency ? rest.baseCurrency : null
  if (newBase) assertMayChangeBase(user)
  await db.transaction(async (tx) => {
    await repo.updateUserRow(tx, user.id, {
      ...rest,
      ...(notificationPrefs ? { notificationPrefs: { ...user.notificationPrefs, ...notificationPrefs } } : {}),
      updatedAt: now,
    })
    if (newBase) await setBase(tx, user.householdId, newBase, now)
  })
  return toSettings(await loadSessionUser(db, user.id))
}

/**
 * The member's password is this one (400 WRONG_PASSWORD naming the field otherwise): a guess
 * counted like a sign-in's, so a locked account answers 429 ACCOUNT_LOCKED here too.
 */
async function checkPassword(db: Db, user: SessionUser, password: string | undefined, field: string, context: GuessContext): Promise<void> {
  if (!password) {
    throw new AppError(400, 'PASSWORD_REQUIRED', 'Enter your current password', { issues: [{ path: `body.${field}`, message: 'Enter your current password' }] })
  }
  const passwordHash = await repo.findPasswordHash(db, user.id)
  const ok = await verifyPasswordGuess(db, { email: user.email, passwordHash: passwordHash ?? null, password }, context)
  if (!ok) {
    throw new AppError(400, 'WRONG_PASSWORD', 'The current password is not correct', {
      issues: [{ path: `body.${field}`, message: 'The current password is not correct' }],
    })
  }
}

export type ProfileDeps = { db: Db; config: Config; now: Date; log: FastifyBaseLogger; req: FastifyRequest }

/**
 * Name, photo and e-mail. A new e-mail needs the current password (it is how the account is
 * recovered). A taken e-mail does not say so when mail is on (ADR 0025): the answer is the one
 * a change gives, nothing changes, and the address's owner gets a mail; without mail it is 409,
 * in the same time as a change.
 */
export async function updateProfile(
  { db, config, now, log, req }: ProfileDeps,
  user: SessionUser,
  body: z.output<typeof updateProfileBody>,
): Promise<User> {
  const { currentPassword, ...changes } = body
  const newEmail = changes.email && changes.email !== user.email.toLowerCase() ? changes.email : null
  if (!newEmail) {
    delete changes.email
    await repo.updateUserRow(db, user.id, { ...changes, updatedAt: now })
    return toUserDto(await loadSessionUser(db, user.id, now))
  }
  const started = performance.now()
  try {
    await checkPassword(db, user, currentPassword, 'currentPassword', { now, req })
    const taken = await repo.emailTakenByOther(db, newEmail, user.id)
    if (taken) {
      const mailer = mailerFor(config)
      if (!mailer) throw conflict('An account with this e-mail already exists', 'EMAIL_TAKEN')
      const base = publicBase(config)
      sendLater(mailer, addressInUseMail(newEmail, 'email_change', `${base}/auth/login`, `${base}/auth/forgot-password`), log)
      const { email: _ignored, ...rest } = changes
      await repo.updateUserRow(db, user.id, { ...rest, updatedAt: now })
      // the answer a change gives (the e-mail shown is the one asked for)
      return { ...toUserDto(await loadSessionUser(db, user.id, now)), email: newEmail }
    }
    await db.transaction(async (tx) => {
      await repo.updateUserRow(tx, user.id, { ...changes, email: newEmail, updatedAt: now })
      await recordAudit(tx, { event: 'email_changed', userId: user.id, detail: { domain: newEmail.split('@')[1] ?? null }, req, at: now })
    })
    return toUserDto(await loadSessionUser(db, user.id, now))
  } finally {
    await answerNoSoonerThan(started, config.authMinResponseMs)
  }
}

/**
 * Changes the password: every other session of the member ends, and this one is replaced by a
 * new one (new cookie), so whoever held a copy of the old cookie holds nothing.
 */
export async function changePassword(
  { db, config, now, req }: ProfileDeps,
  user: SessionUser,
  reply: FastifyReply,
  body: z.output<typeof changePasswordBody>,
): Promise<void> {
  await checkPassword(db, user, body.currentPassword, 'currentPassword', { now, req })
  await assertStrongPassword(body.newPassword, 'newPassword', [user.email, user.firstName, user.lastName])
  const passwordHash = await hashPassword(body.newPassword)
  const current = req.auth?.sessionId ?? ''
  await db.transaction(async (tx) => {
    await repo.updateUserRow(tx, user.id, { passwordHash, passwordChangedAt: now, updatedAt: now })
    const ended = await deleteUserSessions(tx, user.id, current)
    await recordAudit(tx, { event: 'password_changed', userId: user.id, detail: { sessionsEnded: ended }, req, at: now })
  })
  await startSession({ db, config, now }, user.id, req, reply)
}

/** 415 naming the field: the file is not a picture a photo may be. */
const notAPicture = () =>
  new AppError(415, 'UNSUPPORTED_FILE_TYPE', 'The photo must be a PNG, JPEG or WebP picture', {
    issues: [{ path: 'file', message: 'Not a PNG, JPEG or WebP picture' }],
  })

/**
 * The member's new photo, in place of any before it (ADR 0051). What it is comes from its first
 * bytes, never its name or the type the browser sent. Answers the user, with the photo's new address.
 */
export async function putAvatar(db: Db, user: SessionUser, bytes: Buffer, now: Date): Promise<User> {
  const kind = avatarKind(bytes)
  if (!kind) throw notAPicture()
  await db.transaction((tx) => repo.saveAvatar(tx, user.id, kind, bytes, now))
  return toUserDto(await loadSessionUser(db, user.id, now))
}

/** Removes the member's photo (their initial shows instead); nothing to remove is no error. */
export async function deleteAvatar(db: Db, user: SessionUser, now: Date): Promise<User> {
  await db.transaction((tx) => repo.removeAvatar(tx, user.id, now))
  return toUserDto(await loadSessionUser(db, user.id, now))
}

/** A member's photo, to the members of their household only: 404 to anyone else, as without one. */
export async function avatar(db: Db, user: SessionUser, userId: string): Promise<{ kind: AvatarKind; bytes: Buffer }> {
  const row = await repo.householdAvatar(db, user.householdId, userId)
  const kind = row ? avatarKind(row.bytes) : null
  if (!row || kind === null) throw notFound('Photo')
  return { kind, bytes: row.bytes }
}
