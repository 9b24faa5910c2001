// /ml-insights: an adult of the premium household seeds a checking account whose
// history holds a monthly subscription, an unusual grocery charge and uncategorised café rows
// (payees carry a tag of letters, so other specs' data in the shared premium household never
// matches); on the page Refresh queues the insight job and the page follows it until it is done,
// the subscription shows its cadence and next date and becomes a bill, the unusual charge is told
// in words, the café suggestions are accepted one by one and in bulk (one under another category
// than suggested), the forecast switches length and shows its table, an uncategorised unusual
// charge becomes a rule whose category is picked in a dialog, a stopped paper is no longer
// tracked, an insight is dismissed; desktop and phone, light and dark, axe clean. A viewer sees no write buttons; a
// free household sees which plans include the page.
import type { APIRequestContext, Page } from '@playwright/test'
import { longDate } from '../src/web/features/ml-insights/insight-format'
import {
  categoryId,
  isoToday,
  seed,
} from './support/api'
import { expect, test } from './support/fixtures'
import { lookEverywhere, shot } from './support/look'
import { PREMIUM_OWNERS } from './support/tier-users.mjs'
import { joinPremiumHousehold, letterTag } from './support/premium'

type Seeded = {
  subscription: string
  gym: string
  grocer: string
  cafe: string
  hardware: string
  paper: string
}

/**
 * A checking account opened 200 days ago with 4,000.00; Streamly charging 15.99 every 30 days
 * (six times, the last two days ago); a climbing gym charging 9.00 every week (six times, no
 * category); Harbor Grocers about 50.00 at uneven intervals, then
 * 240.00 six days ago (4.8× the usual); Corner Café three times in Dining Out, then twice
 * without a category.
 */
async function seedHistory(request: APIRequestContext, tag: string): Promise<Seeded> {
  const names = {
    subscription: `Streamly ${tag}`,
    gym: `Climbing Gym ${tag}`,
    grocer: `Harbor Grocers ${tag}`,
    cafe: `Corner Cafe ${tag}`,
    hardware: `Hardware Store ${tag}`,
    paper: `Paper Daily ${tag}`,
  }
  const res = await request.post('/api/accounts', {
    data: {
      name: `Insights Checking ${tag}`,
      type: 'checking',
      openingBalance: 4000,
      openingDate: isoToday(-200),
    },
  })
  expect(res.ok(), await res.text()).toBe(true)
  const { id: accountId }: { id: string } = await res.json()
  const [subscriptions, groceries, dining] = await Promise.all([
    categoryId(request, 'Subscriptions'),
    categoryId(request, 'Groceries'),
    categoryId(request, 'Dining Out'),
  ])
  const tx = (merchant: string, amount: number, daysAgo: number, category: string | null) =>
    seed.transaction(request, {
      accountId,
      merchant,
      amount,
      date: isoToday(-daysAgo),
      categoryId: category,
    })
  for (const k of [5, 4, 3, 2, 1, 0])
    await tx(names.subscription, -15.99, 2 + 30 * k, subscriptions)
  for (const k of [5, 4, 3, 2, 1, 0]) await tx(names.gym, -9, 4 + 7 * k, null)
  const grocer: [number, number][] = [
    [150, -48.2],
    [141, -51.1],
    [120, -49.5],
    [113, -50.3],
    [90, -52],
    [84, -47.8],
    [61, -50.9],
    [44, -49.1],
    [6, -240],
  ]
  for (const [daysAgo, amount] of grocer) await tx(names.grocer, amount, daysAgo, groceries)
  for (const daysAgo of [30, 20, 10]) await tx(names.cafe, -4.5, daysAgo, dining)
  for (const daysAgo of [3, 1]) await tx(names.cafe, -4.75, daysAgo, null)
  // a hardware store without a category, about 20.00 seven times, then 150.00 five days ago
  const hardware: [number, number][] = [
    [170, -20.1],
    [150, -19.8],
    [125, -21],
    [100, -20.5],
    [75, -19.5],
    [50, -20],
    [30, -20.2],
    [5, -150],
  ]
  for (const [daysAgo, amount] of hardware) await tx(names.hardware, amount, daysAgo, null)
  // a monthly paper that stopped lately: the last two charges (about 40 and 10 days ago) never came
  for (const daysAgo of [160, 130, 100, 70]) await tx(names.paper, -5, daysAgo, null)
  return names
}

/** The buttons only adults and the owner get. */
function writeButtons(page: Page) {
  return page.getByRole('button', {
    name: /^(Refresh|Refreshing…|Look now|Make .* a bill|Make it a bill|Make a rule…?|Change the budget|End the bill|Stop tracking it|Accept.*|Dismiss.*|Mark read.*)$/,
  })
}

test('smart insights: refresh, a subscription made a bill, suggestions accepted, the forecast', async ({
  page,
  playwright,
}) => {
  test.setTimeout(300_000)
  await joinPremiumHousehold(playwright.request, page.request, PREMIUM_OWNERS.insights, 'adult', 'Ines')
  const tag = letterTag()
  const names = await seedHistory(page.request, tag)

  await page.goto('/ml-insights')
  await expect(page.getByTestId('page-title')).toHaveText('Smart Insights')
  await expect(page.getByTestId('forecast-card')).toBeVisible()

  // Refresh queues the household's insight job (202): the page says it is refreshing, polls, and
  // shows the new feed once the job is done
  // The job may finish within the page's first poll on a quick machine: the status reads are held
  // until the note has been seen, so the note is checked on every machine, fast or slow
  let releasePolls: () => void = () => undefined
  const polls = new Promise<void>((resolve) => (releasePolls = resolve))
  await page.route('**/api/insights/refresh', async (route) => {
    if (route.request().method() === 'GET') await polls
    await route.continue()
  })
  const queued = page.waitForResponse(
    (r) => r.url().endsWith('/api/insights/refresh') && r.request().method() === 'POST',
  )
  await page.getByRole('button', { name: 'Refresh', exact: true }).click()
  expect((await queued).status()).toBe(202)
  await expect(page.getByTestId('refreshing-note')).toBeVisible()
  releasePolls()
  await expect(page.getByTestId('toast').filter({ hasText: 'Insights refreshed' })).toBeVisible()
  await expect(page.getByTestId('refreshing-note')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Refresh', exact: true })).toBeEnabled()

  // the subscription: every month, 15.99, next on the date the server worked out
  const recurringRes = await page.request.get('/api/insights/recurring')
  expect(recurringRes.ok(), await recurringRes.text()).toBe(true)
  const series: { id: string; payee: string; cadence: string; nextDate: string }[] =
    await recurringRes.json()
  expect(
    series.filter((s) => s.payee.endsWith(tag)).map((s) => `${s.payee}: ${s.cadence}`),
  ).toEqual(expect.arrayContaining([`${names.gym}: weekly`, `${names.subscription}: monthly`]))
  const streamly = series.find((s) => s.payee === names.subscription)
  expect(streamly, `no series for ${names.subscription}`).toBeDefined()
  expect(streamly?.cadence).toBe('monthly')
  const row = page.getByTestId('recurring-row').filter({ hasText: names.subscription })
  await expect(row).toBeVisible()
  await expect(row.getByTestId('recurring-cadence')).toHaveText('Every month')
  await expect(row).toContainText('$15.99')
  await expect(row.getByTestId('recurring-next')).toHaveText(
    longDate(streamly?.nextDate ?? '', 'en-US'),
  )

  // the unusual grocery charge, in words
  const unusual = page.getByTestId('anomaly-row').filter({ hasText: names.grocer })
  await expect(unusual.getByTestId('anomaly-reason')).toHaveText(
    `4.8× your usual at ${names.grocer}`,
  )
  await expect(unusual).toContainText('$240.00')

  // the forecast: the lowest day in words, 60 days, its table
  const forecast = page.getByTestId('forecast-card')
  await expect(forecast.getByTestId('forecast-chart')).toBeVisible()
  await expect(forecast.getByTestId('forecast-summary')).toContainText(
    'Your cash is expected to be lowest on',
  )
  await forecast.getByRole('button', { name: '60 days' }).click()
  await expect(page).toHaveURL(/days=60/)
  await expect(forecast.getByRole('button', { name: '60 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await forecast
    .getByRole('group', { name: 'Show forecast as' })
    .getByRole('button', { name: 'Table' })
    .click()
  await expect(forecast.getByTestId('forecast-table').locator('tbody tr')).toHaveCount(60)
  await forecast
    .getByRole('group', { name: 'Show forecast as' })
    .getByRole('button', { name: 'Chart' })
    .click()
  await expect(forecast.getByTestId('forecast-chart')).toBeVisible()

  // the café rows: Dining Out suggested from the payee's history; one accepted, then the other in bulk
  const cafe = page.getByTestId('suggestion-row').filter({ hasText: names.cafe })
  await expect(cafe).toHaveCount(2)
  await expect(cafe.first().getByTestId('suggestion-picker').locator('option:checked')).toHaveText(
    'Dining Out',
  )
  await expect(cafe.first().getByTestId('suggestion-confidence')).toContainText('Very likely')
  await cafe
    .first()
    .getByRole('button', { name: /^Accept Dining Out for / })
    .click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Categories set' })).toBeVisible()
  await expect(cafe).toHaveCount(1)
  // another category than the one suggested: a correction, accepted like a suggestion
  await cafe.getByTestId('suggestion-picker').selectOption({ label: 'Entertainment' })
  await expect(cafe).toContainText('Your choice (suggested: Dining Out)')
  await cafe.getByRole('checkbox').check()
  await expect(page.getByTestId('accept-selected')).toHaveText(/Accept selected \(\d+\)/)
  // only the café row stays selected: other rows of the household are left alone
  await page.getByTestId('accept-selected').click()
  await expect(cafe).toHaveCount(0)
  const cafeRows = await page.request.get(
    `/api/transactions?search=${encodeURIComponent(names.cafe)}&limit=10`,
  )
  const cafeList: { amount: number; categoryId: string | null }[] = await cafeRows.json()
  const entertainment = await categoryId(page.request, 'Entertainment')
  expect(cafeList.filter((t) => t.categoryId === entertainment).map((t) => t.amount)).toEqual([
    -4.75,
  ])

  // the subscription made a bill
  await row.getByRole('button', { name: `Make ${names.subscription} a bill` }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Bill added' })).toBeVisible()
  await expect(row.getByTestId('recurring-bill')).toBeVisible()
  const billsRes = await page.request.get('/api/bills')
  const bills: { name: string }[] = await billsRes.json()
  expect(bills.map((b) => b.name)).toContain(names.subscription)

  // the weekly gym dismissed: it leaves the list
  const gym = page.getByTestId('recurring-row').filter({ hasText: names.gym })
  await expect(gym.getByTestId('recurring-cadence')).toHaveText('Every week')
  await gym.getByRole('button', { name: `Dismiss ${names.gym}` }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Dismissed' })).toBeVisible()
  await expect(gym).toHaveCount(0)

  // an insight's one-click action (a budget change or a rule) through the existing endpoints
  const oneClick = page
    .getByTestId('insight-row')
    .getByRole('button', { name: /^(Change the budget|Make a rule)$/ })
    .first()
  await oneClick.click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Done' })).toBeVisible()

  // an unusual charge without a category: a rule whose category is picked in a dialog
  const hardware = page
    .getByTestId('insight-row')
    .filter({ hasText: `Unusual spending at ${names.hardware}` })
  await expect(hardware).toContainText('It has no category: choose one')
  await hardware.getByRole('button', { name: 'Make a rule…' }).click()
  const ruleDialog = page.getByRole('dialog', { name: 'Make a rule' })
  await expect(ruleDialog).toContainText(`payee contains “${names.hardware}”`)
  await ruleDialog.getByRole('button', { name: 'Make the rule' }).click()
  await expect(ruleDialog.getByText('Choose a category', { exact: true })).toBeVisible()
  await ruleDialog.getByLabel('Category').selectOption({ label: '— Home Maintenance' })
  await shot(page, 'ml-insights-rule-dialog', false)
  await ruleDialog.getByRole('button', { name: 'Make the rule' }).click()
  await expect(ruleDialog).toBeHidden()
  await expect(
    page.getByTestId('toast').filter({ hasText: `payees containing “${names.hardware}”` }),
  ).toBeVisible()
  const rules: { name: string; actions: { setCategoryId?: string } }[] = await (
    await page.request.get('/api/rules')
  ).json()
  expect(rules.find((r) => r.name === names.hardware)?.actions.setCategoryId).toBe(
    await categoryId(page.request, 'Home Maintenance'),
  )

  // a payment that stopped, with no bill or budget: no longer tracked
  const paper = page
    .getByTestId('insight-row')
    .filter({ hasText: `${names.paper} seems to have stopped` })
  await paper.getByRole('button', { name: 'Stop tracking it' }).click()
  await expect(
    page.getByTestId('toast').filter({ hasText: `${names.paper} is no longer tracked.` }),
  ).toBeVisible()
  await expect(page.getByTestId('recurring-row').filter({ hasText: names.paper })).toHaveCount(0)

  // the feed: an insight dismissed leaves it
  const insights = page.getByTestId('insight-row')
  await expect(insights.first()).toBeVisible()
  const before = await insights.count()
  const first = insights.first()
  const title = (await first.locator('h3').textContent()) ?? ''
  await first.getByRole('button', { name: /^Dismiss: / }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Insight dismissed' })).toBeVisible()
  await expect(insights).toHaveCount(before - 1)
  if (before > 1) await expect(insights.first().locator('h3')).not.toHaveText(title)

  // what was done stays after a reload (and the toasts are gone for the screenshots)
  await page.reload()
  await expect(row.getByTestId('recurring-bill')).toBeVisible()
  await expect(forecast.getByRole('button', { name: '60 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await lookEverywhere(page, 'ml-insights', async () => {
    await expect(row).toBeVisible()
    await expect(forecast.getByTestId('forecast-chart')).toBeVisible()
  })
})

test('smart insights: a viewer sees the page without write buttons', async ({
  page,
  playwright,
}) => {
  await joinPremiumHousehold(playwright.request, page.request, PREMIUM_OWNERS.insights, 'viewer', 'Vera')
  await page.goto('/ml-insights')
  await expect(page.getByTestId('page-title')).toHaveText('Smart Insights')
  await expect(page.getByTestId('view-only-note')).toBeVisible()
  await expect(page.getByTestId('forecast-card')).toBeVisible()
  await expect(page.getByTestId('recurring-card')).not.toContainText('Loading')
  await expect(page.locator('.animate-pulse')).toHaveCount(0)
  await expect(writeButtons(page)).toHaveCount(0)
  await expect(page.getByRole('checkbox')).toHaveCount(0)
  await lookEverywhere(page, 'ml-insights-viewer', async () => {
    await expect(page.getByTestId('view-only-note')).toBeVisible()
  })
})

test('smart insights: a free household sees which plans include it', async ({
  page,
  freshUser: _user,
}) => {
  await page.goto('/ml-insights')
  await expect(page.getByTestId('premium-note')).toContainText(
    'Smart Insights is a premium feature, included in the Basic and Premium plans.',
  )
  await expect(page.getByTestId('forecast-card')).toHaveCount(0)
})
