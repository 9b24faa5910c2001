// The Spending Plan endpoint.
import type { FastifyInstance } from 'fastify'
import { getSpendingPlan } from '../../../contract/spending-plan'
import type { AppDeps } from '../../app-deps'
import { route } from '../../http/route'
import { spendingPlanFor } from './service'

export function spendingPlanRoutes(app: FastifyInstance, { db, clock }: AppDeps): void {
  route(app, getSpendingPlan, async ({ user, query }) => spendingPlanFor(db, user, clock.now(), query.month))
}
