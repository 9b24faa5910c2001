// The signed-in frame: sidebar gating by tier (free vs basic and premium), the active item, the
// footer, the signed-in 404, the phone layout, and signing out.
import { TIER_USERS } from './support/tier-users.mjs'
import { expect, signInAs, test } from './support/fixtures'
import { AppShell } from './page-models/app-shell'

const PREMIUM_ITEMS = [
  'Bank Connections',
  'AI Advisor',
  'AI Coaching',
  'Motivation Coach',
  'Smart Insights',
  'QuickBooks Setup',
  'Automation Center',
]
const OPEN_ITEMS = [
  'Dashboard',
  'Transactions',
  'Accounts',
  'Spending Plan',
  'Goals',
  'Savings Challenges',
  'Bills',
  'Investments',
  'Reports',
  'Reminders',
  'Family',
  'Subscription',
]

test('free users see premium items marked and disabled', async ({ page, sharedUser }) => {
  await page.goto('/')
  const shell = new AppShell(page)
  await expect(
    shell.sidebar.getByRole('list', { name: 'Main menu' }).getByRole('listitem'),
  ).toHaveCount(PREMIUM_ITEMS.length + OPEN_ITEMS.length)
  // the planning tools and settings, under the main items
  const more = shell.sidebar.getByRole('list', { name: 'Planning and settings' })
  for (const [label, path] of [
    ['Debt Planning', '/debt-planning'] as const,
    ['Retirement Planning', '/retirement-planning'],
    ['Settings', '/settings'],
    ['MFA Settings', '/mfa-settings'],
  ]) {
    await expect(more.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', path)
  }
  for (const label of PREMIUM_ITEMS) {
    const item = shell.sidebarItem(label)
    await expect(item).toHaveAttribute('aria-disabled', 'true')
    await expect(item).not.toHaveAttribute('href', /./)
    await expect(item).toContainText('Premium')
  }
  for (const label of OPEN_ITEMS) {
    await expect(shell.sidebarItem(label)).toHaveAttribute('href', /^\//)
  }
  await expect(shell.sidebarItem('Dashboard')).toHaveAttribute('aria-current', 'page')
  await shell.sidebarItem('Goals').click()
  await expect(page).toHaveURL(/\/goals$/)
  await expect(shell.sidebarItem('Goals')).toHaveAttribute('aria-current', 'page')
  await expect(shell.sidebarItem('Dashboard')).not.toHaveAttribute('aria-current', 'page')
  await expect(shell.title).toHaveText('Goals')

  await expect(page.getByTestId('sidebar-user-name')).toHaveText(`${sharedUser.firstName} Tester`)
  await expect(page.getByTestId('sidebar-tier')).toHaveText('Free plan')

  // a premium page opened by its address says the plan does not include it
  await page.goto('/bank-connections')
  await expect(page.getByTestId('premium-note')).toContainText('Your Free plan does not include it')
})

for (const tier of ['basic', 'premium'] as const) {
  test(`${tier} users get every premium item enabled`, async ({ page, context }) => {
    await signInAs(context, TIER_USERS[tier])
    await page.goto('/')
    const shell = new AppShell(page)
    for (const label of PREMIUM_ITEMS) {
      const item = shell.sidebarItem(label)
      await expect(item).toHaveAttribute('href', /^\//)
      await expect(item).not.toHaveAttribute('aria-disabled', 'true')
      await expect(item).toContainText('Premium')
    }
    await expect(page.getByTestId('sidebar-tier')).toHaveText(
      tier === 'premium' ? 'Premium plan' : 'Basic plan',
    )
    await shell.sidebarItem('AI Advisor').click()
    await expect(page).toHaveURL(/\/ai-financial-advisor$/)
    await expect(page.getByTestId('premium-note')).toHaveCount(0)
  })
}

test('a signed-in unknown path shows the 404 page inside the app', async ({
  page,
  sharedUser: _user,
}) => {
  await page.goto('/definitely/not/here')
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible()
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible()
  await expect(new AppShell(page).sidebar).toBeVisible()
})

test('a phone shows the bottom bar and no sidebar', async ({ page, sharedUser: _user }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  const shell = new AppShell(page)
  await expect(shell.mobileNav).toBeVisible()
  await expect(shell.sidebar).toBeHidden()
  const labels = await shell.mobileNav.getByRole('link').allInnerTexts()
  expect(labels.map((l) => l.trim())).toEqual([
    'Dashboard',
    'Accounts',
    'Transactions',
    'Budget',
    'Debt',
    'Retirement',
    'Goals',
    'Investments',
    'Reports',
    'Bills',
    'Family',
    'AI Coach',
    'ML Insights',
    'AI Advisor',
    'Automation',
    'Motivate',
    'QuickBooks',
    'Banks',
    'Reminders',
    'Challenges',
    'MFA',
    'Settings',
    'Profile',
  ])
  await expect(shell.mobileNav.getByRole('link', { name: 'Budget' })).toHaveAttribute(
    'href',
    '/spending-plan',
  )
  await expect(shell.mobileNav.getByRole('link', { name: 'MFA' })).toHaveAttribute(
    'href',
    '/mfa-settings',
  )
  await shell.mobileNav.getByRole('link', { name: 'Budget' }).click()
  await expect(page).toHaveURL(/\/spending-plan$/)
  await expect(shell.mobileNav.getByRole('link', { name: 'Budget' })).toHaveAttribute(
    'aria-current',
    'page',
  )

  // the menu drawer holds the sidebar's menu
  await page.getByRole('button', { name: 'Open menu' }).click()
  const drawer = page.getByRole('dialog', { name: 'Menu' })
  await expect(drawer).toBeVisible()
  await drawer.getByRole('link', { name: /^Bills/ }).click()
  await expect(drawer).toBeHidden()
  await expect(page).toHaveURL(/\/bills$/)
})

test('the desktop hides the bottom bar', async ({ page, sharedUser: _user }) => {
  await page.goto('/')
  const shell = new AppShell(page)
  await expect(shell.sidebar).toBeVisible()
  await expect(shell.mobileNav).toBeHidden()
})

test('signing out clears local storage and returns to the landing page', async ({
  page,
  freshUser: _user,
}) => {
  await page.goto('/')
  await page.evaluate(() => localStorage.setItem('theme', 'dark'))
  const shell = new AppShell(page)
  await shell.userMenu.click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('link', { name: 'Get Started Free' }).first()).toBeVisible()
  expect(await page.evaluate(() => localStorage.length)).toBe(0)
  const me = await page.request.get('/api/auth/user')
  expect(me.status()).toBe(401)
})
