// /ai-financial-advisor against the real server, no model configured: an adult of the
// premium household asks "How much did I spend on groceries last month?" and gets the exact sum
// of the groceries seeded in their own account last month (other months and categories left
// out), with the figure linked to exactly those transactions; asks again in the same
// conversation (Enter sends, Shift+Enter is a new line), starts a second conversation from a
// suggestion and deletes the first. On a phone the conversations are a select with its own
// Delete. A free household sees the plan note. Desktop and phone, light and dark, axe clean.
import type { APIRequestContext, Page } from '@playwright/test'
import {
  categoryId,
  isoToday,
  seed,
  seedAccountWithVisibility,
} from './support/api'
import { expect, test } from './support/fixtures'
import { lookEverywhere, PHONE } from './support/look'
import { PREMIUM_OWNERS } from './support/tier-users.mjs'
import { joinPremiumHousehold } from './support/premium'

const GROCERIES_QUESTION = 'How much did I spend on groceries last month?'

/** YYYY-MM of the month `offset` months from this one (UTC, as the e2e browser and user). */
function month(offset: number): string {
  const now = new Date()
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1))
    .toISOString()
    .slice(0, 7)
}

function lastDay(m: string): string {
  const [y, mo] = m.split('-').map(Number)
  return new Date(Date.UTC(y ?? 2000, mo ?? 1, 0)).toISOString().slice(0, 10)
}

const monthName = (m: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${m}-01T00:00:00Z`),
  )

const usd = (value: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(value)

/** Groceries spending of a month as the member sees it (the reports' figure, 0 when none). */
async function groceriesSpent(request: APIRequestContext, m: string, groceries: string) {
  const res = await request.get(`/api/reports/spending-by-category?from=${m}&to=${m}`)
  expect(res.ok(), await res.text()).toBe(true)
  const rows: { categoryId: string | null; groupId: string | null; total: number }[] =
    await res.json()
  return rows
    .filter((r) => r.categoryId === groceries || r.groupId === groceries)
    .reduce((sum, r) => sum + Math.round(r.total * 100), 0)
}

async function advisorReady(page: Page): Promise<void> {
  await expect(page.getByTestId('data-note')).toBeVisible()
  await expect(page.getByTestId('chat')).toBeVisible()
  await expect(page.locator('.animate-pulse')).toHaveCount(0)
}

const assistant = (page: Page) =>
  page.locator('[data-testid="advisor-message"][data-role="assistant"]')

test('advisor: the exact groceries figure, its transactions, two conversations, delete one', async ({
  page,
  playwright,
}) => {
  test.setTimeout(240_000)
  await joinPremiumHousehold(playwright.request, page.request, PREMIUM_OWNERS.advisor, 'adult', 'Ada')
  const api = page.request
  const M1 = month(-1)
  const groceries = await categoryId(api, 'Groceries')
  const dining = await categoryId(api, 'Dining Out')
  // whatever else of the household this member already sees (nothing on a fresh e2e server)
  const before = await groceriesSpent(api, M1, groceries)
  const account = await seedAccountWithVisibility(api, {
    name: 'Ada Everyday',
    type: 'checking',
    openingBalance: 2000,
    visibility: 'private',
  })
  const rows: [string, number, string, string][] = [
    [`${M1}-05`, -84.15, 'Green Grocer', groceries],
    [`${M1}-12`, -42.1, 'Corner Grocery', groceries],
    [`${M1}-20`, -12.5, 'Green Grocer', groceries],
    [`${M1}-14`, -30, 'Bistro Nova', dining],
    [isoToday(), -99.99, 'Fresh Mart', groceries],
  ]
  for (const [date, amount, merchant, category] of rows)
    await seed.transaction(api, { accountId: account.id, date, amount, merchant, categoryId: category })
  // 84.15 + 42.10 + 12.50 = 138.75 of last month's groceries; the dinner and this month's
  // groceries are left out
  const expected = usd((before + 13875) / 100)

  await page.goto('/ai-financial-advisor')
  await expect(page.getByTestId('page-title')).toHaveText('AI Advisor')
  await expect(page.getByTestId('data-note')).toContainText(
    'Answers are computed on your server; no model is configured.',
  )
  const suggestions = page.getByRole('list', { name: 'Suggested questions' })
  await expect(suggestions.getByRole('button')).toHaveText([
    GROCERIES_QUESTION,
    'What are my biggest expenses this year?',
    'What bills are due?',
    'Can I afford $500?',
    'When will I reach my goal?',
  ])
  await expect(page.getByTestId('conversation-panel')).toContainText('No conversations yet')
  await lookEverywhere(page, 'advisor-empty', async () => {
    await advisorReady(page)
    await expect(suggestions).toBeVisible()
  })

  // the first question, from its chip: the exact figure, in words and in the figures table
  await suggestions.getByRole('button', { name: GROCERIES_QUESTION }).click()
  const reply = assistant(page).first()
  await expect(reply).toContainText(`You spent ${expected} on Groceries in ${monthName(M1)}.`)
  await expect(page.getByTestId('advisor-live')).toContainText(
    `The advisor answered: You spent ${expected} on Groceries`,
  )
  await expect(reply).toContainText('Computed on your server.')
  await expect(page).toHaveURL(/[?&]c=/)
  const figure = reply.getByTestId('figure-row')
  await expect(figure).toHaveCount(1)
  await expect(figure).toContainText(expected)
  const link = figure.getByRole('link', { name: `Groceries, ${monthName(M1)}` })
  await expect(link).toHaveAttribute(
    'href',
    `/transactions?category=${groceries}&from=${M1}-01&to=${lastDay(M1)}`,
  )
  await expect(page.getByTestId('conversation-item')).toHaveCount(1)
  await expect(page.getByTestId('conversation-item')).toContainText(GROCERIES_QUESTION)
  await expect(page.getByRole('heading', { name: GROCERIES_QUESTION })).toBeVisible()

  // the same conversation goes on: Shift+Enter is a new line, Enter sends
  const box = page.getByLabel('Your question')
  await box.fill('What bills')
  await box.press('Shift+Enter')
  await expect(box).toHaveValue('What bills\n')
  await box.fill('What bills are due?')
  await box.press('Enter')
  await expect(box).toHaveValue('')
  await expect(assistant(page)).toHaveCount(2)
  await expect(assistant(page).nth(1)).toContainText(/bills? (is|are) due/)
  await expect(page.getByTestId('conversation-item')).toHaveCount(1)

  // the figure's link: the transactions behind it, and nothing else
  await link.click()
  await expect(page).toHaveURL(/\/transactions\?category=/)
  await expect(page.getByText('Corner Grocery').first()).toBeVisible()
  await expect(page.getByText('Green Grocer').first()).toBeVisible()
  await expect(page.getByText('Bistro Nova')).toHaveCount(0)
  await expect(page.getByText('Fresh Mart')).toHaveCount(0)
  await page.goBack()
  await expect(page.locator('[data-testid="advisor-message"]')).toHaveCount(4)
  await expect(assistant(page).first()).toContainText(`You spent ${expected} on Groceries`)

  // a second conversation, from a suggestion
  await page.getByRole('button', { name: 'New conversation' }).click()
  await expect(page).not.toHaveURL(/[?&]c=/)
  await suggestions.getByRole('button', { name: 'What are my biggest expenses this year?' }).click()
  await expect(assistant(page).first()).toContainText('Your biggest expenses this year')
  await expect(assistant(page).first()).toContainText('Green Grocer')
  await expect(page.getByTestId('conversation-item')).toHaveCount(2)
  await lookEverywhere(page, 'advisor', async () => {
    await advisorReady(page)
    await expect(assistant(page).first()).toBeVisible()
  })

  // delete the first, after confirming
  await page.getByRole('button', { name: `Delete conversation “${GROCERIES_QUESTION}”` }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('Delete this conversation?')
  await dialog.getByRole('button', { name: 'Delete conversation' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Conversation deleted' })).toBeVisible()
  await expect(page.getByTestId('conversation-item')).toHaveCount(1)
  await expect(page.getByTestId('conversation-item')).toContainText('biggest expenses')
  // the open one stays open
  await expect(assistant(page).first()).toContainText('Your biggest expenses this year')
})

test('advisor on a phone: ask, switch conversations with the select, delete', async ({
  page,
  playwright,
}) => {
  test.setTimeout(180_000)
  await page.setViewportSize(PHONE)
  await joinPremiumHousehold(playwright.request, page.request, PREMIUM_OWNERS.advisor, 'adult', 'Pia')
  await page.goto('/ai-financial-advisor')
  await advisorReady(page)
  await expect(page.getByTestId('conversation-panel')).toHaveCount(0)
  const picker = page.getByLabel('Conversation', { exact: true })
  await expect(picker).toHaveValue('')

  const box = page.getByLabel('Your question')
  await box.fill('Can I afford $500?')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(assistant(page).first()).toContainText('$500.00')
  await expect(assistant(page).first().getByTestId('reply-figures')).toContainText('Price')
  await expect(picker.locator('option')).toHaveCount(2)
  await expect(picker).not.toHaveValue('')
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width).toBeLessThanOrEqual(PHONE.width)

  // a new conversation and back again through the select
  await picker.selectOption({ label: 'New conversation' })
  await expect(page.getByRole('list', { name: 'Suggested questions' })).toBeVisible()
  await picker.selectOption({ label: 'Can I afford $500?' })
  await expect(assistant(page).first()).toContainText('$500.00')

  await page.getByRole('button', { name: 'Delete conversation “Can I afford $500?”' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete conversation' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Conversation deleted' })).toBeVisible()
  await expect(picker.locator('option')).toHaveCount(1)
  await expect(page.getByRole('list', { name: 'Suggested questions' })).toBeVisible()
})

test('advisor: streamed through the real stream endpoint when a model is said to be there; a failed answer can be asked again', async ({
  page,
  playwright,
  allowConsoleErrors,
}) => {
  test.setTimeout(180_000)
  // the refused answer below is on purpose
  allowConsoleErrors(/status of 503/)
  await joinPremiumHousehold(playwright.request, page.request, PREMIUM_OWNERS.advisor, 'adult', 'Sol')
  // the e2e server has no model: the status says it has one, so the page asks through the
  // stream, which the server answers with its own engine (one delta, then done)
  await page.route('**/api/advisor/status', (route) =>
    route.fulfill({
      json: {
        modelConfigured: true,
        model: 'fake-model',
        dataSharing: 'Answers are worded by the language model fake-model at 127.0.0.1.',
        requestsPerMonth: 100,
        requestsUsed: 3,
        requestsLeft: 97,
        suggestions: [],
      },
    }),
  )
  await page.goto('/ai-financial-advisor')
  await advisorReady(page)
  await expect(page.getByTestId('data-note')).toContainText(
    'Answers are worded by the language model fake-model at 127.0.0.1. 97 of 100 model answers left this month.',
  )
  const streamed = page.waitForRequest(
    (r) => r.url().endsWith('/api/advisor/messages/stream') && r.method() === 'POST',
  )
  await page.getByRole('button', { name: 'What bills are due?' }).click()
  await streamed
  await expect(assistant(page).first()).toContainText(/bills? (is|are) due/)
  await expect(page.getByTestId('conversation-item')).toHaveCount(1)

  // the next answer fails: the reason, the question back in the box, and Try again
  await page.unroute('**/api/advisor/status')
  await page.reload()
  await advisorReady(page)
  let refused = false
  await page.route('**/api/advisor/messages', async (route) => {
    if (refused) return route.continue()
    refused = true
    return route.fulfill({
      status: 503,
      json: { message: 'The advisor is busy', code: 'UNAVAILABLE' },
    })
  })
  const box = page.getByLabel('Your question')
  await box.fill('What is my net worth?')
  await box.press('Enter')
  const failure = page.getByTestId('ask-error')
  await expect(failure).toContainText('The advisor could not answer: The advisor is busy')
  await expect(box).toHaveValue('What is my net worth?')
  await failure.getByRole('button', { name: 'Try again' }).click()
  await expect(failure).toHaveCount(0)
  await expect(assistant(page).nth(1)).toContainText('Your net worth is')
  await expect(box).toHaveValue('')
})

test('advisor: a free household sees which plans include it', async ({
  page,
  freshUser: _user,
}) => {
  await page.goto('/ai-financial-advisor')
  await expect(page.getByTestId('premium-note')).toContainText('AI Advisor is a premium feature')
  await expect(page.getByLabel('Your question')).toHaveCount(0)
})
