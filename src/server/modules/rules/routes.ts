// Rule endpoints: thin wrappers around the service, scoped to the signed-in user's household.
import type { FastifyInstance } from 'fastify'
import * as contract from '#src/contract/rules'
import type { AppDeps } from '#src/server/app-deps'
import { route } from '#src/server/http/route'
import * as service from './service'

export function ruleRoutes(app: FastifyInstance, { db, clock }: AppDeps): void {
  route(app, contract.listRules, async ({ user }) => service.list(db, user))
  route(app, contract.dryRunRules, async ({ user }) => service.dryRun(db, user, clock.now()))
  route(app, contract.createRule, async ({ user, body }) => service.create(db, user, body, clock.now()))
  route(app, contract.updateRule, async ({ user, params, body }) => service.update(db, user, params.id, body, clock.now()))
  route(app, contract.deleteRule, async ({ user, params }) => {
    await service.remove(db, user, params.id)
    return null
  })
  route(app, contract.reorderRules, async ({ user, body }) => service.reorder(db, user, body.ids, clock.now()))
  route(app, contract.applyRulesToTransactions, async ({ user, body }) => service.applyToExisting(db, user, body, clock.now()))
}
