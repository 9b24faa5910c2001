// Ads (docs/product.md §5): free users see an ad slot (a house ad for Premium while no ad network
// is configured) and the Upgrade to Premium card on the dashboard; paid tiers never do, and pages
// outside the allowed paths carry no ad.
import { TIER_USERS } from './support/tier-users.mjs'
import { seed, isoToday } from './support/api'
import { expect, signInAs, test } from './support/fixtures'
import { DashboardPage } from './page-models/dashboard-page'

test('a free user sees the ad slot and the upgrade card once the dashboard has loaded', async ({
  page,
  freshUser: _user,
}) => {
  const account = await seed.account(page.request, {
    name: 'Checking',
    type: 'checking',
    openingBalance: 1800,
  })
  await seed.transaction(page.request, {
    accountId: account.id,
    amount: -25,
    date: isoToday(),
    merchant: 'Cafe',
  })
  const dashboard = new DashboardPage(page)
  for (const path of ['/', '/dashboard']) {
    await page.goto(path)
    await dashboard.waitForData()
    await expect(dashboard.upgradeCard).toBeVisible()
    await expect(
      dashboard.upgradeCard.getByRole('link', { name: 'Upgrade to Premium' }),
    ).toHaveAttribute('href', '/subscription')
    await expect(dashboard.adSlot.first()).toBeVisible()
    await expect(dashboard.adSlot.first()).toContainText('Advertisement')
    await expect(dashboard.adSlot.first()).toContainText('Kinwise Premium')
  }
  // the house ad appears once (a second slot is for an ad network only)
  await expect(dashboard.adSlot).toHaveCount(1)

  await page.goto('/subscription')
  await expect(page.getByText('Your plan: Free')).toBeVisible()
  await expect(dashboard.adSlot).toHaveCount(0)
})

test('no ads while the dashboard is still loading', async ({ page, sharedUser: _user }) => {
  await page.route('**/api/budgets', () => undefined)
  const dashboard = new DashboardPage(page)
  await dashboard.goto()
  await expect(dashboard.mood).toContainText('Loading financial data...')
  await page.waitForTimeout(500)
  await expect(dashboard.adSlot).toHaveCount(0)
  await expect(dashboard.upgradeCard).toBeVisible()
})

test('a premium user sees no ads and no upgrade card', async ({ page, context }) => {
  await signInAs(context, TIER_USERS.premium)
  const dashboard = new DashboardPage(page)
  await dashboard.goto()
  await dashboard.waitForData()
  await expect(dashboard.creditScore).toBeVisible()
  await page.waitForTimeout(500)
  await expect(dashboard.adSlot).toHaveCount(0)
  await expect(dashboard.upgradeCard).toHaveCount(0)
})
