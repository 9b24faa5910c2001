// Section 3b: the transactions page as a person sees it, in Debian's Chromium (playwright-core):
// time from navigation start to the first transaction row in the page (cold: first visit with an
// empty cache; warm: a reload), and from typing a search to the list showing only matching rows,
// both read off the page's own clock (no polling delay).
import { existsSync } from 'node:fs'
import { chromium, type Page } from 'playwright-core'
import { row, type Row } from '../lib/report'
import { summarize, type Summary } from '../lib/stats'

const CHROMIUM = '/usr/bin/chromium'
/** The search box waits this long after the last key before it asks the server. */
const SEARCH_DEBOUNCE_MS = 300

const say = (line: string) => process.stdout.write(`${line}\n`)

/**
 * Set up in every new document: the moment (ms since navigation start, the page's own clock) the
 * first transaction row is in the DOM, seen by a MutationObserver rather than by polling.
 */
const FIRST_ROW_OBSERVER = `
  window.__firstRowAt = null
  new MutationObserver((_, observer) => {
    if (document.querySelector('[data-testid="transaction-row"]')) {
      window.__firstRowAt = performance.now()
      observer.disconnect()
    }
  }).observe(document, { childList: true, subtree: true })
`

async function firstRow(page: Page, navigate: () => Promise<unknown>): Promise<number> {
  await navigate()
  const handle = await page.waitForFunction(
    () => (window as unknown as { __firstRowAt: number | null }).__firstRowAt,
    undefined,
    { timeout: 60_000, polling: 'raf' },
  )
  return (await handle.jsonValue()) as number
}

async function searchUntilShown(page: Page, text: string): Promise<number> {
  const search = page.getByRole('searchbox', { name: 'Search transactions' })
  await page.getByTestId('transaction-row').first().waitFor({ state: 'visible', timeout: 60_000 })
  await page.evaluate(() => {
    ;(window as unknown as { __typedAt: number }).__typedAt = performance.now()
  })
  await search.fill(text)
  const handle = await page.waitForFunction(
    (needle) => {
      const rows = [...document.querySelectorAll('[data-testid="transaction-row"]')]
      const done =
        rows.length > 0 && rows.every((r) => r.textContent?.toLowerCase().includes(needle))
      return done && performance.now() - (window as unknown as { __typedAt: number }).__typedAt
    },
    text.toLowerCase(),
    { timeout: 60_000, polling: 'raf' },
  )
  return (await handle.jsonValue()) as number
}

export async function transactionsInBrowser(
  base: string,
  cookie: string,
  repeats: number,
  tag: { db: string; rows: number },
  raw: Record<string, unknown>,
): Promise<Row[]> {
  if (!existsSync(CHROMIUM)) {
    return [
      row({
        section: '3 transactions',
        figure: 'page in Chromium',
        ...tag,
        unit: 'ms',
        status: 'SKIP',
        note: `${CHROMIUM} is not installed (apt-get install chromium)`,
      }),
    ]
  }
  const [name, value] = cookie.split('=') as [string, string]
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--disable-background-networking', '--disable-component-update', '--no-first-run'],
  })
  try {
    const cold: number[] = []
    const warm: number[] = []
    const filter: number[] = []
    for (let i = 0; i < repeats; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      await context.addCookies([{ name, value, url: base }])
      await context.addInitScript(FIRST_ROW_OBSERVER)
      const page = await context.newPage()
      cold.push(await firstRow(page, () => page.goto(`${base}/transactions`)))
      warm.push(await firstRow(page, () => page.reload()))
      filter.push(await searchUntilShown(page, 'sushi'))
      await context.close()
    }
    const figures: { cold: Summary; warm: Summary; filter: Summary } = {
      cold: summarize(cold),
      warm: summarize(warm),
      filter: summarize(filter),
    }
    raw.transactionsBrowser = figures
    say(
      `    transactions page in Chromium: first rows ${figures.cold.median.toFixed(0)} ms cold, ${figures.warm.median.toFixed(0)} ms on reload; search shown in ${figures.filter.median.toFixed(0)} ms`,
    )
    const line = (figure: string, s: Summary, extra?: string) =>
      row({
        section: '3 transactions',
        figure,
        ...tag,
        median: s.median,
        p99: s.p99,
        unit: 'ms',
        ...(extra ? { extra } : {}),
      })
    return [
      line('page in Chromium: navigation to first rows (empty cache)', figures.cold),
      line('page in Chromium: reload to first rows', figures.warm),
      line(
        'page in Chromium: typing a search to matching rows',
        figures.filter,
        `includes the ${String(SEARCH_DEBOUNCE_MS)} ms search debounce`,
      ),
    ]
  } finally {
    await browser.close()
  }
}
