// The automations job (issue 18): every few minutes, each active automation of a household whose
// plan includes automation does what is due. Each period is claimed in automation_runs inside the
// transaction that makes the change, so instances running this at once still act once a period.
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config'
import type { Db } from '../db/connect'
import { runAllAutomations } from '../modules/automations/engine'
import { allowLocal } from '../modules/automations/routes'

export async function runAutomations(
  db: Db,
  config: Config,
  now: Date,
  log: FastifyBaseLogger,
): Promise<number> {
  return runAllAutomations(db, {
    secretKey: config.secretKey,
    allowLocal: allowLocal(config),
    now,
    log,
  })
}
