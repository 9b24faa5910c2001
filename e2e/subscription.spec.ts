// The Subscription page against the real server, which runs without card billing:
// free, basic and premium households see their plan marked among the three and the full feature
// table; no buy buttons, and the administrator's set-tier command instead; a member who is not
// the owner is told the owner manages the plan; premium menu items open for basic; the phone
// stacks the plans. With Stripe (its answers stubbed in the browser, since the e2e server has no
// Stripe): Upgrade goes to Checkout, the return says what happens next, and a failed payment
// shows a banner on the page and in the app shell, worded for the owner and for the others.
// axe finds nothing in either theme. With KINWISE_SHOTS_DIR set, screenshots go there.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { TIER_USERS } from './support/tier-users.mjs'
import { joinHousehold, signIn } from './support/api'
import { expect, signInAs, test } from './support/fixtures'
import { AppShell } from './page-models/app-shell'
import { SubscriptionPage, type Tier } from './page-models/subscription-page'
import { checkAxe, setTheme } from './support/axe'

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1440, height: 900 }
const SHOTS = process.env.KINWISE_SHOTS_DIR
const THEMES = ['light', 'dark'] as const
const PREMIUM_ITEMS = [
  'Bank Connections',
  'AI Advisor',
  'AI Coaching',
  'Motivation Coach',
  'Smart Insights',
  'QuickBooks Setup',
  'Automation Center',
]

/** Screenshots in both themes at the current size (only with KINWISE_SHOTS_DIR). */
async function shots(page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  if (!SHOTS) return
  mkdirSync(SHOTS, { recursive: true })
  for (const theme of THEMES) {
    await setTheme(page, theme)
    await ready()
    await page.waitForLoadState('networkidle')
    await expect(page.locator('.animate-pulse')).toHaveCount(0)
    await page.screenshot({ path: path.join(SHOTS, `${name}-${theme}.png`), fullPage: true })
  }
}

async function noSideways(page: Page, what: string): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width, `${what} scrolls sideways`).toBeLessThanOrEqual(PHONE.width)
}

/** What the page should say of a household on `tier`. */
async function expectPlan(plans: SubscriptionPage, tier: Tier): Promise<void> {
  const label = { free: 'Free', basic: 'Basic', premium: 'Premium' }[tier]
  await expect(plans.current.getByRole('heading')).toHaveText(`Your plan: ${label}`)
  for (const other of ['free', 'basic', 'premium'] as const) {
    const card = plans.card(other)
    if (other === tier) {
      await expect(card).toHaveAttribute('data-current', 'true')
      await expect(card).toContainText('Current plan')
    } else {
      await expect(card).not.toHaveAttribute('data-current', 'true')
      await expect(card).not.toContainText('Current plan')
    }
  }
  await expect(plans.table.getByRole('columnheader', { name: /Your plan/ })).toHaveText(
    new RegExp(`^${label}`),
  )
}

/** A member of `owner`'s household, in a browser of their own. */
async function memberBrowser(
  browser: Browser,
  baseURL: string | undefined,
  owner: { email: string; password: string },
  role: 'adult' | 'teen' | 'viewer',
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const ownerContext = await browser.newContext({ baseURL })
  await signIn(ownerContext.request, owner)
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale: 'en-US',
    timezoneId: 'UTC',
  })
  await joinHousehold(ownerContext.request, context.request, role, 'Morgan')
  await ownerContext.close()
  return { context, page: await context.newPage() }
}

test('a free household sees the three plans, the full table, and no buy buttons without billing', async ({
  page,
  freshUser,
}) => {
  const plans = new SubscriptionPage(page)
  await plans.goto()
  await expectPlan(plans, 'free')

  // side by side on a desktop, with their prices
  const boxes = await Promise.all(
    (['free', 'basic', 'premium'] as const).map((t) => plans.card(t).boundingBox()),
  )
  expect(new Set(boxes.map((b) => Math.round(b?.y ?? -1))).size).toBe(1)
  await expect(plans.card('free')).toContainText('$0/month')
  await expect(plans.card('basic')).toContainText('$6/month')
  await expect(plans.card('premium')).toContainText('$8/month')

  // the table: one column per plan, ✓ and — read out as words
  await expect(plans.table.locator('thead').getByRole('columnheader')).toHaveText([
    'Feature',
    /^Free\$0\/mo/,
    /^Basic\$6\/mo/,
    /^Premium\$8\/mo/,
  ])
  expect(await plans.cells('No ads')).toEqual(['Not included', 'Included', 'Included'])
  expect(await plans.cells('AI advisor')).toEqual(['Not included', 'Included', 'Included'])
  expect(await plans.cells('Bank connections')).toEqual(['Not included', 'Up to 3', 'Up to 10'])
  expect(await plans.cells('AI requests a month')).toEqual(['Not included', '100', '1,000'])
  expect(await plans.cells('Family sharing')).toEqual(['Included', 'Included', 'Included'])
  for (const feature of ['Smart insights', 'QuickBooks', 'Automation center', 'AI coaching']) {
    expect(await plans.cells(feature)).toEqual(['Not included', 'Included', 'Included'])
  }

  // no card billing here: no buy buttons, the administrator's command instead
  await expect(plans.billingButtons).toHaveCount(0)
  await expect(plans.adminNote).toContainText('its administrator sets each household’s plan')
  const command = plans.adminNote.locator('code').first()
  await expect(command).toBeHidden()
  await plans.adminNote.getByText('For the administrator').click()
  await expect(command).toHaveText(
    `npm run cli -- set-tier --email ${freshUser.email} --tier premium`,
  )

  // the dashboard's upgrade card and a premium page's note lead here
  await page.goto('/')
  await page.getByTestId('upgrade-card').getByRole('link', { name: 'Upgrade to Premium' }).click()
  await expect(page).toHaveURL(/\/subscription$/)
  await page.goto('/ml-insights')
  await page.getByTestId('premium-note').getByRole('link', { name: 'See the plans' }).click()
  await expect(page).toHaveURL(/\/subscription$/)

  for (const theme of THEMES) {
    await setTheme(page, theme)
    await plans.current.waitFor()
    await checkAxe(page, `the Subscription page, free owner (${theme})`)
  }
  await shots(page, 'subscription-free-owner-desktop', () => plans.current.waitFor())
})

for (const tier of ['basic', 'premium'] as const) {
  test(`a ${tier} household sees its plan marked, and every premium menu item open`, async ({
    page,
    context,
  }) => {
    await signInAs(context, TIER_USERS[tier])
    const plans = new SubscriptionPage(page)
    await plans.goto()
    await expectPlan(plans, tier)
    await expect(plans.billingButtons).toHaveCount(0)
    await expect(plans.adminNote).toBeVisible()

    const shell = new AppShell(page)
    for (const label of PREMIUM_ITEMS) {
      const item = shell.sidebarItem(label)
      await expect(item).toHaveAttribute('href', /^\//)
      await expect(item).not.toHaveAttribute('aria-disabled', 'true')
      await expect(item).toContainText('Premium')
    }
    if (tier === 'premium') {
      await checkAxe(page, 'the Subscription page, premium owner')
      await shots(page, 'subscription-premium-owner-desktop', () => plans.current.waitFor())
      await page.setViewportSize(PHONE)
      await shots(page, 'subscription-premium-owner-phone', () => plans.current.waitFor())
    }
  })
}

test('a member who is not the owner sees the plan read-only and is told who manages it', async ({
  browser,
  baseURL,
}) => {
  const member = await memberBrowser(browser, baseURL, TIER_USERS.premium, 'viewer')
  const plans = new SubscriptionPage(member.page)
  await plans.goto()
  await expectPlan(plans, 'premium')
  await expect(plans.billingButtons).toHaveCount(0)
  await expect(plans.adminNote).toContainText('Your household’s owner can ask them to change it.')
  await expect(member.page.getByTestId('sidebar-tier')).toHaveText('Premium plan')
  await checkAxe(member.page, 'the Subscription page, a viewer')
  await shots(member.page, 'subscription-premium-member-desktop', () => plans.current.waitFor())
  await member.page.setViewportSize(PHONE)
  await shots(member.page, 'subscription-premium-member-phone', () => plans.current.waitFor())
  await member.context.close()
})

test('a free member who is not the owner sees the same, on a phone', async ({
  browser,
  baseURL,
  freshUser,
}) => {
  const member = await memberBrowser(browser, baseURL, freshUser, 'adult', PHONE)
  const plans = new SubscriptionPage(member.page)
  await plans.goto()
  await expectPlan(plans, 'free')
  await expect(plans.billingButtons).toHaveCount(0)
  await shots(member.page, 'subscription-free-member-phone', () => plans.current.waitFor())
  await member.context.close()
})

test('on a phone the plans stack and the table stays inside the page', async ({
  page,
  freshUser: _user,
}) => {
  await page.setViewportSize(PHONE)
  const plans = new SubscriptionPage(page)
  await plans.goto()
  await expectPlan(plans, 'free')
  const [free, basic, premium] = await Promise.all(
    (['free', 'basic', 'premium'] as const).map((t) => plans.card(t).boundingBox()),
  )
  expect(free && basic && premium).toBeTruthy()
  if (free && basic && premium) {
    expect(basic.y).toBeGreaterThanOrEqual(free.y + free.height)
    expect(premium.y).toBeGreaterThanOrEqual(basic.y + basic.height)
    expect(Math.round(basic.x)).toBe(Math.round(free.x))
  }
  await plans.table.scrollIntoViewIfNeeded()
  await expect(plans.row('No ads')).toBeVisible()
  await noSideways(page, 'the Subscription page')
  // the premium marks show in the bottom bar too, locked on the free plan
  const bar = new AppShell(page).mobileNav
  await expect(bar.getByRole('link', { name: /^AI Advisor \(Premium/ })).toHaveAttribute(
    'aria-disabled',
    'true',
  )
  await expect(bar.getByRole('link', { name: 'Goals', exact: true })).toHaveAttribute(
    'href',
    '/goals',
  )
  await checkAxe(page, 'the Subscription page on a phone')
  await shots(page, 'subscription-free-owner-phone', () => plans.current.waitFor())
})

/** Makes the server look as if Stripe were configured: the info answer with `change` on top. */
async function withBilling(page: Page, change: Record<string, unknown>): Promise<void> {
  await page.route('**/api/subscription/info', async (route) => {
    const response = await route.fetch()
    const body: Record<string, unknown> = await response.json()
    await route.fulfill({ response, json: { ...body, billingEnabled: true, ...change } })
  })
}

test('with card billing the owner upgrades through Checkout, and the return says what happens next', async ({
  page,
  freshUser: _user,
}) => {
  await withBilling(page, {})
  const asked: unknown[] = []
  await page.route('**/api/subscription/checkout', async (route) => {
    asked.push(route.request().postDataJSON())
    await route.fulfill({ json: { url: '/subscription?checkout=success' } })
  })
  const plans = new SubscriptionPage(page)
  await plans.goto()
  await expect(plans.adminNote).toHaveCount(0)
  await expect(plans.card('free').getByRole('button')).toHaveCount(0)
  await expect(plans.card('basic').getByRole('button')).toHaveText('Upgrade to Basic')
  await plans.card('premium').getByRole('button', { name: 'Upgrade to Premium' }).click()
  await expect(plans.toast(/Thanks — your plan updates as soon as Stripe confirms/)).toBeVisible()
  expect(asked).toEqual([{ plan: 'premium' }])
  // the address loses ?checkout, so a reload says nothing again
  await expect(page).toHaveURL(/\/subscription$/)

  await plans.goto('?checkout=cancel')
  await expect(plans.toast('Checkout cancelled')).toBeVisible()
  await expect(page).toHaveURL(/\/subscription$/)
})

test('a paying owner changes, downgrades and cancels in the portal', async ({
  page,
  freshUser: _user,
}) => {
  await withBilling(page, { tier: 'basic', billingStatus: 'active' })
  let portals = 0
  await page.route('**/api/subscription/portal', async (route) => {
    portals += 1
    await route.fulfill({ json: { url: '/subscription' } })
  })
  const plans = new SubscriptionPage(page)
  await plans.goto()
  await expectPlan(plans, 'basic')
  await expect(plans.card('free').getByRole('button')).toHaveText('Cancel plan')
  await expect(plans.card('basic').getByRole('button')).toHaveText('Manage billing')
  await expect(plans.card('premium').getByRole('button')).toHaveText('Upgrade to Premium')
  await plans.card('free').getByRole('button', { name: 'Cancel plan' }).click()
  await expect.poll(() => portals).toBe(1)
})

test('a failed payment shows a banner on the page and in the app shell, for the owner and the others', async ({
  page,
  freshUser,
  browser,
  baseURL,
}) => {
  const failed = {
    tier: 'premium',
    billingStatus: 'past_due',
    graceUntil: '2026-12-01T12:00:00.000Z',
  }
  await withBilling(page, failed)
  let portals = 0
  await page.route('**/api/subscription/portal', async (route) => {
    portals += 1
    await route.fulfill({ json: { url: '/subscription' } })
  })
  const plans = new SubscriptionPage(page)
  await plans.goto()
  await expect(plans.pastDue).toHaveCount(1)
  await expect(plans.pastDue).toContainText(
    'Payment failed — update your card by December 1, 2026 to keep Premium',
  )
  await checkAxe(page, 'the Subscription page with a failed payment')
  // the portal's address is opened with location.assign: let that navigation end before the next
  // one, or it aborts page.goto
  const toPortal = page.waitForEvent('load')
  await plans.pastDue.getByRole('button', { name: 'Manage billing' }).click()
  await expect.poll(() => portals).toBe(1)
  await toPortal

  // every other page shows it in the shell
  await page.goto('/goals')
  await expect(plans.pastDue).toContainText('update your card by December 1, 2026')
  await shots(page, 'subscription-past-due-goals-desktop', () => plans.pastDue.waitFor())

  // once the grace period is over the household is on Free, and the banner says so
  await page.unroute('**/api/subscription/info')
  await withBilling(page, { ...failed, tier: 'free', graceUntil: '2026-01-01T12:00:00.000Z' })
  await plans.goto()
  await expectPlan(plans, 'free')
  await expect(plans.pastDue).toContainText(
    'Payment failed — the household is on the Free plan until a payment goes through',
  )
  await expect(plans.pastDue.getByRole('button', { name: 'Manage billing' })).toBeVisible()

  // another member gets the softer note, with nothing to press
  const member = await memberBrowser(browser, baseURL, freshUser, 'adult')
  await withBilling(member.page, { ...failed, canManage: false })
  await member.page.goto('/goals')
  const banner = new SubscriptionPage(member.page).pastDue
  await expect(banner).toContainText('The household’s last payment did not go through')
  await expect(banner).toContainText('until December 1, 2026')
  await expect(banner.getByRole('button')).toHaveCount(0)
  await member.context.close()
})
