// The signed-in user's profile, settings, photo and password, and the photos of the household's
// members.
import { z } from 'zod'
import { isValidTimeZone } from '../domain/dates'
import { canonicalLocale, isKnownCurrency } from '../domain/locale'
import { DATE_FORMATS, THEMES } from '../domain/preferences'
import { MEMBER_READ, PERSONAL, endpoint } from './endpoint'
import { currencyCode, idParams, okResponse, requiredText, trimmed } from './common'
import { email, password, user } from './auth'

export const notificationPrefs = z.object({
  billReminders: z.boolean(),
  goalReminders: z.boolean(),
  budgetAlerts: z.boolean(),
  billReminderDays: z.number().int().min(0).max(30),
})

export const settings = z.object({
  baseCurrency: z.string(),
  locale: z.string(),
  timeZone: z.string(),
  dateFormat: z.enum(DATE_FORMATS),
  weekStartsOn: z.number().int().min(0).max(6),
  theme: z.enum(THEMES),
  notificationPrefs,
})
export type Settings = z.output<typeof settings>

// stored in its canonical form ("de-de" → "de-DE"), so every formatter reads the same tag
const locale = z
  .string()
  .max(40)
  .transform((v, ctx) => {
    const canonical = canonicalLocale(v)
    if (canonical === null) {
      ctx.addIssue({ code: 'custom', message: 'Must be a language tag such as en-US or de-DE' })
      return z.NEVER
    }
    return canonical
  })

export const updateSettingsBody = settings
  .extend({
    baseCurrency: currencyCode.refine(isKnownCurrency, 'Must be a currency code such as USD or EUR'),
    locale,
    timeZone: z.string().refine(isValidTimeZone, 'Must be a time zone such as Europe/Paris'),
    notificationPrefs: notificationPrefs.partial(),
  })
  .partial()

export const updateProfileBody = z
  .object({
    firstName: requiredText(80, 'First name'),
    lastName: trimmed(80, 'Last name'),
    email,
    /** needed to change the e-mail (the one you sign in and recover the account with) */
    currentPassword: z.string().min(1, 'Enter your current password').max(200),
  })
  .partial()

export const changePasswordBody = z.object({
  currentPassword: z.string().min(1, 'Enter your current password').max(200),
  newPassword: password,
})

export const getSettings = endpoint({
  method: 'GET',
  path: '/api/user/settings',
  summary: 'Currency, locale, time zone, date format, week start, theme and notifications',
  tag: 'user',
  access: PERSONAL,
  response: settings,
})

export const updateSettings = endpoint({
  method: 'PATCH',
  path: '/api/user/settings',
  summary: 'Change settings',
  tag: 'user',
  access: PERSONAL,
  body: updateSettingsBody,
  response: settings,
})

export const updateProfile = endpoint({
  method: 'PATCH',
  path: '/api/user/profile',
  summary: 'Change name or e-mail (the e-mail needs currentPassword); the photo is uploaded (PUT /api/user/avatar)',
  tag: 'user',
  access: PERSONAL,
  tokens: false,
  body: updateProfileBody,
  response: user,
})

export const changePassword = endpoint({
  method: 'POST',
  path: '/api/user/password',
  summary: 'Change the password: every other session ends and this one gets a new cookie',
  tag: 'user',
  access: PERSONAL,
  tokens: false,
  body: changePasswordBody,
  response: okResponse,
})

// The profile photo (ADR 0051): uploaded and served by this server, never an outside address,
// which every member's browser would load (a tracking pixel).

export const putAvatar = endpoint({
  method: 'PUT',
  path: '/api/user/avatar',
  summary:
    'Upload your profile photo (multipart: field file). PNG, JPEG or WebP, told by the file itself (415 for any other), at most 1 MB (413 above).',
  tag: 'user',
  access: PERSONAL,
  response: user,
})

export const deleteAvatar = endpoint({
  method: 'DELETE',
  path: '/api/user/avatar',
  summary: 'Remove your profile photo (your initial shows instead)',
  tag: 'user',
  access: PERSONAL,
  response: user,
})

/** The picture's bytes (the OpenAPI document says which types). */
const avatarBytes = z
  .custom<Buffer>((v) => Buffer.isBuffer(v))
  .meta({ description: 'The picture: image/png, image/jpeg or image/webp' })

export const avatarQuery = z.object({
  /** when the photo was uploaded (milliseconds): a new photo is a new address */
  v: z.string().regex(/^\d{1,15}$/, 'Must be a number').optional(),
})

export const getAvatar = endpoint({
  method: 'GET',
  path: '/api/users/:id/avatar',
  summary: "A member's profile photo, to the members of their household (404 for anyone else, or without a photo)",
  tag: 'user',
  access: MEMBER_READ,
  params: idParams,
  query: avatarQuery,
  response: avatarBytes,
})

/** Where a member's photo is served (User.profileImageUrl, HouseholdMember.profileImageUrl). */
export function avatarUrl(userId: string, updatedAt: Date): string {
  return `/api/users/${encodeURIComponent(userId)}/avatar?v=${String(updatedAt.getTime())}`
}
