// The household the privacy tests share: an owner, an adult, a teen and a viewer, and one account
// of each kind that matters to what they see (ADR 0023).
import { expect } from 'vitest'
import { addMember, createTestApp, signUp, type Client, type TestContext } from './helper'

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
