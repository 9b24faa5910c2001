// Smart Insights endpoints: the feed, category suggestions, recurring payments,
// anomalies and the cash-flow forecast; Refresh queues the household's insight job and this
// instance runs it once the answer is sent (the scheduler's sweep runs any left behind).
import type { FastifyInstance } from 'fastify'
import * as contract from '#src/contract/insights'
import type { AppDeps } from '#src/server/app-deps'
import type { Db } from '#src/server/db/connect'
import { route } from '#src/server/http/route'
import { afterAnswer } from '#src/server/http/after-answer'
import { runClaimed } from './job-queue'
import * as service from './service'

/** Jobs started after a Refresh, so tests (and shutdown) can wait for them. */
const jobs = afterAnswer()

export const settleInsightJobs = (db: Db): Promise<void> => jobs.settle(db)

export function insightRoutes(app: FastifyInstance, { db, clock }: AppDeps): void {
  const runSoon = (householdId: string) => {
    // a failed run is marked failed for the page; the scheduler's sweep never retries it
    jobs.start(
      db,
      () => runClaimed(db, householdId, () => clock.now(), 'queued'),
      (error) => app.log.error({ err: error, householdId }, 'insight refresh failed'),
    )
  }
  // a run under way finishes before the database closes
  app.addHook('onClose', async () => settleInsightJobs(db))

  route(app, contract.listInsights, async ({ user, query }) => service.listInsights(db, user, query.includeDismissed ?? false, clock.now()))

  route(app, contract.updateInsight, async ({ user, params, body }) => service.updateInsight(db, user, params.id, body, clock.now()))

  // Refresh only queues the job; it runs once the answer is sent, off the request
  route(app, contract.refreshInsights, async ({ user }) => {
    const state = await service.refresh(db, user, clock.now())
    if (state.status === 'queued') runSoon(user.householdId)
    return state
  })

  route(app, contract.getInsightRefresh, async ({ user }) => service.refreshStatus(db, user))

  route(app, contract.listCategorySuggestions, async ({ user, query }) => service.listSuggestions(db, user, query))

  route(app, contract.acceptCategorySuggestions, async ({ user, body }) => service.acceptSuggestions(db, user, body, clock.now()))

  route(app, contract.listRecurring, async ({ user, query }) => service.listRecurring(db, user, query.includeDismissed ?? false))

  route(app, contract.confirmRecurring, async ({ user, params, body }) => service.confirmRecurring(db, user, params.id, body, clock.now()))

  route(app, contract.dismissRecurring, async ({ user, params }) => service.dismissRecurring(db, user, params.id, clock.now()))

  route(app, contract.listAnomalies, async ({ user, query }) => service.listAnomalies(db, user, query.includeDismissed ?? false, clock.now()))

  route(app, contract.getForecast, async ({ user, query }) => service.getForecast(db, user, query.days, clock.now()))
}
