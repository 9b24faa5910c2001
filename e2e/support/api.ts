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
