// The app on a phone's home screen: the manifest is linked and valid (name, start
// URL, standalone, icons at 192 and 512 with maskable ones, the two shortcuts), Chromium finds
// nothing against installing it (DevTools' Page.getInstallabilityErrors), the service worker is
// served with the right headers, registers and controls the page, keeps no API answer, and an
// offline reload shows the app's own offline screen. The "Add a transaction" shortcut opens the
// add form; sign-out leaves no cache but the app shell's.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { signUpOnboarded, seed } from './support/api'
import { checkAxe } from './support/axe'
import { E2E_BASE_URL, expect, test } from './support/fixtures'
import { PHONE, shot, switchTheme } from './support/look'

// the other specs block the worker (playwright.config.ts): this one is about it
test.use({ serviceWorkers: 'allow' })

type Manifest = {
  name: string
  short_name: string
  start_url: string
  scope: string
  display: string
  theme_color: string
  background_color: string
  icons: { src: string; sizes: string; type: string; purpose?: string }[]
  shortcuts: { name: string; url: string }[]
}

function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

async function controlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
}

const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const out: Record<string, string[]> = {}
    for (const name of await caches.keys()) {
      out[name] = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname)
    }
    return out
  })

test('the manifest is linked and valid, with icons and shortcuts', async ({ page, sharedUser }) => {
  await page.goto('/dashboard')
  const href = await page.locator('link[rel="manifest"]').getAttribute('href')
  expect(href).toBe('/manifest.webmanifest')
  const res = await page.request.get(href ?? '')
  expect(res.status()).toBe(200)
  expect(res.headers()['content-type']).toMatch(/application\/manifest\+json|application\/json/)
  const manifest: Manifest = await res.json()
  expect(manifest).toMatchObject({ name: 'Kinwise', short_name: 'Kinwise', start_url: '/dashboard', scope: '/', display: 'standalone' })
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i)
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i)
  for (const [size, purpose] of [[192, 'any'], [512, 'any'], [192, 'maskable'], [512, 'maskable']] as const) {
    const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}` && (i.purpose ?? 'any') === purpose)
    expect(icon, `${purpose} icon ${size}`).toBeDefined()
    const png = await page.request.get(icon?.src ?? '')
    expect(png.status()).toBe(200)
    expect(png.headers()['content-type']).toBe('image/png')
    expect(pngSize(await png.body())).toEqual({ width: size, height: size })
  }
  expect(manifest.shortcuts.map((s) => s.url)).toEqual(['/transactions?new=1', '/dashboard'])
  void sharedUser
})

test('the service worker is served with the right headers, registers, controls the page and keeps no API answer', async ({ page, sharedUser }) => {
  const sw = await page.request.get('/sw.js')
  expect(sw.status()).toBe(200)
  expect(sw.headers()['content-type']).toMatch(/javascript/)
  // a new build's worker is seen at the next page load
  expect(sw.headers()['cache-control']).toBe('no-cache')
  expect(sw.headers()['content-security-policy']).toContain("script-src 'self'")
  await page.goto('/dashboard')
  await controlled(page)
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toBe(`${E2E_BASE_URL}/`)
  // the app's own calls went through the page while the worker was in charge: none was kept
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  const cached = await cachedUrls(page)
  const names = Object.keys(cached)
  expect(names).toHaveLength(1)
  expect(names[0]).toMatch(/^kinwise-shell-[0-9a-f]{16}$/)
  const urls = Object.values(cached).flat()
  expect(urls).toContain('/index.html')
  expect(urls.some((u) => u.startsWith('/assets/'))).toBe(true)
  expect(urls.filter((u) => u.startsWith('/api'))).toEqual([])
  void sharedUser
})

test('offline, a reload shows the offline screen, and the app comes back with the connection', async ({ page, context, sharedUser, allowConsoleErrors }) => {
  // the browser reports the failed /api/auth/user while offline
  allowConsoleErrors(/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR/)
  await page.setViewportSize(PHONE)
  await page.goto('/dashboard')
  await controlled(page)
  await context.setOffline(true)
  await page.reload()
  const offline = page.getByTestId('offline-screen')
  await expect(offline.getByRole('heading', { name: 'You’re offline' })).toBeVisible()
  await expect(offline.getByText('Nothing of yours is kept on this device')).toBeVisible()
  await checkAxe(page, 'offline screen')
  await shot(page, 'offline-phone-light')
  await page.evaluate(() => localStorage.setItem('theme', 'dark'))
  await page.reload()
  await expect(offline.getByRole('heading', { name: 'You’re offline' })).toBeVisible()
  await checkAxe(page, 'offline screen (dark)')
  await shot(page, 'offline-phone-dark')
  // the shortcut's page too
  await page.goto('/transactions?new=1')
  await expect(offline.getByRole('heading', { name: 'You’re offline' })).toBeVisible()
  await expect(page).toHaveURL(/\/transactions/)
  // back online: the screen reloads by itself into the app
  await context.setOffline(false)
  await expect(page.getByRole('heading', { name: 'You’re offline' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Add transaction' }).first()).toBeVisible()
  void sharedUser
})

test('the "Add a transaction" shortcut opens the add form on a phone; sign-out leaves only the app shell cached', async ({ page, freshUser }) => {
  await seed.account(page.request, { name: 'Wallet', type: 'cash', openingBalance: 50 })
  await page.setViewportSize(PHONE)
  await page.goto('/transactions?new=1')
  const form = page.getByRole('dialog', { name: 'Add a transaction' })
  await expect(form).toBeVisible()
  // the address no longer asks for it: a reload does not open it again
  await expect(page).toHaveURL(/\/transactions$/)
  await switchTheme(page, 'light')
  await shot(page, 'shortcut-add-transaction-phone', false)
  await page.keyboard.press('Escape')
  await controlled(page)
  // something user-specific in a cache of its own (as a future feature might keep): sign-out removes it
  await page.evaluate(async () => {
    const cache = await caches.open('kinwise-user-data')
    await cache.put('/pretend-user-data', new Response('private'))
  })
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.getByTestId('sidebar').getByRole('button', { name: 'Sign out' }).click()
  await expect(page).not.toHaveURL(/\/transactions/)
  const names = Object.keys(await cachedUrls(page))
  expect(names.every((n) => n.startsWith('kinwise-shell-')), names.join(', ')).toBe(true)
  void freshUser
})

test('Chromium finds nothing against installing it (Page.getInstallabilityErrors)', async () => {
  // a persistent profile: Chromium does not offer installation in an incognito-like context
  const dir = mkdtempSync(path.join(tmpdir(), 'kinwise-install-'))
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.KINWISE_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    baseURL: E2E_BASE_URL,
  })
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    await signUpOnboarded(page.request)
    await page.goto('/dashboard')
    await controlled(page)
    const cdp = await context.newCDPSession(page)
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
    expect(installabilityErrors).toEqual([])
    const { url, errors } = await cdp.send('Page.getAppManifest')
    expect(url).toBe(`${E2E_BASE_URL}/manifest.webmanifest`)
    expect(errors).toEqual([])
  } finally {
    await context.close()
    rmSync(dir, { recursive: true, force: true })
  }
})
