// The SQL of the signed-in member's own row (profile, settings, password), and of members'
// profile photos (ADR 0051): the picture in user_avatars, and on users when it last changed (the
// photo's address carries it), always written together.
import { and, eq, ne, sql } from 'drizzle-orm'
import type { AvatarKind } from '#src/domain/avatar'
import type { DbOrTx } from '#src/server/db/connect'
import { householdMembers, userAvatars, users } from '#src/server/db/schema'

type UserPatch = Partial<Omit<typeof users.$inferInsert, 'id' | 'createdAt'>>

export async function updateUserRow(db: DbOrTx, userId: string, patch: UserPatch): Promise<void> {
  await db.update(users).set(patch).where(eq(users.id, userId))
}

export async function findPasswordHash(db: DbOrTx, userId: string): Promise<string | null | undefined> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId))
  return row?.passwordHash
}

/** Another account already has this e-mail (`email` in lower case; compared without case). */
export async function emailTakenByOther(db: DbOrTx, email: string, userId: string): Promise<boolean> {
  const taken = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, ne(users.id, userId)))
    .limit(1)
  return taken.length > 0
}

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
