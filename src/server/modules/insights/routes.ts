// Smart Insights endpoints (issue 18): the feed, category suggestions, recurring payments,
// anomalies and the cash-flow forecast; Refresh runs the household's insight job now.
import type { FastifyInstance } from 'fastify'
import * as contract from '../../../contract/insights'
import type { AppDeps } from '../../app-deps'
import { route } from '../../http/route'
import * as service from './service'

export function insightRoutes(app: FastifyInstance, { db, clock }: AppDeps): void {
  route(app, contract.listInsights, async ({ user, query }) => service.listInsights(db, user, query.includeDismissed ?? false, clock.now()))

  route(app, contract.updateInsight, async ({ user, params, body }) => service.updateInsight(db, user, params.id, body, clock.now()))

  route(app, contract.refreshInsights, async ({ user }) => service.refresh(db, user, clock.now()))

  route(app, contract.listCategorySuggestions, async ({ user, query }) => service.listSuggestions(db, user, query))

  route(app, contract.acceptCategorySuggestions, async ({ user, body }) => service.acceptSuggestions(db, user, body, clock.now()))

  route(app, contract.listRecurring, async ({ user, query }) => service.listRecurring(db, user, query.includeDismissed ?? false))

  route(app, contract.confirmRecurring, async ({ user, params, body }) => service.confirmRecurring(db, user, params.id, body, clock.now()))

  route(app, contract.dismissRecurring, async ({ user, params }) => service.dismissRecurring(db, user, params.id, clock.now()))

  route(app, contract.listAnomalies, async ({ user, query }) => service.listAnomalies(db, user, query.includeDismissed ?? false, clock.now()))

  route(app, contract.getForecast, async ({ user, query }) => service.getForecast(db, user, query.days, clock.now()))
}
