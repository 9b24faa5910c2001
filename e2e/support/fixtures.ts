// Playwright fixtures: `freshUser` signs a brand-new free user in (past onboarding) in the test's
// own browser context, for specs that change data; `sharedUser` is one such user per worker,
// for specs that only look. `signInAs` signs a context in as a given user. Every test fails on a
// console error or an uncaught page error, except the ones it declares with `allowConsoleErrors`
// (a spec that makes the server refuse something on purpose sees the browser log that refusal).
import { expect, test as base, type BrowserContext, type Cookie } from '@playwright/test'
import { signIn, signUpOnboarded, completeOnboarding, type TestUser } from './api'

// the same port as playwright.config.ts (KINWISE_E2E_PORT lets two runs share a machine)
export const E2E_BASE_URL = `http://127.0.0.1:${process.env.KINWISE_E2E_PORT ?? 3100}`

type Shared = { user: TestUser; cookies: Cookie[] }

/** Visitors are asked who they are: the browser logs the 401 of /api/auth/user as an error. */
const ALWAYS_ALLOWED = [/status of 401 \(Unauthorized\)/]

type ConsoleErrors = { allowed: RegExp[] }

export const test = base.extend<
  {
    freshUser: TestUser
    sharedUser: TestUser
    consoleErrors: ConsoleErrors
    allowConsoleErrors: (...patterns: RegExp[]) => void
    consoleGuard: undefined
  },
  { sharedSession: Shared }
>({
  sharedSession: [
    async ({ playwright }, provide) => {
      const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL })
      const user = await signUpOnboarded(request, 'Sam')
      const { cookies } = await request.storageState()
      await provide({ user, cookies })
      await request.dispose()
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  sharedUser: async ({ context, sharedSession }, provide) => {
    await context.addCookies(sharedSession.cookies)
    await provide(sharedSession.user)
  },
  freshUser: async ({ page }, provide) => {
    await provide(await signUpOnboarded(page.request))
  },
  consoleErrors: async ({ page: _page }, provide) => {
    await provide({ allowed: [...ALWAYS_ALLOWED] })
  },
  allowConsoleErrors: async ({ consoleErrors }, provide) => {
    await provide((...patterns) => consoleErrors.allowed.push(...patterns))
  },
  consoleGuard: [
    async ({ page, consoleErrors }, provide) => {
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text())
      })
      page.on('pageerror', (error) => errors.push(`Uncaught: ${error.message}`))
      await provide(undefined)
      const unexpected = errors.filter((text) => !consoleErrors.allowed.some((p) => p.test(text)))
      expect(unexpected, 'console errors in the page').toEqual([])
    },
    { auto: true },
  ],
})

/** Signs the context in as an existing user and makes sure onboarding is behind them. */
export async function signInAs(
  context: BrowserContext,
  user: { email: string; password: string },
): Promise<void> {
  await signIn(context.request, user)
  await completeOnboarding(context.request)
}

export { expect }
