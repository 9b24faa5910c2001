// Bank connection endpoints: thin wrappers around the service. Linking a bank also
// needs a recent password or code on the session (REAUTH_REQUIRED); Plaid's webhook reads its
// body raw, since the signature covers the exact bytes.
import type { FastifyInstance } from 'fastify'
import * as contract from '#src/contract/bank-connections'
import type { AppDeps } from '#src/server/app-deps'
import { route } from '#src/server/http/route'
import { requireRecentAuth } from '#src/server/core/reauth'
import * as service from './service'

export function bankConnectionRoutes(app: FastifyInstance, { db, config, clock }: AppDeps): void {
  const deps = service.bankDeps(db, config)

  route(app, contract.bankProviders, async ({ user }) => service.providers(deps, user))

  route(app, contract.listBankConnections, async ({ user }) => service.list(deps, user))

  route(app, contract.createBankConnection, async ({ user, body, req }) => {
    const now = clock.now()
    if (user.mfaEnabled) requireRecentAuth(req, now)
    return service.create(deps, user, body, now)
  })

  route(app, contract.linkBankAccount, async ({ user, params, body }) => service.link(deps, user, params.id, params.accountId, body))

  route(app, contract.syncBankConnection, async ({ user, params, req }) => service.syncNow(deps, user, params.id, clock.now(), req.log))

  route(app, contract.deleteBankConnection, async ({ user, params, req }) => {
    await service.remove(deps, user, params.id, req.log)
    return null
  })

  route(app, contract.plaidLinkToken, async ({ user, body }) => service.linkToken(deps, user, body.connectionId))

  // the signature covers the exact bytes Plaid sent: in this scope every body stays a Buffer
  void app.register(async (raw) => {
    raw.removeAllContentTypeParsers()
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))
    route(raw, contract.plaidWebhook, async ({ req }) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
      const header = req.headers['plaid-verification']
      await service.plaidWebhook(deps, body, typeof header === 'string' ? header : undefined, clock.now(), req.log)
      return { ok: true } satisfies { ok: true }
    })
  })
}
