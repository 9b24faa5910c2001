// The household the privacy tests share: an owner, an adult, a teen and a viewer, and one account
// of each kind that matters to what they see (ADR 0023).
import { expect } from 'vitest'
import { householdOf } from './fixtures'
import { addMember, categoryId, createTestApp, signUp, type Client, type TestContext } from './helper'

export type Family = {
  owner: Client
  adult: Client
  teen: Client
  viewer: Client
  /** owner's shared checking, adult's private and balance-only, owner's card shared with teens */
  accounts: { checking: string; private: string; balanceOnly: string; family: string }
}

/** Adds an account (checking unless `extra` says otherwise) and returns its id. */
export async function newAccount(client: Client, name: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await client.post('/api/accounts', { name, type: 'checking', ...extra })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().id
}

export async function createFamily(t: TestContext): Promise<Family> {
  const owner = await signUp(t.app)
  const adult = await addMember(t, owner, 'adult')
  const teen = await addMember(t, owner, 'teen')
  const viewer = await addMember(t, owner, 'viewer')
  return {
    owner,
    adult,
    teen,
    viewer,
    accounts: {
      checking: await newAccount(owner, 'Shared checking'),
      private: await newAccount(adult, 'Adult private', { visibility: 'private' }),
      balanceOnly: await newAccount(adult, 'Adult savings', { visibility: 'balance_only' }),
      family: await newAccount(owner, 'Family card', { sharedWithTeens: true }),
    },
  }
}

/** A fresh app (its clock at 2026-03-15 12:00 UTC) with a family in it, for a file's beforeAll. */
export async function createFamilyApp(): Promise<Family & { t: TestContext }> {
  const t = await createTestApp()
  return { t, ...(await createFamily(t)) }
}

/**
 * The household the reports and analytics privacy tests share: members with first names (Olivia
 * the owner, Adam, Tess the teen, Vic the viewer), no accounts yet, and the ids of the default
 * categories their tests use.
 */
export async function createNamedFamily(t: TestContext) {
  const owner = await signUp(t.app, { firstName: 'Olivia' })
  const adult = await addMember(t, owner, 'adult', { firstName: 'Adam' })
  const teen = await addMember(t, owner, 'teen', { firstName: 'Tess' })
  const viewer = await addMember(t, owner, 'viewer', { firstName: 'Vic' })
  const household = await householdOf(t.database.db, owner)
  const categories = {
    salary: await categoryId(t, owner, 'Salary'),
    groceries: await categoryId(t, owner, 'Groceries'),
    dining: await categoryId(t, owner, 'Dining Out'),
    electricity: await categoryId(t, owner, 'Electricity & Gas'),
    utilities: await categoryId(t, owner, 'Utilities'),
  }
  return { owner, adult, teen, viewer, household, categories }
}
