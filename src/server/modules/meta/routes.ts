// Public facts about this server that the web app reads at start.
import type { FastifyInstance } from 'fastify'
import { getAppConfig } from '#src/contract/app-config'
import type { AppDeps } from '#src/server/app-deps'
import { route } from '#src/server/http/route'

export const APP_VERSION = '0.1.0'

export function metaRoutes(app: FastifyInstance, { config }: AppDeps): void {
  route(app, getAppConfig, async () => ({
    adsClientId: config.adsClientId,
    registrationOpen: config.allowRegistration,
    oidcEnabled: config.oidc !== null,
    version: APP_VERSION,
  }))
}
