// A new member of one of the e2e server's premium households: the owner (from tier-users.mjs)
// invites from a request context of its own, and `request` signs up, past onboarding, and joins.
import type { APIRequest, APIRequestContext } from '@playwright/test'
import { completeOnboarding, joinHousehold, signIn, type TestUser } from './api'
import { E2E_BASE_URL } from './fixtures'

type Owner = { email: string; password: string; firstName: string }

export async function joinPremiumHousehold(
  requests: APIRequest,
  request: APIRequestContext,
  owner: Owner,
  role: 'adult' | 'teen' | 'viewer' = 'adult',
  firstName = 'Ada',
): Promise<TestUser> {
  const ownerRequest = await requests.newContext({ baseURL: E2E_BASE_URL })
  try {
    await signIn(ownerRequest, owner)
    await completeOnboarding(ownerRequest)
    return await joinHousehold(ownerRequest, request, role, firstName)
  } finally {
    await ownerRequest.dispose()
  }
}

/** Letters only (payee keys drop digits, so a numeric stamp would not tell payees apart). */
export function letterTag(): string {
  let n = Date.now() * 1000 + Math.floor(Math.random() * 1000)
  let tag = ''
  while (n > 0) {
    tag += String.fromCharCode(97 + (n % 26))
    n = Math.floor(n / 26)
  }
  return tag
}
