// The one accessibility check of the e2e specs: once the page is idle and its skeletons have
// given way to content, axe finds no violation.
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

export async function checkAxe(page: Page, what: string): Promise<void> {
  await page.waitForLoadState('networkidle')
  await expect(page.locator('.animate-pulse')).toHaveCount(0)
  const results = await new AxeBuilder({ page }).analyze()
  const found = results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
  }))
  expect(found, `axe on ${what}`).toEqual([])
}

/** Stores the theme as the header's toggle would, and reloads the page in it. */
export async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((t) => localStorage.setItem('theme', t), theme)
  await page.reload()
}
