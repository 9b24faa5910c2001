// Looking at a page the way every page built is looked at: on a desktop and a phone, light
// and dark, axe in both themes, no sideways scrolling on the phone, and screenshots into
// KINWISE_SHOTS_DIR when it is set.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { checkAxe } from './axe'
import { expect } from './fixtures'

export const PHONE = { width: 390, height: 844 }
export const DESKTOP = { width: 1440, height: 900 }
const SHOTS = process.env.KINWISE_SHOTS_DIR

/** A screenshot into KINWISE_SHOTS_DIR of what the page shows now, once skeletons are gone. */
export async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  if (!SHOTS) return
  mkdirSync(SHOTS, { recursive: true })
  await expect(page.locator('.animate-pulse')).toHaveCount(0)
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage })
}

/** Switches the theme with the header's toggle (no reload: the page keeps its state). */
export async function switchTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'))
  if (dark !== (theme === 'dark')) await page.getByTestId('theme-toggle').click()
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/)
}

/**
 * The page on a desktop and a phone, light and dark: axe in both themes, no sideways scrolling
 * on the phone, and screenshots. Ends on a light desktop.
 */
export async function lookEverywhere(
  page: Page,
  name: string,
  ready: () => Promise<void>,
  axe: (page: Page, what: string) => Promise<void> = checkAxe,
): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.setViewportSize(DESKTOP)
    await switchTheme(page, theme)
    await ready()
    await axe(page, `${name} (${theme})`)
    await shot(page, `${name}-desktop-${theme}`)
    await page.setViewportSize(PHONE)
    await ready()
    // charts follow the new width when their resize observers fire: wait for the layout to settle
    // (a page that really overflows still fails when the wait runs out)
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${name} scrolls sideways on a phone` })
      .toBeLessThanOrEqual(PHONE.width)
    await shot(page, `${name}-phone-${theme}`)
  }
  await page.setViewportSize(DESKTOP)
  await switchTheme(page, 'light')
  await ready()
}
