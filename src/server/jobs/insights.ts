// The Smart Insights jobs: nightly, the insight job of every household whose plan
// includes Smart Insights; every minute, the jobs members queued with Refresh that no instance
// has run yet (the instance that answered runs its own at once; this picks up the rest). Each
// household's run is claimed in insight_jobs, so one instance runs it at a time.
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/connect'
import { runAllInsights, runWaitingJobs } from '../modules/insights/job-queue'

export async function insightsJob(db: Db, now: Date, log: FastifyBaseLogger): Promise<{ households: number }> {
  return runAllInsights(db, now, (householdId, err) => log.warn({ err, householdId }, 'insights: a household could not be refreshed'))
}

export async function queuedInsightsJob(db: Db, now: () => Date, log: FastifyBaseLogger): Promise<number> {
  return runWaitingJobs(db, now, (householdId, err) => log.warn({ err, householdId }, 'insights: a queued refresh failed'))
}
