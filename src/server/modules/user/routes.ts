// Profile, settings, photo and password endpoints. A photo is served with the type its bytes
// showed, never sniffed again by the browser, and under a policy that runs nothing.
import type { FastifyInstance } from 'fastify'
import * as contract from '#src/contract/user'
import { ATTACHMENT_MIME } from '#src/domain/attachments'
import { AVATAR_MAX_BYTES } from '#src/domain/avatar'
import type { AppDeps } from '#src/server/app-deps'
import { route } from '#src/server/http/route'
import { readUploadedFile } from '../attachments/upload'
import * as service from './service'

/** For the picture itself: nothing of its own may load or run, and no page may frame it. */
export const AVATAR_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox"

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
  route(
    app,
    contract.putAvatar,
    async ({ user, req }) => {
      const file = await readUploadedFile(req, AVATAR_MAX_BYTES, 'Choose a PNG, JPEG or WebP picture (the form field "file")')
      return service.putAvatar(db, user, file.bytes, clock.now())
    },
    { ownBody: true },
  )
  route(app, contract.deleteAvatar, async ({ user }) => service.deleteAvatar(db, user, clock.now()))
  route(app, contract.getAvatar, async ({ user, params, reply }) => {
    const { kind, bytes } = await service.avatar(db, user, params.id)
    reply.header('content-type', ATTACHMENT_MIME[kind])
    reply.header('x-content-type-options', 'nosniff')
    reply.header('content-security-policy', AVATAR_CSP)
    return bytes
  })
}
