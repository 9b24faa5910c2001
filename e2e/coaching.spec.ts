// /ai-coaching and /motivation-coach: a new adult of the premium household seeds its
// own private accounts (a category of its own 46 % over its usual, a subscription charging for
// months with nothing else at that payee, a large idle balance), makes this week's actions,
// accepts one (its result is measured in 30 days), dismisses another and switches the tone, the
// words changing and the saving not; the motivation page shows the streaks, the week's recap,
// milestones, the mood trend and messages made of the figures; desktop and phone, light and dark,
// axe clean. A free household sees which plans include the pages.
import type { APIRequestContext } from '@playwright/test'
import {
  isoToday,
  seed,
} from './support/api'
import { expect, test } from './support/fixtures'
import { lookEverywhere } from './support/look'
import { PREMIUM_OWNERS } from './support/tier-users.mjs'
import { joinPremiumHousehold, letterTag } from './support/premium'

async function post<T>(request: APIRequestContext, url: string, data: unknown): Promise<T> {
  const res = await request.post(url, { data })
  expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBe(true)
  const body: T = await res.json()
  return body
}

/** The 12th of the month `offset` months from this one (UTC). */
function twelfth(offset: number): string {
  const now = new Date()
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 12))
    .toISOString()
    .slice(0, 10)
}

type Seeded = { category: string; subscription: string }

/**
 * Private accounts only this member sees: savings of 25,000.00; a card with the category
 * "Treats <tag>" at 100.00, 120.00, 110.00 then 160.55 last month (avg 110.00: 50.55 over, 46 %)
 * and "Streamzy <tag>" charging 15.99 every 30 days for four months, a bill of that name too.
 */
async function seedCoaching(request: APIRequestContext, tag: string): Promise<Seeded> {
  const names = { category: `Treats ${tag}`, subscription: `Streamzy ${tag}` }
  await post(request, '/api/accounts', {
    name: `Coach savings ${tag}`,
    type: 'savings',
    openingBalance: 25000,
    visibility: 'private',
  })
  const card = await post<{ id: string }>(request, '/api/accounts', {
    name: `Coach card ${tag}`,
    type: 'credit_card',
    visibility: 'private',
  })
  const category = await post<{ id: string }>(request, '/api/categories', { name: names.category })
  const amounts = [-100, -120, -110, -160.55]
  for (const [i, amount] of amounts.entries())
    await seed.transaction(request, {
      accountId: card.id,
      amount,
      date: twelfth(i - 4),
      merchant: `Sweet shop ${tag}`,
      categoryId: category.id,
    })
  for (const daysAgo of [93, 63, 33, 3])
    await seed.transaction(request, {
      accountId: card.id,
      amount: -15.99,
      date: isoToday(-daysAgo),
      merchant: names.subscription,
    })
  await seed.bill(request, { name: names.subscription, amount: 15.99, nextDueDate: isoToday(27) })
  return names
}

test('ai coaching: this week’s actions made, one accepted, one dismissed, the tone switched', async ({
  page,
  playwright,
}) => {
  test.setTimeout(300_000)
  await joinPremiumHousehold(playwright.request, page.request, PREMIUM_OWNERS.coaching, 'adult', 'Cora')
  const tag = letterTag()
  const names = await seedCoaching(page.request, tag)

  await page.goto('/ai-coaching')
  await expect(page.getByTestId('page-title')).toHaveText('AI Coaching')
  const make = page.getByRole('button', { name: 'Make this week’s actions' })
  // the first read of the page can be slow on a busy machine
  await expect(make).toBeVisible({ timeout: 45_000 })
  await make.click()
  await expect(
    page.getByTestId('toast').filter({ hasText: 'This week’s actions are ready' }),
  ).toBeVisible()

  const cards = page.getByTestId('action-card')
  await expect(cards.first()).toBeVisible()
  expect(await cards.count()).toBeGreaterThanOrEqual(2)
  expect(await cards.count()).toBeLessThanOrEqual(3)
  const treats = cards.filter({ hasText: names.category })
  await expect(treats.getByRole('heading')).toHaveText(`Ease back on ${names.category}`)
  await expect(treats.getByTestId('saving')).toHaveText('$50.55')
  await expect(treats).toContainText('46 % above your usual $110.00')

  // accept the category: its result is measured 30 days from today
  await treats.getByRole('button', { name: `Accept: Ease back on ${names.category}` }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Accepted' })).toBeVisible()
  await expect(treats.getByTestId('measure-on')).toContainText('Result measured on')
  await expect(treats.getByRole('button', { name: /^Accept/ })).toHaveCount(0)

  // dismiss another one
  const other = cards.filter({ hasNotText: names.category }).first()
  const otherTitle = (await other.getByRole('heading').textContent()) ?? ''
  await other.getByRole('button', { name: `Dismiss: ${otherTitle}` }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Dismissed' })).toBeVisible()
  await expect(
    cards.filter({ hasText: otherTitle }).getByText('Dismissed', { exact: true }),
  ).toBeVisible()

  // the tone: the words change, the saving does not; the keyboard reaches the switch
  const tone = page.getByRole('group', { name: 'Coaching tone' })
  await expect(tone.getByRole('button', { name: 'Gentle' })).toHaveAttribute('aria-pressed', 'true')
  await tone.getByRole('button', { name: 'Direct' }).focus()
  await page.keyboard.press('Enter')
  await expect(tone.getByRole('button', { name: 'Direct' })).toHaveAttribute('aria-pressed', 'true')
  await expect(treats.getByRole('heading')).toHaveText(`Cut ${names.category} by $50.55`)
  await expect(treats.getByTestId('saving')).toHaveText('$50.55')

  // asking again this week changes nothing: the button is gone after a reload
  await page.reload()
  await expect(cards.first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Make this week’s actions' })).toHaveCount(0)
  await expect(treats.getByTestId('measure-on')).toBeVisible()

  await lookEverywhere(page, 'coaching', async () => {
    await expect(treats.getByTestId('saving')).toBeVisible()
  })
})

test('motivation coach: streaks, the weekly recap, milestones, the mood trend and messages', async ({
  page,
  playwright,
}) => {
  test.setTimeout(300_000)
  await joinPremiumHousehold(playwright.request, page.request, PREMIUM_OWNERS.coaching, 'adult', 'Cora')
  const tag = letterTag()
  const checking = await post<{ id: string }>(page.request, '/api/accounts', {
    name: `Motivation checking ${tag}`,
    type: 'checking',
    openingBalance: 3000,
    visibility: 'private',
  })
  for (const [daysAgo, amount] of [
    [9, -42.5],
    [5, -12],
    [2, -7.25],
  ] as const)
    await seed.transaction(page.request, {
      accountId: checking.id,
      amount,
      date: isoToday(-daysAgo),
      merchant: `Corner shop ${tag}`,
    })
  const goal = await seed.goal(page.request, { name: `Bike ${tag}`, targetAmount: 400 })
  await post(page.request, `/api/goals/${goal.id}/contributions`, {
    amount: 220,
    date: isoToday(-1),
  })

  await page.goto('/motivation-coach')
  await expect(page.getByTestId('page-title')).toHaveText('Motivation Coach')
  for (const id of ['streak-allowance', 'streak-no-spend', 'streak-bills'])
    await expect(page.getByTestId(id)).toBeVisible()
  await expect(page.getByTestId('streak-no-spend')).toContainText('in the last 30 days')
  const recap = page.getByTestId('recap')
  await expect(recap).toContainText('Your week')
  // (the household's shared accounts, which other specs fill, count too: no exact total here)
  await expect(recap).toContainText('The week before')
  await expect(recap).toContainText(`Bike ${tag}`)
  await expect(page.getByTestId('milestones')).toContainText(`Bike ${tag}`)
  await expect(page.getByTestId('milestones')).toContainText('Passed 50 % this week')
  await expect(page.getByTestId('messages')).toContainText(`Bike ${tag} passed 50 % this week.`)
  await expect(page.getByTestId('mood-chart')).toBeVisible()

  await lookEverywhere(page, 'motivation', async () => {
    await expect(page.getByTestId('mood-chart')).toBeVisible()
  })
})

test('a free household sees which plans include coaching and motivation', async ({
  page,
  freshUser: _freshUser,
}) => {
  for (const [path, name] of [
    ['/ai-coaching', 'AI Coaching'],
    ['/motivation-coach', 'Motivation Coach'],
  ] as const) {
    await page.goto(path)
    await expect(page.getByTestId('premium-note')).toContainText(
      `${name} is a premium feature, included in the Basic and Premium plans.`,
    )
  }
})
