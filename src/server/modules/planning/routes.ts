// Planning endpoints (issue 17): the debt payoff and retirement simulations and their defaults.
import type { FastifyInstance } from 'fastify'
import * as contract from '../../../contract/planning'
import type { AppDeps } from '../../app-deps'
import { route } from '../../http/route'
import * as service from './service'

export function planningRoutes(app: FastifyInstance, { db, clock }: AppDeps): void {
  route(app, contract.simulateDebtPlan, async ({ user, body }) => service.simulateDebt(user, clock.now(), body))

  route(app, contract.listDebtCandidates, async ({ user }) => service.listDebtCandidates(db, user))

  route(app, contract.simulateRetirement, async ({ user, body }) => service.simulateRetirement(body, user))

  route(app, contract.retirementDefaults, async ({ user }) => service.retirementDefaults(db, user, clock.now()))
}
