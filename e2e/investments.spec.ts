// /investments: an investment account and its activities made through the API, then on the page
// the holdings, the summary and the returns; a sale, a buy of a new security with no price, its
// price added from the holding's "No price", a new price through "Update price", each moving the
// numbers by hand-worked amounts; an oversell refused at its field; the ranges switched; the
// chart's table view; an activity deleted; desktop and phone, light and dark, axe clean. Also the
// empty state, and a viewer who sees no write buttons.
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { isoToday, joinHousehold } from './support/api'
import { expect, test } from './support/fixtures'
import { lookEverywhere } from './support/look'

type Created = { id: string }

async function post<T>(request: APIRequestContext, url: string, data: unknown): Promise<T> {
  const res = await request.post(url, { data })
  expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBe(true)
  const body: T = await res.json()
  return body
}

async function putPrice(
  request: APIRequestContext,
  body: { symbol: string; date: string; price: number },
): Promise<void> {
  const res = await request.put('/api/investments/prices', { data: body })
  expect(res.ok(), await res.text()).toBe(true)
}

/**
 * A brokerage account opened 400 days ago with 10,000.00 of cash; 10 VTI bought at 200.00 that
 * day and 10 more at 220.00 thirty days later; a 50.00 dividend 100 days ago; VTI at 250.00
 * yesterday. Holdings: 20 VTI, cost 4,200.00, worth 5,000.00 (+800.00, +19.05%); cash
 * 10,000 − 4,200 + 50 = 5,850.00.
 */
async function seedBrokerage(request: APIRequestContext): Promise<string> {
  const opened = isoToday(-400)
  const account = await post<Created>(request, '/api/accounts', {
    name: 'Brokerage',
    type: 'investment',
    openingBalance: 10000,
    openingDate: opened,
  })
  const activity = (body: Record<string, unknown>) =>
    post<Created>(request, '/api/investments/activities', { accountId: account.id, ...body })
  await activity({
    type: 'buy',
    symbol: 'VTI',
    date: opened,
    quantity: 10,
    price: 200,
    name: 'Vanguard Total Stock Market ETF',
    kind: 'etf',
  })
  await activity({ type: 'buy', symbol: 'VTI', date: isoToday(-370), quantity: 10, price: 220 })
  await activity({ type: 'dividend', symbol: 'VTI', date: isoToday(-100), amount: 50 })
  await putPrice(request, { symbol: 'VTI', date: isoToday(-1), price: 250 })
  return account.id
}

class InvestmentsPage {
  readonly summary: {
    marketValue: Locator
    costBasis: Locator
    unrealized: Locator
    realized: Locator
    income: Locator
  }
  readonly holdings: Locator
  readonly performance: Locator

  constructor(readonly page: Page) {
    this.summary = {
      marketValue: page.getByTestId('summary-market-value'),
      costBasis: page.getByTestId('summary-cost-basis'),
      unrealized: page.getByTestId('summary-unrealized'),
      realized: page.getByTestId('summary-realized'),
      income: page.getByTestId('summary-income'),
    }
    this.holdings = page.getByTestId('holdings-card')
    this.performance = page.getByTestId('performance-card')
  }

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/investments${query}`)
    await expect(this.page.getByTestId('page-title')).toHaveText('Investments')
  }

  holding(symbol: string): Locator {
    return this.page
      .getByTestId('holding-row')
      .filter({ has: this.page.getByTestId('holding-symbol').getByText(symbol, { exact: true }) })
  }

  async ready(): Promise<void> {
    await expect(this.page.getByTestId('holding-row').first()).toBeVisible()
    await expect(this.page.getByTestId('twr-value')).toBeVisible()
    await expect(this.page.getByTestId('income-card')).toBeVisible()
  }

  async addActivity(fill: (form: Locator) => Promise<void>, submit: string): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Add activity' }).first().click()
    const form = this.page.getByRole('form', { name: 'Activity' })
    await fill(form)
    await form.getByRole('button', { name: submit }).click()
    return form
  }
}

const PERCENT = /^[+−]?\d+\.\d\d%$/

test('investments: holdings, returns, activities and prices', async ({
  page,
  freshUser: _user,
  allowConsoleErrors,
}) => {
  test.setTimeout(240_000)
  // the oversell is refused by the server on purpose
  allowConsoleErrors(/status of 400/)
  await seedBrokerage(page.request)
  const inv = new InvestmentsPage(page)
  await inv.goto()
  await inv.ready()

  // the seeded figures
  const vti = inv.holding('VTI')
  await expect(vti).toContainText('20')
  await expect(vti).toContainText('$250.00')
  await expect(vti).toContainText('$5,000.00')
  await expect(vti).toContainText('$4,200.00')
  await expect(vti).toContainText('+$800.00')
  await expect(vti).toContainText('+19.05%')
  await expect(inv.summary.marketValue).toContainText('$5,000.00')
  await expect(inv.summary.marketValue).toContainText('$5,850.00 cash')
  await expect(inv.summary.costBasis).toContainText('$4,200.00')
  await expect(inv.summary.unrealized).toContainText('+$800.00')
  await expect(inv.summary.unrealized).toContainText('+19.05%')
  await expect(inv.summary.realized).toContainText('$0.00')
  await expect(inv.summary.income).toContainText('$50.00')

  // both returns side by side, with the sentence on why they differ (the default range: 1Y)
  await expect(page.getByRole('button', { name: /^1Y/ })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByTestId('twr-value')).toHaveText(PERCENT)
  await expect(page.getByTestId('xirr-value')).toHaveText(PERCENT)
  await expect(page.getByTestId('twr-detail')).toHaveText('Over the last year, in total')
  await expect(page.getByTestId('returns-explanation')).not.toBeEmpty()
  await page.getByText('What is this?').first().click()
  await expect(inv.performance).toContainText('compare with a fund or an index')

  // ranges: over a year is annualised too; a month is not
  await page.getByRole('button', { name: /^5Y/ }).click()
  await expect(page).toHaveURL(/range=5Y/)
  await expect(page.getByTestId('twr-detail')).toHaveText(
    /^Over the last five years: [+−]?\d+\.\d\d% a year$/,
  )
  await page.getByRole('button', { name: /^1M/ }).click()
  await expect(page.getByTestId('twr-detail')).toHaveText('Over the last month, in total')
  await page.getByRole('button', { name: /^All/ }).click()
  await expect(page.getByRole('button', { name: /^All/ })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByTestId('twr-value')).toHaveText(PERCENT)

  // the chart's figures as a table
  await page
    .getByRole('group', { name: 'Show growth as' })
    .getByRole('button', { name: 'Table' })
    .click()
  const table = page.getByTestId('growth-table')
  await expect(table).toBeVisible()
  await expect(table.getByRole('columnheader', { name: 'Money put in' })).toBeVisible()
  expect(await table.locator('tbody tr').count()).toBeGreaterThan(1)
  await page
    .getByRole('group', { name: 'Show growth as' })
    .getByRole('button', { name: 'Chart' })
    .click()
  await expect(page.getByTestId('growth-chart')).toBeVisible()

  // a sale through the UI: 5 VTI at 260.00; FIFO takes 5 of the 200.00 lot: +300.00 realised.
  // Left: 15 VTI costing 5 × 200 + 10 × 220 = 3,200.00, worth 15 × 250 = 3,750.00 (+550.00, +17.19%)
  await inv.addActivity(async (form) => {
    await form.getByLabel('Type').selectOption('sell')
    await form.getByLabel('Symbol').fill('VTI')
    await form.getByLabel('Date').fill(isoToday(-10))
    await form.getByLabel('Quantity').fill('5')
    await form.getByLabel('Price per share').fill('260')
  }, 'Add sell')
  await expect(page.getByTestId('toast').filter({ hasText: 'Activity added' })).toBeVisible()
  await expect(inv.summary.realized).toContainText('+$300.00')
  await expect(vti).toContainText('$3,750.00')
  await expect(vti).toContainText('$3,200.00')
  await expect(vti).toContainText('+17.19%')

  // selling more than is held: the server's refusal at the Quantity field, nothing saved
  const refused = await inv.addActivity(async (form) => {
    await form.getByLabel('Type').selectOption('sell')
    await form.getByLabel('Symbol').fill('VTI')
    await form.getByLabel('Quantity').fill('100')
    await form.getByLabel('Price per share').fill('250')
  }, 'Add sell')
  await expect(refused.getByLabel('Quantity')).toHaveAttribute('aria-invalid', 'true')
  await expect(refused).toContainText('cannot sell 100 when only 15 are held')
  // a form check before anything is sent: a dividend needs its amount
  await refused.getByLabel('Type').selectOption('dividend')
  await refused.getByRole('button', { name: 'Add dividend' }).click()
  await expect(refused).toContainText('A dividend needs an amount')
  await refused.getByRole('button', { name: 'Cancel' }).click()

  // a new security bought by its total only: no price is known, and none is made up
  await inv.addActivity(async (form) => {
    await form.getByLabel('Symbol').fill('bnd')
    await form.getByLabel('Name').fill('Vanguard Total Bond Market ETF')
    await form.getByLabel('Kind').selectOption('bond')
    await form.getByLabel('Date').fill(isoToday(-5))
    await form.getByLabel('Quantity').fill('10')
    await form.getByLabel('Total').fill('700')
  }, 'Add buy')
  const bnd = inv.holding('BND')
  await expect(bnd.getByTestId('no-price')).toHaveText('No price')
  await expect(inv.summary.marketValue).toContainText('1 holding has no price')
  await expect(page.getByTestId('performance-missing')).toContainText('BND')

  // its price from the holding's own button: 10 × 75.00 = 750.00; in all 3,750 + 750 = 4,500.00
  await bnd.getByRole('button', { name: 'Add a price for BND' }).click()
  const priceForm = page.getByRole('form', { name: 'Price' })
  await expect(priceForm.getByLabel('Symbol')).toHaveValue('BND')
  await priceForm.getByLabel('Date').fill(isoToday(-5))
  await priceForm.getByLabel('Price').fill('75')
  await priceForm.getByRole('button', { name: 'Save price' }).click()
  await expect(bnd).toContainText('$750.00')
  await expect(bnd).toContainText('+$50.00')
  await expect(inv.summary.marketValue).toContainText('$4,500.00')
  await expect(page.getByTestId('performance-missing')).toHaveCount(0)

  // a new VTI price through "Update price": 15 × 300.00 = 4,500.00; in all 5,250.00
  await page.getByRole('button', { name: 'Update price' }).click()
  await priceForm.getByLabel('Symbol').fill('VTI')
  await priceForm.getByLabel('Price').fill('300')
  await priceForm.getByRole('button', { name: 'Save price' }).click()
  await expect(vti).toContainText('$4,500.00')
  await expect(vti).toContainText('as of')
  await expect(inv.summary.marketValue).toContainText('$5,250.00')
  await expect(inv.summary.unrealized).toContainText('+$1,350.00')

  // prices from a CSV: BND at 80.00 today, 10 × 80 = 800.00; in all 5,300.00, +1,400.00
  await page.getByRole('button', { name: 'Import prices' }).click()
  const importForm = page.getByRole('form', { name: 'Import prices' })
  await importForm.getByRole('button', { name: 'Import prices' }).click()
  await expect(importForm).toContainText('Paste the prices or choose a file')
  await importForm.getByLabel('Prices').fill(`symbol,date,price\nBND,${isoToday()},80`)
  await importForm.getByRole('button', { name: 'Import prices' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: '1 price imported' })).toBeVisible()
  await expect(bnd).toContainText('$800.00')
  await expect(inv.summary.marketValue).toContainText('$5,300.00')
  await expect(inv.summary.unrealized).toContainText('+$1,400.00')

  // allocation by kind, and targets with their drift
  const allocation = page.getByTestId('allocation-card')
  await expect(allocation.getByTestId('allocation-table').first()).toContainText('ETFs')
  await expect(allocation.getByTestId('allocation-table').first()).toContainText('Bonds')
  await allocation.getByRole('button', { name: 'Set targets' }).click()
  const targets = page.getByRole('form', { name: 'Target allocation' })
  await targets.getByLabel('ETFs').fill('60')
  await targets.getByLabel('Bonds').fill('30')
  await targets.getByRole('button', { name: 'Save targets' }).click()
  await expect(targets).toContainText('must add up to 100%')
  await targets.getByLabel('Bonds').fill('40')
  await targets.getByRole('button', { name: 'Save targets' }).click()
  await expect(allocation.getByTestId('drift-table')).toContainText('ETFs')
  await expect(allocation.getByTestId('drift-table')).toContainText('60.00%')

  // deleting the dividend takes it out of the last 12 months' income
  await page.getByRole('button', { name: /^Delete dividend of VTI on / }).click()
  await page.getByRole('button', { name: 'Delete activity' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Activity deleted' })).toBeVisible()
  await expect(inv.summary.income).toContainText('$0.00')

  // one account chosen: its cost method
  await page.getByLabel('Account', { exact: true }).selectOption({ label: 'Brokerage' })
  await expect(page).toHaveURL(/account=/)
  await expect(page.getByLabel('Cost method')).toHaveValue('fifo')

  await lookEverywhere(page, 'investments', () => inv.ready())
})

test('investments: accounts in two currencies show each, and the whole converted', async ({
  page,
  freshUser: _user,
}) => {
  await seedBrokerage(page.request)
  // a euro account: 1,000.00 € of cash, 1 € = 1.20 $ since before it opened
  await post<Created>(page.request, '/api/accounts', {
    name: 'Depot',
    type: 'investment',
    currency: 'EUR',
    openingBalance: 1000,
    openingDate: isoToday(-10),
  })
  const rate = await page.request.put('/api/currencies/rates', {
    data: { currency: 'EUR', date: isoToday(-30), rate: 1.2 },
  })
  expect(rate.ok(), await rate.text()).toBe(true)
  const inv = new InvestmentsPage(page)
  await inv.goto()
  // one line per currency, never a sum of unlike money...
  await expect(inv.summary.marketValue).toContainText('$5,000.00')
  await expect(inv.summary.marketValue).toContainText('€1,000.00 cash')
  // ...and the whole in dollars: 5,000.00 + 5,850.00 cash + 1,000.00 € × 1.20
  await expect(inv.summary.marketValue.getByTestId('summary-converted')).toHaveText(
    '≈ $12,050.00 in all with cash, in USD at the latest rates',
  )
  await lookEverywhere(page, 'investments-two-currencies', async () => {
    await expect(inv.summary.marketValue.getByTestId('summary-converted')).toBeVisible()
  })
})

test('investments: the empty state points to Accounts', async ({ page, freshUser: _user }) => {
  const inv = new InvestmentsPage(page)
  await inv.goto()
  const add = page.getByRole('link', { name: 'Add an investment account' })
  await expect(add).toHaveAttribute('href', '/accounts')
  await expect(page.getByRole('button', { name: 'Add activity' })).toHaveCount(0)
  await lookEverywhere(page, 'investments-empty', async () => {
    await expect(add).toBeVisible()
  })
})

test('investments: a viewer sees the figures and no write buttons', async ({
  page,
  browser,
  freshUser: _owner,
}) => {
  test.setTimeout(180_000)
  await seedBrokerage(page.request)
  const context = await browser.newContext()
  try {
    await joinHousehold(page.request, context.request, 'viewer', 'Vera')
    const viewerPage = await context.newPage()
    const inv = new InvestmentsPage(viewerPage)
    await inv.goto()
    await inv.ready()
    await expect(inv.holding('VTI')).toContainText('$5,000.00')
    await expect(viewerPage.getByTestId('view-only-note')).toBeVisible()
    for (const name of ['Add activity', 'Update price', 'Import prices', 'Set targets']) {
      await expect(viewerPage.getByRole('button', { name })).toHaveCount(0)
    }
    await expect(viewerPage.getByRole('button', { name: /^Delete / })).toHaveCount(0)
  } finally {
    await context.close()
  }
})
