// Accessibility: axe finds no violation on every route of docs/product.md §2, signed out and signed
// in, in the light and the dark theme, on a desktop and a phone. Signed in, the pages are those of
// a premium household (so the premium pages render) with data on them: accounts of each kind, a
// month of transactions, a budget, a goal, a bill, a reminder, credit scores, a brokerage with a
// holding and a savings challenge. One test per route group and size, each in one context; each
// page is loaded once and looked at in the light theme and then in the dark one the system turns
// to.
import type { APIRequestContext, Cookie, Page } from '@playwright/test'
import { categoryId, isoToday, seed, signIn, completeOnboarding } from './support/api'
import { checkAxe } from './support/axe'
import { E2E_BASE_URL, expect, test as base } from './support/fixtures'
import { DESKTOP, PHONE } from './support/look'
import { PREMIUM_OWNERS } from './support/tier-users.mjs'
import { APP_ROUTES, type AppRoute } from '../src/web/app/route-table'

const SIZES = { desktop: DESKTOP, phone: PHONE } as const

/**
 * The signed-out routes of docs/product.md §2. /auth/callback and a visitor's /dashboard only pass
 * through (a spinner, then the landing or the sign-in page, both here).
 */
const VISITOR_PAGES = [
  '/',
  '/transactions',
  '/accounts',
  '/spending-plan',
  '/goals',
  '/bills',
  '/investments',
  '/reports',
  '/family',
  '/profile',
  '/reminders',
  '/ai-coaching',
  '/ml-insights',
  '/ai-financial-advisor',
  '/subscription',
  '/bank-connections',
  '/savings-challenges',
  '/debt-planning',
  '/retirement-planning',
  '/terms-of-service',
  '/privacy-policy',
  '/auth/login',
  '/auth/forgot-password',
  '/onboarding',
  '/no-such-page',
]

/** Where a signed-in path goes: premium pages, the account's and the rest (see SIGNED_IN_PAGES). */
function groupOf(route: AppRoute): 'money' | 'premium' | 'account' {
  if (route.feature !== undefined) return 'premium'
  return route.sidebar === 'main' ? 'money' : 'account'
}

/**
 * The signed-in routes of docs/product.md §2, read from the route table (with the onboarding and
 * a 404), in three groups: the premium pages, the sidebar's main pages, and the others (planning
 * tools, settings, the ledger's import and rules pages, the legal pages).
 */
const SIGNED_IN_PAGES = {
  money: APP_ROUTES.filter((route) => groupOf(route) === 'money').map((route) => route.path),
  premium: APP_ROUTES.filter((route) => groupOf(route) === 'premium').map((route) => route.path),
  account: [
    ...APP_ROUTES.filter((route) => groupOf(route) === 'account').map((route) => route.path),
    '/onboarding',
    '/no-such-page',
  ],
} as const satisfies Record<string, readonly string[]>

async function post(
  request: APIRequestContext,
  url: string,
  data: unknown,
): Promise<{ id: string }> {
  const res = await request.post(url, { data })
  expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBe(true)
  const body: { id: string } = await res.json()
  return body
}

/** The household's data, once per server (a worker that finds it there does not add it again). */
async function seedHousehold(request: APIRequestContext): Promise<void> {
  const accounts: { name: string }[] = await (await request.get('/api/accounts')).json()
  if (accounts.some((a) => a.name === 'Everyday checking')) return
  const today = isoToday()
  const checking = await seed.account(request, {
    name: 'Everyday checking',
    type: 'checking',
    openingBalance: 2400,
  })
  await seed.account(request, { name: 'Rainy day', type: 'savings', openingBalance: 5200 })
  await seed.account(request, { name: 'Visa', type: 'credit_card', openingBalance: -640 })
  await seed.account(request, { name: 'Car loan', type: 'loan', openingBalance: -8200 })
  const groceries = await categoryId(request, 'Groceries')
  const spending: [string, number, number][] = [
    ['Market', -64.2, 0],
    ['Corner cafe', -8.5, -1],
    ['Market', -92.35, -6],
    ['Fuel stop', -48, -9],
    ['Market', -71.1, -14],
    ['Bookshop', -23.99, -20],
  ]
  for (const [merchant, amount, offset] of spending)
    await seed.transaction(request, {
      accountId: checking.id,
      amount,
      date: isoToday(offset),
      merchant,
      categoryId: merchant === 'Market' ? groceries : null,
    })
  await seed.transaction(request, {
    accountId: checking.id,
    amount: 3200,
    date: isoToday(-3),
    merchant: 'Payroll',
  })
  await seed.budget(request, { categoryId: groceries, month: today.slice(0, 7), amount: 400 })
  const goal = await seed.goal(request, {
    name: 'Holiday',
    targetAmount: 2000,
    currentAmount: 450,
    monthlyContribution: 150,
  })
  await seed.bill(request, { name: 'Rent', amount: 1200, nextDueDate: isoToday(3) })
  await seed.bill(request, { name: 'Phone', amount: 35, nextDueDate: isoToday(12) })
  await seed.reminder(request, { title: 'Check the budget', priority: 'high' })
  await seed.creditScore(request, { score: 700, provider: 'Manual', date: isoToday(-30) })
  await seed.creditScore(request, { score: 712, provider: 'Manual', date: today })
  const brokerage = await post(request, '/api/accounts', {
    name: 'Brokerage',
    type: 'investment',
    openingBalance: 6000,
    openingDate: isoToday(-200),
  })
  await post(request, '/api/investments/activities', {
    accountId: brokerage.id,
    type: 'buy',
    symbol: 'VTI',
    date: isoToday(-200),
    quantity: 10,
    price: 200,
    name: 'Vanguard Total Stock Market ETF',
    kind: 'etf',
  })
  const price = await request.put('/api/investments/prices', {
    data: { symbol: 'VTI', date: isoToday(-1), price: 240 },
  })
  expect(price.ok(), await price.text()).toBe(true)
  await post(request, '/api/savings-challenges', {
    kind: 'week52',
    step: 1,
    goalId: goal.id,
  })
}

/** The premium owner's session, its household seeded, shared by the tests of a worker. */
const test = base.extend<{ premiumUser: undefined }, { premiumCookies: Cookie[] }>({
  premiumCookies: [
    async ({ playwright }, provide) => {
      const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL })
      await signIn(request, PREMIUM_OWNERS.a11y)
      await completeOnboarding(request)
      await seedHousehold(request)
      const { cookies } = await request.storageState()
      await provide(cookies)
      await request.dispose()
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  premiumUser: async ({ context, premiumCookies }, provide) => {
    await context.addCookies(premiumCookies)
    await provide(undefined)
  },
})

/**
 * Looks at each page in the light theme and then, without loading it again, in the dark one the
 * system turns to (nothing is stored, so the app follows the system live). Reports every page
 * with violations at the end, not just the first (a run then says all that is left to fix).
 */
async function checkEach(page: Page, paths: readonly string[], size: string, signedIn: boolean): Promise<void> {
  const failures: string[] = []
  for (const path of paths) {
    try {
      await page.emulateMedia({ colorScheme: 'light' })
      await page.goto(path)
      await ready(page)
      await checkBothThemes(page, `${path} ${signedIn ? 'signed in' : 'signed out'} (${size}`)
    } catch (error) {
      failures.push(`${path}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  expect(failures.join('\n\n'), `axe on ${size}`).toBe('')
}

/** axe on the page as it is, in the light theme, then in the dark one. */
async function checkBothThemes(page: Page, what: string): Promise<void> {
  await expect(page.locator('html')).not.toHaveClass(/(^|\s)dark(\s|$)/)
  await checkAxe(page, `${what}, light)`)
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/)
  await checkAxe(page, `${what}, dark)`)
}

/** The page's heading is there (signed in, the header's title; elsewhere the page's own h1). */
async function ready(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible()
}

// the 8 tests share the machine's two workers
test.describe.configure({ mode: 'parallel' })

for (const [size, viewport] of Object.entries(SIZES)) {
  test.describe(size, () => {
    test.use({ viewport })

    test(`visitor pages have no axe violations, light and dark (${size})`, async ({ page }) => {
      test.setTimeout(420_000)
      await checkEach(page, VISITOR_PAGES, size, false)
    })

    for (const [group, paths] of Object.entries(SIGNED_IN_PAGES)) {
      test(`signed-in pages have no axe violations, light and dark: ${group} (${size})`, async ({
        page,
        premiumUser: _premium,
      }) => {
        test.setTimeout(420_000)
        await checkEach(page, paths, size, true)
        if (group !== 'money') return
        // the transactions page with its filters and the inline editor open
        await page.emulateMedia({ colorScheme: 'light' })
        await page.goto('/transactions')
        await page.getByRole('button', { name: /^Filters/ }).click()
        await page.getByRole('button', { name: 'Add transaction' }).first().click()
        await checkBothThemes(page, `/transactions with filters and editor (${size}`)
      })
    }
  })
}
