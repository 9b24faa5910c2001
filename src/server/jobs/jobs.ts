// The product's scheduled jobs (reminder generation and the like), run by the scheduler under
// an advisory lock so that several app instances never run one twice.
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config'
import type { Db } from '../db/connect'
import { purgeDeletedAccounts } from '../modules/data-rights/deletion'
import { generateReminders } from './reminders'
import { purgeSecurityRows } from '../modules/audit/service'

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
  {
    // accounts whose 30 days to change their mind are over (issue 15, ADR 0026)
    name: 'purge-deleted-accounts',
    everyMinutes: 60,
    run: async ({ db, now, log }) => {
      const purged = await purgeDeletedAccounts(db, now)
      if (purged) log.info({ purged }, 'deleted accounts purged')
    },
  },
  {
    // audit events past AUDIT_RETENTION_DAYS, sign-in failures past a day, used or expired reset links
    name: 'purge-security-rows',
    everyMinutes: 60 * 24,
    run: async ({ db, config, now, log }) => {
      const purged = await purgeSecurityRows(db, now, config.auditRetentionDays)
      if (purged.audit || purged.failures || purged.resetTokens) log.info(purged, 'security rows purged')
    },
  },
]
