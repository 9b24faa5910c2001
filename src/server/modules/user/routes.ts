// Profile, settings and password endpoints.
import type { FastifyInstance } from 'fastify'
import * as contract from '../../../contract/user'
import type { AppDeps } from '../../app-deps'
import { route } from '../../http/route'
import * as service from './service'

export function userRoutes(app: FastifyInstance, { db, clock, config }: AppDeps): void {
  route(app, contract.getSettings, async ({ user }) => service.toSettings(user))
  route(app, contract.updateSettings, async ({ user, body }) => service.updateSettings(db, user, body, clock.now()))
  route(app, contract.updateProfile, async ({ user, body }) => service.updateProfile(db, user, body, clock.now()))
  route(
    app,
    contract.changePassword,
    async ({ user, req, body }) => {
      await service.changePassword(db, user, req.auth?.sessionId ?? '', body, clock.now())
      return { ok: true as const }
    },
    { config: { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } } },
  )
}
