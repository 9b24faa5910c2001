// Registration, sign-in and onboarding. Registration creates the user, their household and
// the default categories in one transaction.
import { hash, verify } from '@node-rs/argon2'
import { eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { registerBody, User } from '../../../contract/auth'
import { DEFAULT_CATEGORIES } from '../../../domain/default-categories'
import type { Db, DbOrTx } from '../../db/connect'
import type { OidcIdentity } from '../../integrations/oidc/oidc'
import { categories, householdMembers, households, users } from '../../db/schema'
import { AppError, conflict, notFound } from '../../http/errors'
import { memberColumns, toSessionUser, type SessionUser } from './sessions'
import { ownHouseholdName } from '../../../domain/household'
import { createOwnHousehold } from '../household/repo'

// verifying against this when the e-mail is unknown keeps both answers equally slow
const DUMMY_HASH = await hash('kinwise-dummy-password-for-timing')

export function toUserDto(u: SessionUser): User {
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    profileImageUrl: u.profileImageUrl,
    subscriptionTier: u.subscriptionTier,
    role: u.role,
    householdId: u.householdId,
    hasCompletedOnboarding: u.hasCompletedOnboarding,
    mfaEnabled: u.mfaEnabled,
    householdRequiresMfa: u.householdRequiresMfa,
    deleteAfter: u.deleteAfter ? u.deleteAfter.toISOString() : null,
    baseCurrency: u.baseCurrency,
    locale: u.locale,
    timeZone: u.timeZone,
  }
}

export async function loadSessionUser(db: DbOrTx, userId: string, now: Date = new Date()): Promise<SessionUser> {
  const rows = await db
    .select(memberColumns)
    .from(users)
    .innerJoin(householdMembers, eq(householdMembers.userId, users.id))
    .innerJoin(households, eq(households.id, householdMembers.householdId))
    .where(eq(users.id, userId))
    .limit(1)
  const row = rows[0]
  if (!row) throw notFound('User')
  return toSessionUser(row, now)
}

export async function createDefaultCategories(db: DbOrTx, householdId: string): Promise<void> {
  const parents = await db
    .insert(categories)
    .values(DEFAULT_CATEGORIES.map((c) => ({ householdId, name: c.name, kind: c.kind })))
    .returning({ id: categories.id, name: categories.name })
  const byName = new Map(parents.map((p) => [p.name, p.id]))
  const children = DEFAULT_CATEGORIES.flatMap((c) =>
    (c.children ?? []).map((name) => ({ householdId, name, kind: c.kind, parentId: byName.get(c.name) ?? null })),
  )
  if (children.length) await db.insert(categories).values(children)
}

export type NewUser = Omit<z.output<typeof registerBody>, 'acceptTerms' | 'password'> & {
  /** absent for people who sign in with OpenID Connect only */
  password?: string
  timeZone?: string
  oidcSubject?: string
  profileImageUrl?: string | null
}

/** Creates a user with their own household and default categories (one transaction). */
export async function createUser(db: Db, input: NewUser): Promise<SessionUser> {
  const passwordHash = input.password ? await hash(input.password) : null
  return db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`)
      .limit(1)
    if (existing.length) throw conflict('An account with this e-mail already exists', 'EMAIL_TAKEN')
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email.toLowerCase(),
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        oidcSubject: input.oidcSubject ?? null,
        profileImageUrl: input.profileImageUrl ?? null,
        ...(input.timeZone ? { timeZone: input.timeZone } : {}),
      })
      .returning({ id: users.id })
    if (!user) throw new Error('insert returned no row')
    const householdId = await createOwnHousehold(tx, user.id, ownHouseholdName(input.firstName))
    await createDefaultCategories(tx, householdId)
    return loadSessionUser(tx, user.id)
  })
}

export async function checkCredentials(db: Db, email: string, password: string): Promise<SessionUser> {
  const rows = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1)
  const row = rows[0]
  const ok = await verify(row?.passwordHash ?? DUMMY_HASH, password).catch(() => false)
  if (!row || !row.passwordHash || !ok) {
    throw new AppError(401, 'INVALID_CREDENTIALS', 'Incorrect e-mail or password')
  }
  return loadSessionUser(db, row.id)
}

export async function completeOnboarding(db: Db, user: SessionUser, now: Date): Promise<SessionUser> {
  await db.update(users).set({ hasCompletedOnboarding: true, updatedAt: now }).where(eq(users.id, user.id))
  return { ...user, hasCompletedOnboarding: true }
}


/**
 * The user behind an OpenID Connect identity: the one linked to it, else the account with the
 * same verified e-mail (now linked), else a new account when registration is open.
 */
export async function signInWithOidc(db: Db, identity: OidcIdentity, allowRegistration: boolean): Promise<SessionUser> {
  const linked = await db.select({ id: users.id }).from(users).where(eq(users.oidcSubject, identity.subject)).limit(1)
  if (linked[0]) return loadSessionUser(db, linked[0].id)
  if (identity.email && identity.emailVerified) {
    const byEmail = await db
      .select({ id: users.id, oidcSubject: users.oidcSubject })
      .from(users)
      .where(sql`lower(${users.email}) = ${identity.email}`)
      .limit(1)
    const match = byEmail[0]
    if (match && !match.oidcSubject) {
      await db.update(users).set({ oidcSubject: identity.subject }).where(eq(users.id, match.id))
      return loadSessionUser(db, match.id)
    }
    if (match) throw new AppError(409, 'EMAIL_LINKED', 'This e-mail is already linked to another sign-in')
  }
  if (!identity.email || !identity.emailVerified) {
    throw new AppError(403, 'EMAIL_NOT_VERIFIED', 'Your provider did not confirm an e-mail address for this account')
  }
  if (!allowRegistration) {
    throw new AppError(403, 'REGISTRATION_CLOSED', 'Registration is closed on this server: ask its administrator for an account')
  }
  return createUser(db, {
    email: identity.email,
    firstName: identity.firstName.slice(0, 80),
    lastName: identity.lastName.slice(0, 80),
    oidcSubject: identity.subject,
    profileImageUrl: identity.picture,
  })
}
