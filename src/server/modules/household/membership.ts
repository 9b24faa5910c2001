// Households and their members as other modules change them: sign-up, account deletion, data
// import, and the test, fuzz and demo worlds. A shared piece of the household module (like
// accounts/scope.ts), not its service: household/service.ts imports auth/service.ts, which
// creates a new member's household here.
import type { DbOrTx, Tx } from '../../db/connect'
import type { DroppedConnection } from '../bank-connections/service'
import * as repo from './repo'

/** Locks households (ordered by id): membership changes in them wait for this transaction. */
export function lockHouseholds(tx: Tx, ids: readonly string[]): Promise<void> {
  return repo.lockHouseholds(tx, ids)
}

/** The household and role of a user, or null. */
export function membershipOf(db: DbOrTx, userId: string): Promise<repo.Membership | null> {
  return repo.membershipOf(db, userId)
}

export function countMembers(db: DbOrTx, householdId: string): Promise<number> {
  return repo.countMembers(db, householdId)
}

export function ownerOf(db: DbOrTx, householdId: string): Promise<string | null> {
  return repo.ownerOf(db, householdId)
}

export function setRole(db: DbOrTx, householdId: string, userId: string, role: string): Promise<void> {
  return repo.setRole(db, householdId, userId, role)
}

/** A new free household with `userId` as its owner (their old membership must be gone). */
export function createOwnHousehold(tx: Tx, userId: string, name: string): Promise<string> {
  return repo.createOwnHousehold(tx, userId, name)
}

export function addMembership(tx: Tx, householdId: string, userId: string, role: string): Promise<void> {
  return repo.addMembership(tx, householdId, userId, role)
}

/** Takes a member out of a household, with the bank connections they made in it. */
export function removeMembership(tx: Tx, householdId: string, userId: string): Promise<DroppedConnection[]> {
  return repo.removeMembership(tx, householdId, userId)
}

/** Deletes a household and everything still in it; its bank connections are returned. */
export function deleteHousehold(tx: Tx, id: string): Promise<DroppedConnection[]> {
  return repo.deleteHousehold(tx, id)
}
