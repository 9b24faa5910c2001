// Reports against the real server: transactions seeded in two months and three
// categories over two accounts; the cash-flow figures and a category's total on the page are
// the seeded sums; a bar drills down to the transactions behind it, which add up to it; the
// account filter (kept in the URL) narrows every report; Export CSV downloads the rows shown;
// printed, the app's navigation and the filters are gone and the tables show; the page on a
// desktop and a phone, light and dark, axe clean (screenshots into KINWISE_SHOTS_DIR).
import { readFileSync } from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import { categoryId, seed } from './support/api'
import { expect, test } from './support/fixtures'
import { lookEverywhere, shot } from './support/look'

/** YYYY-MM of the month `offset` months from this one (UTC, as the e2e browser and user). */
function month(offset: number): string {
  const now = new Date()
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1))
    .toISOString()
    .slice(0, 7)
}

const monthName = (m: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${m}-01T00:00:00Z`),
  )

/** Clicks the last drawn (non-empty) bar of a chart's `series`-th bar series. */
async function clickLastBar(card: Locator, series: number): Promise<void> {
  const bars = card.locator('.recharts-bar-rectangles').nth(series).locator('path')
  await expect(bars.first()).toBeVisible()
  const heights = await bars.evaluateAll((paths) =>
    paths.map((p) => (p as SVGGraphicsElement).getBBox().height),
  )
  const last = heights.findLastIndex((h) => h > 0)
  expect(last, 'a drawn bar').toBeGreaterThanOrEqual(0)
  await bars.nth(last).click()
}

async function reportsReady(page: Page): Promise<void> {
  await expect(page.getByTestId('report-cash-flow').getByTestId('total-income')).toBeVisible()
  await expect(page.locator('.animate-pulse')).toHaveCount(0)
}

test('reports add up to the seeded transactions, drill down, filter, export and print', async ({
  page,
  freshUser: _user,
}) => {
  test.setTimeout(240_000)
  const api = page.request
  const M1 = month(-1)
  const M2 = month(-2)
  const everyday = await seed.account(api, {
    name: 'Everyday',
    type: 'checking',
    openingBalance: 1000,
  })
  const card = await seed.account(api, { name: 'Card', type: 'credit_card', openingBalance: 0 })
  const salary = await categoryId(api, 'Salary')
  const groceries = await categoryId(api, 'Groceries')
  const dining = await categoryId(api, 'Dining Out')
  const rows: [string, string, number, string, string][] = [
    [everyday.id, `${M2}-05`, 3000, 'Acme Payroll', salary],
    [everyday.id, `${M2}-12`, -120.5, 'Green Grocer', groceries],
    [card.id, `${M2}-20`, -45.25, 'Bistro, "Chez Nous"', dining],
    [everyday.id, `${M1}-05`, 3000, 'Acme Payroll', salary],
    [card.id, `${M1}-09`, -80.25, 'Green Grocer', groceries],
    [everyday.id, `${M1}-21`, -19.75, 'Corner Shop', groceries],
  ]
  for (const [accountId, date, amount, merchant, category] of rows)
    await seed.transaction(api, { accountId, date, amount, merchant, categoryId: category })
  await seed.creditScore(api, { score: 640, provider: 'Manual', date: `${M2}-03` })
  await seed.creditScore(api, { score: 702, provider: 'Experian', date: `${M1}-03` })

  await page.goto('/reports')
  await reportsReady(page)
  const cashFlow = page.getByTestId('report-cash-flow')
  await expect(cashFlow.getByTestId('total-income')).toHaveText('$6,000.00')
  await expect(cashFlow.getByTestId('total-spending')).toHaveText('$265.75')
  await expect(cashFlow.getByTestId('total-net')).toHaveText('$5,734.25')

  // the table view: each month's figures
  await cashFlow.getByRole('button', { name: 'Table' }).click()
  await expect(cashFlow.getByRole('button', { name: 'Table' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  const rowOf = (m: string) =>
    cashFlow
      .getByTestId('cash-flow-row')
      .filter({ has: page.getByRole('rowheader', { name: monthName(m) }) })
  await expect(rowOf(M2)).toContainText('$3,000.00')
  await expect(rowOf(M2)).toContainText('$165.75')
  await expect(rowOf(M2)).toContainText('$2,834.25')
  await expect(rowOf(M1)).toContainText('$100.00')

  // a category's total, and its trend in words
  const spending = page.getByTestId('report-spending-by-category')
  await spending.getByRole('button', { name: 'Table' }).click()
  const groceriesRow = spending.getByTestId('category-row').filter({ hasText: 'Groceries' })
  await expect(groceriesRow).toContainText('$220.50')
  await expect(
    spending.getByTestId('category-trend').filter({ hasText: 'Groceries' }),
  ).toContainText(/average/)

  // drill into a bar of the chart: the month's spending, as the report shows
  await cashFlow.getByRole('button', { name: 'Chart' }).click()
  await clickLastBar(cashFlow, 1)
  const drill = page.getByTestId('drill-down')
  await expect(drill.getByRole('heading', { name: `Spending, ${monthName(M1)}` })).toBeVisible()
  await expect(drill.getByTestId('drill-row')).toHaveCount(2)
  await expect(drill.getByTestId('drill-summary')).toHaveText(
    '2 transactions, $100.00 in all, as the report shows.',
  )
  await expect(drill.getByTestId('drill-row').first()).toContainText('Corner Shop')
  const open = drill.getByRole('link', { name: 'Open in Transactions' })
  await expect(open).toHaveAttribute(
    'href',
    new RegExp(`^/transactions\\?from=${M1}-01&to=${M1}-\\d{2}&type=expense$`),
  )
  await shot(page, 'reports-drill-desktop', false)
  await page.keyboard.press('Escape')
  await expect(drill).toBeHidden()

  // a category total in the table drills down too, splitting nothing it should not
  await groceriesRow.getByRole('button', { name: /Groceries/ }).click()
  await expect(drill.getByTestId('drill-row')).toHaveCount(3)
  await expect(drill.getByTestId('drill-summary')).toContainText(
    '$220.50 in all, as the report shows.',
  )
  await page.keyboard.press('Escape')

  // Export CSV: the rows shown, quoted where needed, named with the range
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    cashFlow.getByRole('button', { name: 'Export CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(
    /^kinwise-cash-flow-\d{4}-\d{2}-to-\d{4}-\d{2}\.csv$/,
  )
  const csv = readFileSync(await download.path(), 'utf8')
  expect(csv.startsWith('\uFEFFMonth,Income,Spending,Net\r\n')).toBe(true)
  expect(csv).toContain(`\r\n${M2},3000.00,165.75,2834.25\r\n`)
  expect(csv).toContain(`\r\n${M1},3000.00,100.00,2900.00\r\n`)
  expect(csv.trim().split('\r\n')).toHaveLength(13)
  const merchantsReport = page.getByTestId('report-top-merchants')
  const [merchantsFile] = await Promise.all([
    page.waitForEvent('download'),
    merchantsReport.getByRole('button', { name: 'Export CSV' }).click(),
  ])
  const merchantsCsv = readFileSync(await merchantsFile.path(), 'utf8')
  expect(merchantsCsv).toContain('\r\nGreen Grocer,2,200.75\r\n')
  expect(merchantsCsv).toContain('\r\n"Bistro, ""Chez Nous""",1,45.25\r\n')
  // the credit score history exports too, oldest first with each entry's band and change
  const [scoresFile] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('credit-score-history').getByRole('button', { name: 'Export CSV' }).click(),
  ])
  expect(scoresFile.suggestedFilename()).toBe('kinwise-credit-score-history.csv')
  expect(readFileSync(await scoresFile.path(), 'utf8')).toBe(
    `\uFEFFDate,Score,Band,Provider,Change\r\n${M2}-03,640,Fair,Manual,\r\n${M1}-03,702,Good,Experian,62\r\n`,
  )

  // filter by account: the Card alone
  await page.getByRole('button', { name: 'Accounts: All accounts' }).click()
  // (the URL changes in a transition: the box shows ticked once the page has re-rendered)
  await page.getByRole('checkbox', { name: 'Card' }).click()
  await expect(page.getByRole('checkbox', { name: 'Card' })).toBeChecked()
  await page.keyboard.press('Escape')
  await expect(page).toHaveURL(new RegExp(`accounts=${card.id}`))
  await expect(page.getByRole('button', { name: 'Accounts: Card' })).toBeFocused()
  await expect(cashFlow.getByTestId('total-income')).toHaveText('$0.00')
  await expect(cashFlow.getByTestId('total-spending')).toHaveText('$125.50')
  await expect(groceriesRow).toContainText('$80.25')
  // the filter is in the URL: a reload (or a bookmark) keeps it
  await page.reload()
  await reportsReady(page)
  await expect(page.getByTestId('report-cash-flow').getByTestId('total-spending')).toHaveText(
    '$125.50',
  )
  await page.getByRole('button', { name: 'Clear filters' }).click()
  await expect(page.getByTestId('report-cash-flow').getByTestId('total-spending')).toHaveText(
    '$265.75',
  )

  // printed: no app navigation, no filters or buttons; the tables show under the charts
  await page.emulateMedia({ media: 'print' })
  await expect(page.locator('aside')).toBeHidden()
  await expect(page.getByRole('navigation', { name: 'Reports on this page' })).toBeHidden()
  await expect(page.getByTestId('report-filters')).toBeHidden()
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden()
  await expect(page.getByRole('button', { name: 'Export CSV' }).first()).toBeHidden()
  await expect(page.getByTestId('report-cash-flow').getByRole('table')).toBeVisible()
  await shot(page, 'reports-print')
  await page.emulateMedia({ media: 'screen' })
  await expect(page.locator('aside')).toBeVisible()

  await lookEverywhere(page, 'reports', () => reportsReady(page))
})

test('a household with no transactions sees what to do', async ({ page, freshUser: _user }) => {
  await page.goto('/reports')
  const cashFlow = page.getByTestId('report-cash-flow')
  await expect(cashFlow.getByText('No transactions in this range')).toBeVisible()
  await expect(
    page.getByTestId('report-net-worth').getByText('No account balances in this range'),
  ).toBeVisible()
  // the credit score history stays on this page
  await expect(page.getByTestId('credit-score-history')).toBeVisible()
  await page.getByLabel('Range').selectOption('ytd')
  await expect(page).toHaveURL(/range=ytd/)
  await expect(page.getByTestId('report-range')).toContainText('This year')
  await lookEverywhere(page, 'reports-empty', async () => {
    await expect(cashFlow.getByText('No transactions in this range')).toBeVisible()
  })
})

test('a month without an exchange rate shows as missing, never at 1', async ({
  page,
  freshUser: _user,
}) => {
  const api = page.request
  const everyday = await seed.account(api, {
    name: 'Everyday',
    type: 'checking',
    openingBalance: 0,
  })
  await seed.transaction(api, {
    accountId: everyday.id,
    date: `${month(-1)}-05`,
    amount: -20,
    merchant: 'Bakery',
  })
  // the server's answer as a household with a EUR account and no EUR rate would get it
  await page.route('**/api/reports/cash-flow?*', async (route) => {
    const response = await route.fetch()
    const rows = (await response.json()) as {
      month: string
      income: number | null
      expenses: number | null
      net: number | null
    }[]
    const target = rows.find((r) => r.month === month(-2))
    if (target) Object.assign(target, { income: null, expenses: null, net: null })
    // the body changes length: the original's length and encoding must not travel with it
    const { 'content-length': _length, 'content-encoding': _encoding, ...headers } = response.headers()
    await route.fulfill({
      status: response.status(),
      headers: { ...headers, 'x-missing-rates': 'EUR' },
      json: rows,
    })
  })
  await page.goto('/reports')
  const cashFlow = page.getByTestId('report-cash-flow')
  await expect(cashFlow.getByTestId('missing-rates')).toContainText('No exchange rate for EUR')
  await expect(cashFlow.getByTestId('cash-flow-words')).toContainText(
    `${monthName(month(-2))} is missing an exchange rate and left out of these totals.`,
  )
  await cashFlow.getByRole('button', { name: 'Table' }).click()
  const row = cashFlow
    .getByTestId('cash-flow-row')
    .filter({ has: page.getByRole('rowheader', { name: monthName(month(-2)) }) })
  await expect(row).toContainText('Missing')
  await expect(cashFlow.getByTestId('total-spending')).toHaveText('$20.00')
})
