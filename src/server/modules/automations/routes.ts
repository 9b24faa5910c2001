// Automation Center endpoints, and the thin hook that runs a household's event-driven
// automations (alerts, transfers on income, webhooks) after a write that adds transactions has
// been answered: after the commit, off the request, and never able to fail the user's write.
import type { FastifyInstance } from 'fastify'
import * as contract from '#src/contract/automations'
import { planAllows } from '#src/domain/tiers'
import type { AppDeps } from '#src/server/app-deps'
import type { Config } from '#src/server/config'
import type { Db } from '#src/server/db/connect'
import { afterAnswer } from '#src/server/http/after-answer'
import { route } from '#src/server/http/route'
import { runAllAutomations } from './engine'
import { dryRun } from './preview'
import * as service from './service'

/** KINWISE_ALLOW_LOCAL_PROVIDERS: webhooks to private and loopback addresses allowed. */
export function allowLocal(config: Config): boolean {
  return config.banks.allowLocalProviders
}

/** The writes after which a household's event-driven automations look for work at once. */
const EVENT_ROUTES = new Set([
  'POST /api/transactions',
  'POST /api/transfers',
  'PATCH /api/transactions/:id',
  'DELETE /api/transactions/:id',
  'POST /api/transactions/bulk',
  'PUT /api/budgets',
  'POST /api/imports/:id/commit',
])

/** Work started by the hook, so tests (and shutdown) can wait for it. */
const hooks = afterAnswer()

export const settleAutomationHooks = (db: Db): Promise<void> => hooks.settle(db)

export function automationRoutes(app: FastifyInstance, { db, config, clock }: AppDeps): void {
  const deps = () => ({ secretKey: config.secretKey, allowLocal: allowLocal(config) })

  route(app, contract.listAutomations, async ({ user }) => service.listAutomations(db, user))
  route(app, contract.createAutomation, async ({ user, body }) =>
    service.createAutomation(db, user, body, deps(), clock.now()),
  )
  route(app, contract.updateAutomation, async ({ user, params, body }) =>
    service.updateAutomation(db, user, params.id, body, deps(), clock.now()),
  )
  route(app, contract.deleteAutomation, async ({ user, params }) => {
    await service.deleteAutomation(db, user, params.id)
    return null
  })
  route(app, contract.listAutomationRuns, async ({ user, params }) =>
    service.listRuns(db, user, params.id),
  )
  route(app, contract.dryRunAutomation, async ({ user, params }) =>
    dryRun(db, user, params.id, clock.now()),
  )
  route(app, contract.runAutomation, async ({ user, params }) =>
    service.runNow(db, user, params.id, { ...deps(), now: clock.now(), log: app.log }),
  )
  route(app, contract.undoAutomationRun, async ({ user, params }) =>
    service.undoRun(db, user, params.id, clock.now()),
  )

  app.addHook('onResponse', async (req, reply) => {
    if (reply.statusCode >= 300 || !req.auth) return
    if (!EVENT_ROUTES.has(`${req.method} ${req.routeOptions.url ?? ''}`)) return
    const user = req.auth.user
    if (!planAllows(user.subscriptionTier, 'automation')) return
    hooks.start(
      db,
      () =>
        runAllAutomations(db, { ...deps(), now: clock.now(), log: app.log }, user.householdId, [
          'alert',
          'webhook',
          'goal_transfer',
        ]),
      (error) => app.log.error({ err: error }, 'automations after a write failed'),
    )
  })
}
