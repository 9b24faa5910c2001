// The scheduled bank sync: every connection whose interval (BANK_SYNC_INTERVAL_MINUTES)
// has passed is synced, a batch a run, one after the other; the scheduler's lock keeps two
// instances from running it at once. Connections waiting for their member to log in again wait.
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config'
import type { Db } from '../db/connect'
import { dueConnections } from '../modules/bank-connections/service'
import { bankClients, syncDue } from '../modules/bank-connections/sync'

/** Connections synced at most per run; the rest are due at the next run. */
export const BANK_SYNC_BATCH = 25

export async function bankSyncJob(db: Db, config: Config, now: Date, log: FastifyBaseLogger): Promise<{ synced: number; failed: number }> {
  const due = await dueConnections(db, now, BANK_SYNC_BATCH)
  if (due.length === 0) return { synced: 0, failed: 0 }
  return syncDue({ db, config, clients: bankClients(config), log }, due, now)
}
