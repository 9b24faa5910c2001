// Planning endpoints: the debt payoff and retirement simulations, their defaults, and
// saved debt plans followed against the payments made.
import type { FastifyInstance } from 'fastify'
import * as contract from '#src/contract/planning'
import type { AppDeps } from '#src/server/app-deps'
import { route } from '#src/server/http/route'
import * as debtPlans from './debt-plans'
import * as service from './service'

export function planningRoutes(app: FastifyInstance, { db, clock }: AppDeps): void {
  route(app, contract.simulateDebtPlan, async ({ user, body }) => service.simulateDebt(user, clock.now(), body))

  route(app, contract.listDebtCandidates, async ({ user }) => service.listDebtCandidates(db, user))

  route(app, contract.simulateRetirement, async ({ user, body }) => service.simulateRetirement(body, user))

  route(app, contract.retirementDefaults, async ({ user }) => service.retirementDefaults(db, user, clock.now()))

  route(app, contract.listDebtPlans, async ({ user }) => debtPlans.listDebtPlans(db, user, clock.now()))

  route(app, contract.saveDebtPlan, async ({ user, body }) => debtPlans.saveDebtPlan(db, user, clock.now(), body))

  route(app, contract.deleteDebtPlan, async ({ user, params }) => {
    await debtPlans.deleteDebtPlan(db, user, params.id)
    return null
  })

  route(app, contract.createDebtPlanBills, async ({ user, params, body }) =>
    debtPlans.createDebtPlanBills(db, user, clock.now(), params.id, body.dueDay),
  )
}
