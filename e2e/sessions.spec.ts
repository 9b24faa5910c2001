// Settings → Security: a member signed in from two browsers sees both devices, signs
// the other one out (that browser is signed out at its next request), and reads the recent
// activity; a password reset from the administrator's `cli reset-link` on a server of its own
// (the CLI needs the embedded database to itself) through /auth/reset-password, and "Forgot
// password?" from the sign-in page. Desktop and phone, light and dark, axe on each page.
// With KINWISE_SHOTS_DIR set, screenshots of the pages go there.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { signIn } from './support/api'
import { checkAxe } from './support/axe'
import { expect, test } from './support/fixtures'

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1440, height: 900 }
const SHOTS = process.env.KINWISE_SHOTS_DIR
const ROOT = path.resolve(import.meta.dirname, '..')

async function newBrowser(
  browser: Browser,
  baseURL: string | undefined,
  options: { theme?: 'light' | 'dark'; viewport?: typeof PHONE; userAgent?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    locale: 'en-US',
    timezoneId: 'UTC',
    viewport: options.viewport ?? DESKTOP,
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  })
  if (options.theme) await context.addInitScript((t) => localStorage.setItem('theme', t), options.theme)
  return { context, page: await context.newPage() }
}

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return
  mkdirSync(SHOTS, { recursive: true })
  await page.waitForLoadState('networkidle')
  await expect(page.locator('.animate-pulse')).toHaveCount(0)
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true })
}

async function noSideways(page: Page, what: string): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width, `${what} scrolls sideways`).toBeLessThanOrEqual(PHONE.width)
}

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1'

test('two browsers: both devices listed, the other one signed out from Settings → Security, the activity shows it', async ({
  page,
  browser,
  baseURL,
  freshUser: user,
}) => {
  // the same member on a phone
  const phone = await newBrowser(browser, baseURL, { viewport: PHONE, userAgent: IPHONE_UA })
  await signIn(phone.context.request, user)
  await phone.page.goto('/dashboard')
  await expect(phone.page.getByRole('main')).toBeVisible()

  await page.goto('/settings')
  const security = page.locator('[aria-labelledby="security-title"]')
  const devices = page.getByRole('list', { name: 'Signed-in devices' })
  await expect(devices.getByRole('listitem')).toHaveCount(2)
  await expect(devices.getByRole('listitem').filter({ hasText: 'This device' })).toContainText('Chrome on Linux')
  const phoneRow = devices.getByRole('listitem').filter({ hasText: 'Safari on iPhone' })
  await expect(phoneRow).toContainText('127.0.0.1')
  await expect(security.getByRole('link', { name: 'Two-step verification' })).toHaveAttribute('href', '/mfa-settings')
  await expect(page.getByRole('list', { name: 'Recent activity' })).toContainText('Signed in')
  await checkAxe(page, 'settings with the security section')
  await shot(page, 'security-desktop-light')

  await phoneRow.getByRole('button', { name: /^Sign out Safari on iPhone/ }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Signed out' })).toContainText('Safari on iPhone is signed out.')
  await expect(devices.getByRole('listitem')).toHaveCount(1)
  await expect(page.getByRole('list', { name: 'Recent activity' })).toContainText('Session signed out')
  await expect(page.getByRole('button', { name: 'Sign out all other devices' })).toBeDisabled()

  // the phone's next request finds itself signed out
  await phone.page.reload()
  await expect(phone.page).not.toHaveURL(/\/dashboard$/)
  expect((await phone.context.request.get('/api/auth/user')).status()).toBe(401)

  // sign in on the phone again, then "all other devices" from the desktop
  await signIn(phone.context.request, user)
  await page.reload()
  await expect(devices.getByRole('listitem')).toHaveCount(2)
  await page.getByRole('button', { name: 'Sign out all other devices' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Other devices signed out' })).toContainText('1 session ended.')
  await expect(devices.getByRole('listitem')).toHaveCount(1)
  expect((await phone.context.request.get('/api/auth/user')).status()).toBe(401)
  await phone.context.close()

  // a sign-out link on another site (localhost is another site than 127.0.0.1) signs nobody out
  const site = new URL(baseURL ?? '')
  const evil = await page.context().newPage()
  await evil.goto(`http://localhost:${site.port}/terms-of-service`)
  await evil.evaluate((target) => {
    const a = document.createElement('a')
    a.href = target
    a.textContent = 'Win a prize'
    document.body.prepend(a)
  }, `${site.origin}/api/logout`)
  await evil.getByRole('link', { name: 'Win a prize' }).click()
  await expect(evil.getByRole('heading', { name: 'You are still signed in' })).toBeVisible()
  await evil.close()
  expect((await page.request.get('/api/auth/user')).status()).toBe(200)

  // the app's own Sign out still works (a same-site navigation to /api/logout)
  await page.getByRole('button', { name: 'Sign out' }).first().click()
  await expect(page).toHaveURL(/\/$/)
  expect((await page.request.get('/api/auth/user')).status()).toBe(401)
})

test('security section on a phone, light and dark', async ({ browser, baseURL, freshUser: user }) => {
  for (const theme of ['light', 'dark'] as const) {
    const { context, page } = await newBrowser(browser, baseURL, { viewport: PHONE, theme, userAgent: IPHONE_UA })
    await signIn(context.request, user)
    await page.goto('/settings')
    await expect(page.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem').first()).toBeVisible()
    await page.getByRole('heading', { name: 'Security' }).scrollIntoViewIfNeeded()
    await noSideways(page, `settings (${theme})`)
    await checkAxe(page, `settings on a phone (${theme})`)
    await shot(page, `security-phone-${theme}`)
    await context.close()
  }
  const { context, page } = await newBrowser(browser, baseURL, { theme: 'dark' })
  await signIn(context.request, user)
  await page.goto('/settings')
  await expect(page.getByRole('list', { name: 'Signed-in devices' })).toBeVisible()
  await checkAxe(page, 'settings on a desktop (dark)')
  await shot(page, 'security-desktop-dark')
  await context.close()
})

test('forgot password: the link from the sign-in page, the same answer for any address', async ({ browser, baseURL }) => {
  for (const [theme, viewport] of [['light', DESKTOP], ['dark', PHONE]] as const) {
    const { context, page } = await newBrowser(browser, baseURL, { theme, viewport })
    await page.goto('/auth/login')
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await expect(page).toHaveURL(/\/auth\/forgot-password$/)
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible()
    await checkAxe(page, `forgot password (${theme})`)
    await shot(page, `forgot-password-${theme}`)
    const form = page.getByRole('form', { name: 'Ask for a reset link' })
    await form.getByLabel('E-mail').fill('nobody-at-all@example.test')
    await form.getByRole('button', { name: 'Send reset link' }).click()
    await expect(page.getByRole('status')).toContainText('If nobody-at-all@example.test has a Kinwise account, a reset link is on its way.')
    await checkAxe(page, `forgot password, sent (${theme})`)
    await shot(page, `forgot-password-sent-${theme}`)
    await context.close()
  }
})

// --- the reset link from `cli reset-link`, on a server of its own -------------------------------

const RESET_PORT = Number(process.env.KINWISE_E2E_PORT ?? 3100) + 90
const RESET_URL = `http://127.0.0.1:${RESET_PORT}`
const tsx = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs')

test.describe('password reset with the link from cli reset-link', () => {
  let dataDir = ''
  let server: ChildProcess | null = null
  let link = ''
  const owner = { email: 'reset-me@example.test', password: 'the old passphrase here' }

  test.beforeAll(async () => {
    test.setTimeout(180_000)
    dataDir = mkdtempSync(path.join(tmpdir(), 'kinwise-e2e-reset-'))
    const env = {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(RESET_PORT),
      PUBLIC_URL: RESET_URL,
      KINWISE_DATA_DIR: dataDir,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      LOG_LEVEL: 'warn',
      KINWISE_BACKUP_INTERVAL_HOURS: '0',
    }
    const cli = (args: string[]) => {
      const result = spawnSync(process.execPath, [tsx, path.join(ROOT, 'src/server/cli.ts'), ...args], { cwd: ROOT, env, encoding: 'utf8' })
      if (result.status !== 0) throw new Error(`cli ${args[0]}: ${result.stderr}`)
      return result.stdout.trim()
    }
    cli(['create-user', '--email', owner.email, '--password', owner.password, '--first-name', 'Rosa'])
    link = cli(['reset-link', owner.email])
    server = spawn(process.execPath, [tsx, path.join(ROOT, 'src/server/main.ts')], { cwd: ROOT, env, stdio: 'inherit' })
    for (let i = 0; i < 240; i += 1) {
      const up = await fetch(`${RESET_URL}/api/health`).then((r) => r.ok, () => false)
      if (up) return
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    throw new Error('the reset server did not start')
  })

  test.afterAll(async () => {
    if (server) {
      const stopped = new Promise((resolve) => server?.once('exit', resolve))
      server.kill('SIGTERM')
      await stopped
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  test('a weak password is refused with advice; a strong one is set, every session ends, the link works once', async ({ browser, allowConsoleErrors }) => {
    // the server's refusals (weak password, the used link) are logged by the browser
    allowConsoleErrors(/status of 400 \(Bad Request\)/)
    expect(link).toMatch(new RegExp(`^${RESET_URL}/auth/reset-password\\?token=[A-Za-z0-9_-]{43}$`))
    // the owner was signed in somewhere: that session ends with the reset
    const elsewhere = await newBrowser(browser, RESET_URL)
    await signIn(elsewhere.context.request, owner)
    expect((await elsewhere.context.request.get('/api/auth/user')).status()).toBe(200)

    for (const [theme, viewport] of [['light', DESKTOP], ['dark', PHONE]] as const) {
      const { context, page } = await newBrowser(browser, RESET_URL, { theme, viewport })
      await page.goto(link)
      await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
      const form = page.getByRole('form', { name: 'Choose a new password' })
      await form.getByLabel('New password', { exact: true }).fill('password1234')
      await expect(page.getByTestId('password-strength')).toHaveAttribute('data-score', /^[01]$/)
      await expect(page.getByTestId('password-strength')).toContainText('(needs Strong or better)')
      await checkAxe(page, `reset password (${theme})`)
      await shot(page, `reset-password-weak-${theme}`)
      if (theme === 'dark') {
        await context.close()
        break
      }
      await form.getByLabel('New password again').fill('password1234')
      await form.getByRole('button', { name: 'Set new password' }).click()
      await expect(page.getByRole('alert')).toContainText('This password is too easy to guess')
      await form.getByLabel('New password', { exact: true }).fill('a far better passphrase')
      await expect(page.getByTestId('password-strength')).toContainText('Strength: Very strong')
      await form.getByLabel('New password again').fill('a far better passphrase')
      await form.getByRole('button', { name: 'Set new password' }).click()
      await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible()
      await checkAxe(page, 'password changed')
      await shot(page, 'reset-password-done')
      await page.getByRole('link', { name: 'Sign in', exact: true }).click()
      await expect(page).toHaveURL(/\/auth\/login$/)
      await context.close()
    }
    expect((await elsewhere.context.request.get('/api/auth/user')).status()).toBe(401)
    await signIn(elsewhere.context.request, { email: owner.email, password: 'a far better passphrase' })
    await elsewhere.context.close()

    // the link is used up
    const again = await newBrowser(browser, RESET_URL)
    await again.page.goto(link)
    const form = again.page.getByRole('form', { name: 'Choose a new password' })
    await form.getByLabel('New password', { exact: true }).fill('yet another passphrase')
    await form.getByLabel('New password again').fill('yet another passphrase')
    await form.getByRole('button', { name: 'Set new password' }).click()
    await expect(again.page.getByRole('alert')).toContainText('This reset link is not valid any more')
    await again.context.close()
  })
})
