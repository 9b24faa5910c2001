// Analytics endpoints of the dashboard.
import type { FastifyInstance } from 'fastify'
import * as contract from '#src/contract/analytics'
import type { AppDeps } from '#src/server/app-deps'
import { route } from '#src/server/http/route'
import * as service from './service'

export function analyticsRoutes(app: FastifyInstance, { db, clock }: AppDeps): void {
  route(app, contract.getNetWorth, async ({ user }) => service.netWorth(db, user, clock.now()))
  route(app, contract.getMonthlySummary, async ({ user, query }) =>
    service.monthlySummary(db, user, clock.now(), query.month),
  )
}
