// The Spending Plan endpoint, and the planned income the plan counts.
import type { FastifyInstance } from 'fastify'
import * as income from '#src/contract/planned-income'
import { getSpendingPlan } from '#src/contract/spending-plan'
import type { AppDeps } from '#src/server/app-deps'
import { route } from '#src/server/http/route'
import * as planned from './planned-income'
import { spendingPlanFor } from './service'

export function spendingPlanRoutes(app: FastifyInstance, { db, clock }: AppDeps): void {
  route(app, getSpendingPlan, async ({ user, query }) => spendingPlanFor(db, user, clock.now(), query.month))
  route(app, income.listPlannedIncome, async ({ user }) => planned.listPlannedIncome(db, user))
  route(app, income.createPlannedIncome, async ({ user, body }) => planned.createPlannedIncome(db, user, body))
  route(app, income.updatePlannedIncome, async ({ user, params, body }) => planned.updatePlannedIncome(db, user, params.id, body, clock.now()))
  route(app, income.deletePlannedIncome, async ({ user, params }) => {
    await planned.deletePlannedIncome(db, user, params.id)
    return null
  })
}
