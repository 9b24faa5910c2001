// The first load of the sign-in page and the dashboard (ADR 0017, 0021): the page's HTML names
// every script the page runs, so a phone fetches them together instead of one after another, and
// it asks who is signed in from the HTML as well, once, while the scripts download.
import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { DashboardPage } from './page-models/dashboard-page'

/** Records the scripts the page fetches and its calls of GET /api/auth/user. */
function watchRequests(page: Page): { scripts: string[]; userCalls: number } {
  const seen = { scripts: [] as string[], userCalls: 0 }
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) seen.scripts.push(pathname)
    if (pathname === '/api/auth/user') seen.userCalls += 1
  })
  return seen
}

/** The scripts an HTML page names: its entry and its modulepreload links. */
function namedScripts(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1] ?? '')
}

test.describe('first load on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the dashboard HTML names every script its first load runs; who is signed in is asked once', async ({
    page,
    sharedUser,
  }) => {
    const seen = watchRequests(page)
    const response = await page.goto('/dashboard')
    const html = (await response?.text()) ?? ''
    await new DashboardPage(page).waitForData()
    await expect(
      page.getByRole('heading', { name: new RegExp(sharedUser.firstName) }),
    ).toBeVisible()

    expect(html).toContain('<link rel="preload" href="/api/auth/user" as="fetch"')
    expect(seen.scripts.length).toBeGreaterThan(1)
    expect(seen.scripts.filter((script) => !namedScripts(html).includes(script))).toEqual([])
    expect(seen.userCalls).toBe(1)
  })

  test('the sign-in page HTML names every script it runs; the signed-out answer is asked once', async ({
    page,
  }) => {
    const seen = watchRequests(page)
    const response = await page.goto('/auth/login')
    const html = (await response?.text()) ?? ''
    await expect(page.getByRole('heading', { name: 'Welcome to Kinwise' })).toBeVisible()
    await expect(page.getByLabel('E-mail')).toBeEditable()

    expect(seen.scripts.length).toBeGreaterThan(1)
    expect(seen.scripts.filter((script) => !namedScripts(html).includes(script))).toEqual([])
    expect(seen.userCalls).toBe(1)
  })
})
