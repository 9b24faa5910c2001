// The one accessibility check of the e2e specs: once the page is idle and its skeletons have
// given way to content, axe finds no violation.
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/** Lets the browser apply pending styles, then waits for every finite transition and animation. */
async function settle(page: Page): Promise<void> {
  // two frames: a class set just now (a theme switch) has been styled and its transitions started
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))))
  // a colour still fading is read half-way, at a contrast no one sees for long: wait for every
  // finite transition and animation to end (a theme switch itself holds transitions, lib/theme.ts)
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  )
}

async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
  }))
}

export async function checkAxe(page: Page, what: string): Promise<void> {
  await page.waitForLoadState('networkidle')
  await expect(page.locator('.animate-pulse')).toHaveCount(0)
  await settle(page)
  const found = await violations(page)
  expect(found, `axe on ${what}`).toEqual([])
}

/** Stores the theme as the header's toggle would, and reloads the page in it. */
export async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((t) => localStorage.setItem('theme', t), theme)
  await page.reload()
}
