// The product's scheduled jobs (reminder generation and the like), run by the scheduler under
// an advisory lock so that several app instances never run one twice.
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config'
import type { Db } from '../db/connect'
import { generateReminders } from './reminders'

export type SharedJob = {
  name: string
  everyMinutes: number
  run(deps: { db: Db; config: Config; now: Date; log: FastifyBaseLogger }): Promise<void>
}

export const sharedJobs: SharedJob[] = [
  {
    name: 'generate-reminders',
    everyMinutes: 15,
    run: async ({ db, now, log }) => {
      const created = await generateReminders(db, now)
      if (created) log.info({ created }, 'reminders generated')
    },
  },
]
