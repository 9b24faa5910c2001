// Menus and the Accounts page follow the member's role and each account's visibility,
// against the real server: a household with an owner, an adult, a teen and a viewer (joined
// through invites). Teens and viewers do not see bank connections, QuickBooks or automation in
// the sidebar, the menu drawer or the bottom bar; a teen does not see an adult's private account
// nor one not shared with teens; the owner does not see an adult's private account; a balance-only
// account shows its balance without a way to its transactions; manage actions only for whoever
// may manage; a viewer gets no add or edit at all. Desktop and phone; axe in both themes. With
// KINWISE_SHOTS_DIR set, screenshots of the Accounts page (owner, teen) go there.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { joinHousehold, seedSharedAccount, signUpOnboarded, type TestUser } from './support/api'
import { expect, test } from './support/fixtures'
import { AccountsPage } from './page-models/accounts-page'
import { AppShell } from './page-models/app-shell'
import { checkAxe, setTheme } from './support/axe'

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1440, height: 900 }
const SHOTS = process.env.KINWISE_SHOTS_DIR
const ROLES = ['owner', 'adult', 'teen', 'viewer'] as const
type Role = (typeof ROLES)[number]
const GROWN_UPS_SIDEBAR = ['Bank Connections', 'QuickBooks Setup', 'Automation Center']
const GROWN_UPS_BAR = ['Banks', 'QuickBooks', 'Automation']
const EVERYONE_SIDEBAR = [
  'Dashboard',
  'Transactions',
  'Accounts',
  'Spending Plan',
  'Goals',
  'Bills',
  'Reports',
  'Reminders',
  'AI Advisor',
  'Family',
  'Subscription',
]

type Member = { context: BrowserContext; page: Page; user: TestUser }
type Household = Record<Role, Member>

const NAMES = { owner: 'Olive', adult: 'Avery', teen: 'Tess', viewer: 'Vic' } as const

async function newMember(
  browser: Browser,
  baseURL: string | undefined,
  viewport: typeof DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale: 'en-US',
    timezoneId: 'UTC',
  })
  return { context, page: await context.newPage() }
}

/** A household of four, each member signed in in a browser of their own. */
async function household(
  browser: Browser,
  baseURL: string | undefined,
  viewport = DESKTOP,
): Promise<Household> {
  const owner = await newMember(browser, baseURL, viewport)
  const ownerUser = await signUpOnboarded(owner.context.request, NAMES.owner)
  const join = async (role: 'adult' | 'teen' | 'viewer'): Promise<Member> => {
    const m = await newMember(browser, baseURL, viewport)
    const user = await joinHousehold(owner.context.request, m.context.request, role, NAMES[role])
    return { ...m, user }
  }
  return {
    owner: { ...owner, user: ownerUser },
    adult: await join('adult'),
    teen: await join('teen'),
    viewer: await join('viewer'),
  }
}

async function closeAll(h: Household): Promise<void> {
  for (const role of ROLES) await h[role].context.close()
}

async function shots(page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  if (!SHOTS) return
  mkdirSync(SHOTS, { recursive: true })
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme)
    await ready()
    await page.waitForLoadState('networkidle')
    await expect(page.locator('.animate-pulse')).toHaveCount(0)
    await page.screenshot({ path: path.join(SHOTS, `${name}-${theme}.png`), fullPage: true })
  }
}

/** The names of the accounts the page lists. */
async function accountNames(page: Page): Promise<string[]> {
  const names = await page.getByTestId('account-row').getByTestId('account-name').allInnerTexts()
  return names.map((n) => n.trim()).sort()
}

/** The items of an account's actions menu (none: the row has no menu). */
async function menuItems(accounts: AccountsPage, name: string): Promise<string[]> {
  const button = accounts.page.getByRole('button', { name: `Actions for ${name}` })
  if ((await button.count()) === 0) return []
  await button.click()
  const menu = accounts.page.getByRole('menu')
  await expect(menu).toBeVisible()
  const items = await menu.getByRole('menuitem').allInnerTexts()
  // a toast that arrives while the menu is open takes the first Escape
  await expect(async () => {
    await accounts.page.keyboard.press('Escape')
    await expect(menu).toHaveCount(0, { timeout: 1000 })
  }).toPass()
  return items.map((t) => t.trim())
}

test('each role’s menus show only what it can use, on a desktop and a phone', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000)
  const h = await household(browser, baseURL)
  for (const role of ROLES) {
    const { page } = h[role]
    await page.goto('/')
    const shell = new AppShell(page)
    for (const label of EVERYONE_SIDEBAR) {
      await expect(shell.sidebarItem(label), `${role}: ${label}`).toHaveCount(1)
    }
    const grownUp = role === 'owner' || role === 'adult'
    for (const label of GROWN_UPS_SIDEBAR) {
      await expect(shell.sidebarItem(label), `${role}: ${label}`).toHaveCount(grownUp ? 1 : 0)
    }

    // the phone: the bottom bar and the menu drawer
    await page.setViewportSize(PHONE)
    await page.reload()
    await expect(shell.mobileNav.getByRole('link', { name: 'Accounts' })).toBeVisible()
    const bar = await shell.mobileNav.getByRole('link').allInnerTexts()
    const labels = bar.map((l) => l.trim())
    for (const label of GROWN_UPS_BAR) {
      expect(labels.includes(label), `${role}'s bar: ${label}`).toBe(grownUp)
    }
    expect(labels).toContain('Accounts')
    expect(labels).toContain('Family')
    await page.getByRole('button', { name: 'Open menu' }).click()
    const drawer = page.getByRole('dialog', { name: 'Menu' })
    await expect(drawer.getByRole('link', { name: /^Subscription/ })).toBeVisible()
    await expect(drawer.getByRole('link', { name: /^Automation Center/ })).toHaveCount(
      grownUp ? 1 : 0,
    )
    await page.keyboard.press('Escape')
    await page.setViewportSize(DESKTOP)
  }
  await closeAll(h)
})

test('the Accounts page follows each account’s owner and visibility, for every role', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000)
  const h = await household(browser, baseURL)
  const api = (role: Role) => h[role].context.request
  await seedSharedAccount(api('owner'), {
    name: 'Family Checking',
    type: 'checking',
    openingBalance: 2500,
    visibility: 'shared',
  })
  await seedSharedAccount(api('owner'), {
    name: 'Allowance Pot',
    type: 'savings',
    openingBalance: 120,
    visibility: 'shared',
    sharedWithTeens: true,
  })
  await seedSharedAccount(api('adult'), {
    name: 'Avery Savings',
    type: 'savings',
    openingBalance: 8000,
    visibility: 'balance_only',
  })
  await seedSharedAccount(api('adult'), {
    name: 'Avery Card',
    type: 'credit_card',
    openingBalance: -300,
    visibility: 'shared',
  })
  await seedSharedAccount(api('teen'), {
    name: 'Tess Wallet',
    type: 'cash',
    openingBalance: 35,
    visibility: 'shared',
  })

  // the adult adds a private account through the form: who sees it, with what each choice means
  const adult = new AccountsPage(h.adult.page)
  await adult.goto()
  await adult.addButton.click()
  const form = h.adult.page.getByRole('form', { name: 'Account' })
  await form.getByLabel('Name').fill('Avery Private')
  await form.getByLabel('Balance now').fill('999')
  await expect(form.getByRole('radio', { name: 'Shared' })).toBeChecked()
  await expect(form.getByRole('radio', { name: 'Private' })).toHaveAccessibleDescription(
    'Only its owner sees it. It is left out of everyone else’s totals.',
  )
  await expect(form.getByRole('switch', { name: 'Teens can see it' })).not.toBeChecked()
  await form.getByRole('radio', { name: 'Private' }).check()
  await expect(form.getByRole('switch', { name: 'Teens can see it' })).toBeDisabled()
  await expect(form.getByLabel('Owner')).toHaveValue(/.+/)
  await form.getByRole('button', { name: 'Add account' }).click()
  await form.waitFor({ state: 'detached' })
  await expect(adult.account('Avery Private').getByTestId('visibility-badge')).toHaveText('Private')
  await expect(adult.account('Avery Private').getByTestId('account-owner')).toHaveCount(0)
  expect(await menuItems(adult, 'Avery Private')).toEqual([
    'Transactions',
    'Edit',
    'Reconcile',
    'Close',
    'Delete',
  ])
  // the owner's shared account: the adult reads its transactions, the owner manages it
  expect(await menuItems(adult, 'Family Checking')).toEqual(['Transactions'])
  await expect(adult.account('Family Checking').getByTestId('account-owner')).toHaveText(
    'Olive Tester',
  )

  // the owner: not the adult's private account; the balance-only one without its transactions
  const owner = new AccountsPage(h.owner.page)
  await owner.goto()
  await expect(owner.account('Family Checking')).toBeVisible()
  expect(await accountNames(h.owner.page)).toEqual([
    'Allowance Pot',
    'Avery Card',
    'Avery Savings',
    'Family Checking',
    'Tess Wallet',
  ])
  const savings = owner.account('Avery Savings')
  await expect(savings.getByTestId('visibility-badge')).toHaveText('Balance only')
  await expect(savings.getByTestId('balance-only-note')).toBeVisible()
  await expect(savings).toContainText('$8,000.00')
  await expect(savings.getByTestId('account-owner')).toHaveText('Avery Tester')
  await expect(owner.account('Allowance Pot').getByTestId('visibility-badge')).toContainText(
    'teens too',
  )
  await expect(owner.account('Family Checking').getByTestId('visibility-badge')).toHaveText(
    'Shared',
  )
  // the household's owner sees its balance, never its transactions, and cannot change it (ADR 0048)
  expect(await menuItems(owner, 'Avery Savings')).toEqual([])
  expect(await menuItems(owner, 'Avery Card')).toContain('Transactions')
  await expect(owner.addButton).toBeVisible()
  await expect(h.owner.page.getByRole('link', { name: 'Import' })).toBeVisible()

  // the owner gives a new account to the adult: only owners and adults pick someone else
  await owner.addButton.click()
  const ownerForm = h.owner.page.getByRole('form', { name: 'Account' })
  await ownerForm.getByLabel('Name').fill('Avery Gift')
  await ownerForm.getByLabel('Owner').selectOption({ label: 'Avery Tester' })
  await ownerForm.getByRole('radio', { name: 'Private' }).check()
  await expect(ownerForm.getByRole('status')).toContainText(
    'Only Avery Tester will see this account',
  )
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true })
    await h.owner.page.screenshot({
      path: path.join(SHOTS, 'accounts-form-owner-desktop-light.png'),
    })
  }
  await ownerForm.getByRole('radio', { name: 'Shared' }).check()
  await ownerForm.getByRole('button', { name: 'Add account' }).click()
  await ownerForm.waitFor({ state: 'detached' })
  await expect(owner.account('Avery Gift').getByTestId('account-owner')).toHaveText('Avery Tester')
  await adult.goto()
  await expect(adult.account('Avery Gift').getByTestId('account-owner')).toHaveCount(0)
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(h.owner.page, theme)
    await expect(owner.account('Family Checking')).toBeVisible()
    await checkAxe(h.owner.page, `the Accounts page, owner (${theme})`)
  }

  // the teen: their own, and what is shared with teens; neither private nor adults-only accounts
  const teen = new AccountsPage(h.teen.page)
  await teen.goto()
  await expect(teen.account('Tess Wallet')).toBeVisible()
  expect(await accountNames(h.teen.page)).toEqual(['Allowance Pot', 'Tess Wallet'])
  await expect(teen.addButton).toBeVisible()
  await expect(h.teen.page.getByRole('link', { name: 'Import' })).toHaveCount(0)
  await teen.addButton.click()
  const teenForm = h.teen.page.getByRole('form', { name: 'Account' })
  await expect(teenForm.getByLabel('Owner')).toHaveCount(0)
  await expect(teenForm).toContainText('Owner: you')
  await h.teen.page.keyboard.press('Escape')
  await checkAxe(h.teen.page, 'the Accounts page, teen')

  // the viewer: reads, changes nothing
  const viewer = new AccountsPage(h.viewer.page)
  await viewer.goto()
  await expect(viewer.account('Family Checking')).toBeVisible()
  expect(await accountNames(h.viewer.page)).toEqual([
    'Allowance Pot',
    'Avery Card',
    'Avery Gift',
    'Avery Savings',
    'Family Checking',
    'Tess Wallet',
  ])
  await expect(viewer.addButton).toHaveCount(0)
  await expect(h.viewer.page.getByRole('link', { name: 'Import' })).toHaveCount(0)
  await expect(h.viewer.page.getByTestId('view-only-note')).toBeVisible()
  expect(await menuItems(viewer, 'Family Checking')).toEqual(['Transactions'])
  expect(await menuItems(viewer, 'Avery Savings')).toEqual([])
  await checkAxe(h.viewer.page, 'the Accounts page, viewer')

  await shots(h.owner.page, 'accounts-owner-desktop', () =>
    owner.account('Family Checking').waitFor(),
  )
  await shots(h.teen.page, 'accounts-teen-desktop', () => teen.account('Tess Wallet').waitFor())
  for (const [role, model, name] of [
    ['owner', owner, 'Family Checking'],
    ['teen', teen, 'Tess Wallet'],
  ] as const) {
    const page = h[role].page
    await page.setViewportSize(PHONE)
    await page.reload()
    await expect(model.account(name)).toBeVisible()
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width, `the ${role}'s Accounts page scrolls sideways`).toBeLessThanOrEqual(PHONE.width)
    await checkAxe(page, `the Accounts page on a phone, ${role}`)
    await shots(page, `accounts-${role}-phone`, () => model.account(name).waitFor())
  }
  await closeAll(h)
})
