// The signed-in user's profile, settings and password.
import { z } from 'zod'
import { isValidTimeZone } from '../domain/dates'
import { canonicalLocale, isKnownCurrency } from '../domain/locale'
import { DATE_FORMATS, THEMES } from '../domain/preferences'
import { PERSONAL, endpoint } from './endpoint'
import { currencyCode, okResponse, requiredText, trimmed } from './common'
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
    profileImageUrl: z
      .url({ protocol: /^https$/, error: 'Must be an https:// address' })
      .max(2000)
      .nullable(),
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
  summary: 'Change name, e-mail or photo (the e-mail needs currentPassword)',
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
