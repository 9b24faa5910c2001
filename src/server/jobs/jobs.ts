// The product's scheduled jobs (reminder generation and the like), each run by the scheduler once
// its period is claimed in job_runs (ADR 0011), so that several app instances never run one twice.
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config'
import type { Db } from '../db/connect'
import { purgeDeletedAccounts } from '../modules/data-rights/deletion'
import { bankRelease } from '../modules/bank-connections/release'
import { generateReminders } from '../modules/reminders/generated'
import { purgeSecurityRows } from '../modules/audit/service'
import { purgeExpiredTokens } from '../modules/api-tokens/service'
import { httpPriceProvider } from '../integrations/prices/price-provider'
import { refreshPrices } from './prices'
import { httpRateProvider } from '../integrations/rates/rate-provider'
import { refreshRates } from './rates'
import { coachingJob } from './coaching'
import { insightsJob, queuedInsightsJob } from './insights'
import { runAutomations } from './automations'
import { bankSyncJob } from './bank-sync'

export type SharedJob = {
  name: string
  /** the period, in the scheduler's minutes (config.jobMinuteMs) */
  everyMinutes: number
  run(deps: { db: Db; config: Config; now: Date; log: FastifyBaseLogger }): Promise<void>
}

export const sharedJobs: SharedJob[] = [
  {
    // the Automation Center: scheduled transactions, goal transfers, alerts, webhooks
    name: 'automations',
    everyMinutes: 5,
    run: async ({ db, config, now, log }) => {
      const made = await runAutomations(db, config, now, log)
      if (made) log.info({ made }, 'automations ran')
    },
  },
  {
    // bank connections: each connection whose BANK_SYNC_INTERVAL_MINUTES has passed
    name: 'bank-sync',
    everyMinutes: 5,
    run: async ({ db, config, now, log }) => {
      const done = await bankSyncJob(db, config, now, log)
      if (done.synced || done.failed) log.info(done, 'bank connections synced')
    },
  },
  {
    name: 'generate-reminders',
    everyMinutes: 15,
    run: async ({ db, now, log }) => {
      const created = await generateReminders(db, now)
      if (created) log.info({ created }, 'reminders generated')
    },
  },
  {
    // accounts whose 30 days to change their mind are over (ADR 0026)
    name: 'purge-deleted-accounts',
    everyMinutes: 60,
    run: async ({ db, config, now, log }) => {
      // their bank connections go too: Plaid is told to remove the items
      const purged = await purgeDeletedAccounts(db, now, bankRelease(config, log))
      if (purged) log.info({ purged }, 'deleted accounts purged')
    },
  },
  {
    // audit events past AUDIT_RETENTION_DAYS, sign-in failures past a day, used or expired reset
    // links, request-limit counters an hour past their window, API tokens expired a month ago
    // (the list shows them expired until then)
    name: 'purge-security-rows',
    everyMinutes: 60 * 24,
    run: async ({ db, config, now, log }) => {
      const purged = { ...(await purgeSecurityRows(db, now, config.auditRetentionDays)), apiTokens: await purgeExpiredTokens(db, now) }
      if (purged.audit || purged.failures || purged.resetTokens || purged.rateLimits || purged.apiTokens) log.info(purged, 'security rows purged')
    },
  },
  {
    // latest prices of held securities from the price provider, when one is configured
    name: 'refresh-prices',
    everyMinutes: 60 * 24,
    run: async ({ db, config, now, log }) => {
      if (!config.prices) return
      const refreshed = await refreshPrices(db, httpPriceProvider(config.prices), now, log)
      if (refreshed.symbols) log.info(refreshed, 'prices refreshed')
    },
  },
  {
    // today's exchange rates of the currencies in use, when a rate provider is configured
    name: 'refresh-rates',
    everyMinutes: 60 * 24,
    run: async ({ db, config, now, log }) => {
      if (!config.rates) return
      const refreshed = await refreshRates(db, httpRateProvider(config.rates), now, log)
      if (refreshed.currencies) log.info(refreshed, 'exchange rates refreshed')
    },
  },
  {
    // each member's weekly coaching actions (once a week) and the results now due
    name: 'coaching',
    everyMinutes: 60 * 24,
    run: async ({ db, now, log }) => {
      const done = await coachingJob(db, now, log)
      if (done.made || done.measured) log.info(done, 'coaching actions made and measured')
    },
  },
  {
    // Smart Insights' Refresh: jobs queued by a member that the instance that answered
    // did not run (it stopped first); the one that answers runs its own at once
    name: 'insights-queued',
    everyMinutes: 1,
    run: async ({ db, now, log }) => {
      const ran = await queuedInsightsJob(db, () => now, log)
      if (ran) log.info({ ran }, 'queued insight refreshes ran')
    },
  },
  {
    // Smart Insights: recurring payments, anomalies, the category model and the feed
    name: 'insights',
    everyMinutes: 60 * 24,
    run: async ({ db, now, log }) => {
      const done = await insightsJob(db, now, log)
      if (done.households) log.info(done, 'insights refreshed')
    },
  },
]
