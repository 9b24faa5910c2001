// Talking to the real API from the specs, in the browser context's cookie jar (page.request):
// signing up and in (the e2e server allows 1000 sign-ins a minute, so no waiting), and seeding
// data in the API's wire form (decimal amounts, negative = spending).
import { expect, type APIRequestContext } from '@playwright/test'

export type TestUser = { email: string; password: string; firstName: string }

let counter = 0

export function newUser(firstName = 'Robin'): TestUser {
  counter += 1
  const stamp = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`
  return { email: `e2e-${stamp}@example.test`, password: 'correct-horse-battery-staple', firstName }
}

export async function register(request: APIRequestContext, user: TestUser): Promise<void> {
  const res = await request.post('/api/auth/register', {
    data: {
      firstName: user.firstName,
      lastName: 'Tester',
      email: user.email,
      password: user.password,
      acceptTerms: true,
    },
  })
  expect(res.status(), await res.text()).toBe(201)
}

export async function signIn(
  request: APIRequestContext,
  user: Pick<TestUser, 'email' | 'password'>,
): Promise<void> {
  const res = await request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  })
  expect(res.status(), await res.text()).toBe(200)
}

export async function completeOnboarding(request: APIRequestContext): Promise<void> {
  const res = await request.post('/api/user/onboarding-complete')
  expect(res.ok(), await res.text()).toBe(true)
}

/** A new free user, signed in and past onboarding, in this request context's cookies. */
export async function signUpOnboarded(
  request: APIRequestContext,
  firstName = 'Robin',
): Promise<TestUser> {
  const user = newUser(firstName)
  await register(request, user)
  await completeOnboarding(request)
  return user
}

async function postJson<T>(request: APIRequestContext, url: string, data: unknown): Promise<T> {
  const res = await request.post(url, { data })
  expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBe(true)
  const body: T = await res.json()
  return body
}

export function isoToday(offsetDays = 0): string {
  const d = new Date(Date.now() + offsetDays * 86_400_000)
  return d.toISOString().slice(0, 10)
}

export type Created = { id: string }

export const seed = {
  account: (
    request: APIRequestContext,
    body: { name: string; type: string; openingBalance: number; accountNumber?: string },
  ) => postJson<Created>(request, '/api/accounts', body),
  transaction: (
    request: APIRequestContext,
    body: {
      accountId: string
      amount: number
      date: string
      merchant: string
      categoryId?: string | null
      notes?: string
    },
  ) => postJson<Created>(request, '/api/transactions', body),
  goal: (
    request: APIRequestContext,
    body: {
      name: string
      targetAmount: number
      currentAmount?: number
      monthlyContribution?: number
      targetDate?: string | null
    },
  ) => postJson<Created>(request, '/api/goals', body),
  bill: (
    request: APIRequestContext,
    body: { name: string; amount: number; nextDueDate: string; recurrence?: string },
  ) => postJson<Created>(request, '/api/bills', body),
  creditScore: (
    request: APIRequestContext,
    body: { score: number; provider: string; date: string },
  ) => postJson<Created>(request, '/api/credit-score', body),
  reminder: (
    request: APIRequestContext,
    body: {
      title: string
      description?: string
      priority?: string
      type?: string
      dueDate?: string | null
    },
  ) => postJson<Created>(request, '/api/reminders', body),
  budget: async (
    request: APIRequestContext,
    body: { categoryId: string; month: string; amount: number },
  ) => {
    const res = await request.put('/api/budgets', { data: body })
    expect(res.ok(), await res.text()).toBe(true)
  },
}

export async function categoryId(request: APIRequestContext, name: string): Promise<string> {
  const res = await request.get('/api/categories')
  const list: { id: string; name: string }[] = await res.json()
  const found = list.find((c) => c.name === name)
  if (found === undefined)
    throw new Error(`No category named ${name}: ${list.map((c) => c.name).join(', ')}`)
  return found.id
}

/** The household as the request context's user sees it (GET /api/household). */
export type HouseholdView = {
  id: string
  name: string
  myRole: string
  members: {
    userId: string
    firstName: string
    role: string
    accounts: { id: string; name: string; visibility: string }[]
  }[]
}

export async function getHousehold(request: APIRequestContext): Promise<HouseholdView> {
  const res = await request.get('/api/household')
  expect(res.ok(), await res.text()).toBe(true)
  const body: HouseholdView = await res.json()
  return body
}

/** An invite made through the API (the owner's request context): its token and link. */
export function createInvite(
  request: APIRequestContext,
  body: { role: 'adult' | 'teen' | 'viewer'; expiresInDays?: number },
): Promise<{ token: string; url: string; expiresAt: string }> {
  return postJson(request, '/api/household/invites', body)
}

/** Joins the invite's household as the request context's user. */
export function acceptInvite(request: APIRequestContext, token: string): Promise<HouseholdView> {
  return postJson(request, `/api/household/invites/${token}/accept`, undefined)
}

/** An account with its visibility (shared, private or balance_only), in the wire form. */
export function seedAccountWithVisibility(
  request: APIRequestContext,
  body: { name: string; type: string; openingBalance: number; visibility: string },
): Promise<Created> {
  return postJson(request, '/api/accounts', body)
}

/**
 * A new member of a household: signs up in `request` (past onboarding) and joins with `role`
 * through an invite the owner (`ownerRequest`) makes.
 */
export async function joinHousehold(
  ownerRequest: APIRequestContext,
  request: APIRequestContext,
  role: 'adult' | 'teen' | 'viewer',
  firstName = 'Morgan',
): Promise<TestUser> {
  const user = await signUpOnboarded(request, firstName)
  const invite = await createInvite(ownerRequest, { role })
  await acceptInvite(request, invite.token)
  return user
}

/** An account with who owns it and who sees it, in the wire form. */
export function seedSharedAccount(
  request: APIRequestContext,
  body: {
    name: string
    type: string
    openingBalance: number
    visibility: 'shared' | 'private' | 'balance_only'
    sharedWithTeens?: boolean
  },
): Promise<Created> {
  return postJson(request, '/api/accounts', body)
}
