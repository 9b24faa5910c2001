// An import batch and the transactions it added, as the transactions list narrows to them. A
// shared piece of the imports module (like accounts/scope.ts), not its service:
// imports/service.ts reaches transactions/repo.ts, which reads batches here.
import type { SQL } from 'drizzle-orm'
import type { DbOrTx } from '../../db/connect'
import * as repo from './repo'

export type BatchIdRange = repo.BatchIdRange

/** An import batch of the household, or undefined. */
export function findBatch(db: DbOrTx, householdId: string, id: string): Promise<repo.BatchRow | undefined> {
  return repo.findBatch(db, householdId, id)
}

/** The condition that keeps the transactions an import batch added. */
export function inBatch(batch: BatchIdRange): SQL {
  return repo.inBatch(batch)
}
