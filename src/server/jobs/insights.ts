// The nightly Smart Insights job (issue 18): the insight job of every household whose plan
// includes Smart Insights. The scheduler's advisory lock lets one instance run it at a time.
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/connect'
import { runAllInsights } from '../modules/insights/job'

export async function insightsJob(db: Db, now: Date, log: FastifyBaseLogger): Promise<{ households: number; insights: number }> {
  return runAllInsights(db, now, (householdId, err) => log.warn({ err, householdId }, 'insights: a household could not be refreshed'))
}
