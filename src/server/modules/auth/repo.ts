// The SQL of registration, sign-in and onboarding. E-mails are compared lower-cased, as they are
// stored.
import { eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '#src/server/db/connect'
import { users } from '#src/server/db/schema'

export async function userIdByEmail(db: DbOrTx, email: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1)
  return row?.id
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<string> {
  const [user] = await db.insert(users).values(values).returning({ id: users.id })
  if (!user) throw new Error('insert returned no row')
  return user.id
}

export async function credentialsByEmail(db: DbOrTx, email: string): Promise<{ id: string; passwordHash: string | null } | undefined> {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1)
  return row
}

export async function markOnboarded(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db.update(users).set({ hasCompletedOnboarding: true, updatedAt: now }).where(eq(users.id, userId))
}

export async function userIdByOidcSubject(db: DbOrTx, subject: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.oidcSubject, subject)).limit(1)
  return row?.id
}

/** The account with this (verified, lower-cased) e-mail and the OpenID subject it is linked to. */
export async function oidcLinkByEmail(db: DbOrTx, email: string): Promise<{ id: string; oidcSubject: string | null } | undefined> {
  const [row] = await db
    .select({ id: users.id, oidcSubject: users.oidcSubject })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1)
  return row
}

export async function linkOidcSubject(db: DbOrTx, userId: string, subject: string): Promise<void> {
  await db.update(users).set({ oidcSubject: subject }).where(eq(users.id, userId))
}
