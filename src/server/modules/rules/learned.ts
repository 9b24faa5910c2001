// The categories learned per payee, which transactions, imports, bank sync and insights read and
// write. It is a shared piece of the rules module (like accounts/scope.ts), not its service:
// rules/service.ts imports transactions/service.ts, which writes what it learns here.
import type { DbOrTx } from '../../db/connect'
import * as repo from './repo'

/** Remembers the category chosen for each payee key (the last choice wins; empty keys are ignored). */
export function learnPayeeCategories(
  db: DbOrTx,
  householdId: string,
  choices: readonly { payeeKey: string; categoryId: string }[],
  now: Date,
): Promise<void> {
  return repo.learnPayeeCategories(db, householdId, choices, now)
}

/** The learned category for each of these payee keys that has one. */
export function learnedCategories(db: DbOrTx, householdId: string, keys: readonly string[]): Promise<Map<string, string>> {
  return repo.learnedCategories(db, householdId, keys)
}
