// Profile, settings and password of the signed-in user.
import { hash, verify } from '@node-rs/argon2'
import { and, eq, ne, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { User } from '../../../contract/auth'
import type { changePasswordBody, Settings, updateProfileBody, updateSettingsBody } from '../../../contract/user'
import type { Db } from '../../db/connect'
import { users } from '../../db/schema'
import { AppError, conflict } from '../../http/errors'
import { loadSessionUser, toUserDto } from '../auth/service'
import { deleteUserSessions, type SessionUser } from '../auth/sessions'

const DATE_FORMATS = ['locale', 'YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY', 'DD.MM.YYYY'] as const
const THEMES = ['system', 'light', 'dark'] as const

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
  await db
    .update(users)
    .set({
      ...rest,
      ...(notificationPrefs ? { notificationPrefs: { ...user.notificationPrefs, ...notificationPrefs } } : {}),
      updatedAt: now,
    })
    .where(eq(users.id, user.id))
  return toSettings(await loadSessionUser(db, user.id))
}

export async function updateProfile(
  db: Db,
  user: SessionUser,
  body: z.output<typeof updateProfileBody>,
  now: Date,
): Promise<User> {
  if (body.email && body.email !== user.email.toLowerCase()) {
    const taken = await db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${body.email}`, ne(users.id, user.id)))
      .limit(1)
    if (taken.length) throw conflict('An account with this e-mail already exists', 'EMAIL_TAKEN')
  }
  await db
    .update(users)
    .set({ ...body, updatedAt: now })
    .where(eq(users.id, user.id))
  return toUserDto(await loadSessionUser(db, user.id))
}

/** Changes the password and signs out every other session of the user. */
export async function changePassword(
  db: Db,
  user: SessionUser,
  sessionId: string,
  body: z.output<typeof changePasswordBody>,
  now: Date,
): Promise<void> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id))
  const ok = row?.passwordHash ? await verify(row.passwordHash, body.currentPassword).catch(() => false) : false
  if (!ok) throw new AppError(400, 'WRONG_PASSWORD', 'The current password is not correct')
  await db
    .update(users)
    .set({ passwordHash: await hash(body.newPassword), updatedAt: now })
    .where(eq(users.id, user.id))
  await deleteUserSessions(db, user.id, sessionId)
}
