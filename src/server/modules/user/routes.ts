// Profile, settings and password endpoints.
import type { FastifyInstance } from 'fastify'
import * as contract from '../../../contract/user'
import type { AppDeps } from '../../app-deps'
import { route } from '../../http/route'
import * as service from './service'

export function userRoutes(app: FastifyInstance, { db, clock, config }: AppDeps): void {
  const LIMIT = { config: { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } } }
  route(app, contract.getSettings, async ({ user }) => service.toSettings(user))
  route(app, contract.updateSettings, async ({ user, body }) => service.updateSettings(db, user, body, clock.now()))
  route(
    app,
    contract.updateProfile,
    async ({ user, body, req }) => service.updateProfile({ db, config, now: clock.now(), log: req.log, req }, user, body),
    // a wrong current password is a guess: limited like sign-in
    LIMIT,
  )
  route(
    app,
    contract.changePassword,
    async ({ user, req, reply, body }) => {
      await service.changePassword({ db, config, now: clock.now(), log: req.log, req }, user, reply, body)
      return { ok: true as const }
    },
    LIMIT,
  )
}
