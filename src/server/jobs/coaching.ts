// The weekly coaching job: for every member whose household's plan includes AI
// Coaching, this week's actions (made once a week: the (member, week, key) unique key keeps two
// instances from doubling them) and the results of accepted actions whose 30 days are over. It
// runs daily under the scheduler's lock so a member seen first mid-week still gets their week.
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/connect'
import { runCoaching } from '../modules/coaching/service'

export async function coachingJob(db: Db, now: Date, log: FastifyBaseLogger): Promise<{ members: number; made: number; measured: number }> {
  return runCoaching(db, now, (userId, err) => log.warn({ err, userId }, 'coaching: a member could not be coached'))
}
