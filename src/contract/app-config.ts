// What the web app needs to know about this server before anyone signs in.
import { z } from 'zod'
import { endpoint } from './endpoint'

export const appConfig = z.object({
  /** an ad network client id: when null, ad slots show a house ad for Premium */
  adsClientId: z.string().nullable(),
  registrationOpen: z.boolean(),
  /** true when OpenID Connect sign-in is configured (GET /api/login goes there) */
  oidcEnabled: z.boolean(),
  version: z.string(),
})
export type AppConfig = z.output<typeof appConfig>

export const getAppConfig = endpoint({
  method: 'GET',
  path: '/api/config',
  summary: 'Public settings of this server for the web app',
  tag: 'meta',
  auth: false,
  response: appConfig,
})
