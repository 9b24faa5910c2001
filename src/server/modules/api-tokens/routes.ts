// Personal API tokens (ADR 0033): list, make (after a recent re-authentication: a
// borrowed browser session must not leave itself a lasting key) and revoke. Session only.
import type { FastifyInstance } from 'fastify'
import * as contract from '#src/contract/api-tokens'
import type { AppDeps } from '#src/server/app-deps'
import { route } from '#src/server/http/route'
import { requireRecentAuth } from '#src/server/core/reauth'
import { createToken, listTokens, revokeToken } from './service'

export function apiTokenRoutes(app: FastifyInstance, { db, clock }: AppDeps): void {
  route(app, contract.listApiTokens, async ({ user }) => listTokens(db, user, clock.now()))

  route(app, contract.createApiToken, async ({ user, body, req }) => {
    const now = clock.now()
    requireRecentAuth(req, now)
    return createToken(db, user, body, now, req)
  })

  route(app, contract.revokeApiToken, async ({ user, params, req }) => {
    await revokeToken(db, user, params.id, clock.now(), req)
    return { ok: true as const }
  })
}
