// The SQL of members' profile photos (ADR 0051): the picture in user_avatars, and on users when
// it last changed (the photo's address carries it), always written together.
import { and, eq } from 'drizzle-orm'
import type { AvatarKind } from '../../../domain/avatar'
import type { DbOrTx } from '../../db/connect'
import { householdMembers, userAvatars, users } from '../../db/schema'

/** Stores the member's photo in place of any before it. */
export async function saveAvatar(tx: DbOrTx, userId: string, kind: AvatarKind, bytes: Buffer, at: Date): Promise<void> {
  await tx
    .insert(userAvatars)
    .values({ userId, kind, bytes, updatedAt: at })
    .onConflictDoUpdate({ target: userAvatars.userId, set: { kind, bytes, updatedAt: at } })
  await tx.update(users).set({ avatarUpdatedAt: at, updatedAt: at }).where(eq(users.id, userId))
}

/** Removes the member's photo, if there is one. */
export async function removeAvatar(tx: DbOrTx, userId: string, at: Date): Promise<void> {
  await tx.delete(userAvatars).where(eq(userAvatars.userId, userId))
  await tx.update(users).set({ avatarUpdatedAt: null, updatedAt: at }).where(eq(users.id, userId))
}

/** The photo of a member of this household; null when they have none or are not a member. */
export async function householdAvatar(
  db: DbOrTx,
  householdId: string,
  userId: string,
): Promise<{ kind: string; bytes: Buffer } | null> {
  const [row] = await db
    .select({ kind: userAvatars.kind, bytes: userAvatars.bytes })
    .from(userAvatars)
    .innerJoin(householdMembers, eq(householdMembers.userId, userAvatars.userId))
    .where(and(eq(householdMembers.householdId, householdId), eq(userAvatars.userId, userId)))
  return row ?? null
}
