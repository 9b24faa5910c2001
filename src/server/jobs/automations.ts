// The automations job: every few minutes, each active automation of a household whose
// plan includes automation does what is due. Each period is claimed in automation_runs inside the
// transaction that makes the change, so instances running this at once still act once a period.
// It also drops the transaction changes kept for webhooks once they are older than two days.
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config'
import type { Db } from '../db/connect'
import { CHANGE_KEEP_DAYS } from '#src/domain/automation/events'
import { runAllAutomations } from '../modules/automations/engine'
import { purgeChanges } from '../core/changes'
import { allowLocal } from '../modules/automations/routes'

export async function runAutomations(
  db: Db,
  config: Config,
  now: Date,
  log: FastifyBaseLogger,
): Promise<number> {
  // transaction changes kept for the webhooks, past the day they look back over
  await purgeChanges(db, new Date(now.getTime() - CHANGE_KEEP_DAYS * 86_400_000))
  return runAllAutomations(db, {
    secretKey: config.secretKey,
    allowLocal: allowLocal(config),
    now,
    log,
  })
}
