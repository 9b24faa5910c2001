// Account endpoints: thin wrappers around the service.
import type { FastifyInstance } from 'fastify'
import * as contract from '#src/contract/accounts'
import type { AppDeps } from '#src/server/app-deps'
import { route } from '#src/server/http/route'
import * as service from './service'

export function accountRoutes(app: FastifyInstance, { db, clock }: AppDeps): void {
  route(app, contract.listAccounts, async ({ user }) => service.list(db, user, clock.now()))
  route(app, contract.getAccount, async ({ user, params }) => service.getOne(db, user, params.id, clock.now()))
  route(app, contract.createAccount, async ({ user, body }) => service.create(db, user, body, clock.now()))
  route(app, contract.updateAccount, async ({ user, params, body }) =>
    service.update(db, user, params.id, body, clock.now()),
  )
  route(app, contract.deleteAccount, async ({ user, params }) => service.remove(db, user, params.id))
  route(app, contract.reconcileAccount, async ({ user, params, body }) =>
    service.reconcile(db, user, params.id, body, clock.now()),
  )
}
