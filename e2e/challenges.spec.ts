// /savings-challenges: a "Your own target" challenge started from the catalogue (its errors at
// the field, the API's too), its progress read from a goal contribution made elsewhere; a
// round-up challenge on a card with two purchases, swept into a goal whose amount moves; the
// page looked at on a desktop and a phone, light and dark, with axe; and keeping the change of
// the daily allowance, pre-filled with the dashboard's allowance.
import { expect as baseExpect } from '@playwright/test'
import { isoToday, seed } from './support/api'
import { expect, test } from './support/fixtures'
import { lookEverywhere, shot } from './support/look'

test('savings challenges: start, progress from real data, round-ups swept into a goal', async ({
  page,
  freshUser: _user,
  allowConsoleErrors,
}) => {
  test.setTimeout(180_000)
  allowConsoleErrors(/status of 400/)
  const trip = await seed.goal(page.request, { name: 'Trip fund', targetAmount: 1000 })
  await seed.goal(page.request, { name: 'Rainy day', targetAmount: 100 })
  const card = await seed.account(page.request, {
    name: 'Travel card',
    type: 'credit_card',
    openingBalance: 0,
  })

  await page.goto('/savings-challenges')
  await expect(page.getByText('No challenges yet.')).toBeVisible()
  await expect(page.getByTestId('catalog-card')).toHaveCount(6)

  // a custom target: the form's own checks, then the API's (an end before the start) at the field
  await page.getByRole('button', { name: 'Start Your own target' }).click()
  const form = page.getByRole('form', { name: 'Challenge' })
  await form.getByRole('button', { name: 'Start challenge' }).click()
  await expect(form.getByText('Choose the goal it feeds')).toBeVisible()
  await expect(form.getByText('Enter an amount')).toBeVisible()
  await form.getByLabel('Goal it feeds').selectOption({ label: 'Trip fund' })
  await form.getByLabel('Target').fill('300')
  await form.getByLabel('End date').fill(isoToday(-3))
  await form.getByRole('button', { name: 'Start challenge' }).click()
  await expect(form.getByLabel('End date')).toHaveAttribute('aria-invalid', 'true')
  await form.getByLabel('End date').fill(isoToday(120))
  await form.getByRole('button', { name: 'Start challenge' }).click()
  await expect(form).toBeHidden()
  const custom = page.getByTestId('challenge-card').filter({ hasText: 'Your own target' })
  await expect(custom.getByTestId('challenge-value')).toHaveText('$0.00')
  await expect(custom).toContainText('Feeds Trip fund')

  // progress comes from the goal's contributions, made anywhere
  const contributed = await page.request.post(`/api/goals/${trip.id}/contributions`, {
    data: { amount: 120, date: isoToday() },
  })
  baseExpect(contributed.ok(), await contributed.text()).toBe(true)
  await page.reload()
  await expect(custom.getByTestId('challenge-value')).toHaveText('$120.00')
  await expect(custom.getByTestId('challenge-status')).toHaveText('Ahead')
  await expect(custom.getByTestId('challenge-summary')).not.toBeEmpty()

  // round-ups of two card purchases, swept into a goal
  await seed.transaction(page.request, {
    accountId: card.id,
    amount: -3.4,
    date: isoToday(),
    merchant: 'Coffee',
  })
  await seed.transaction(page.request, {
    accountId: card.id,
    amount: -7.25,
    date: isoToday(),
    merchant: 'Lunch',
  })
  await page.getByRole('button', { name: 'Start Round-ups' }).click()
  await form.getByLabel('Travel card').check()
  await form.getByLabel('Target').fill('50')
  await form.getByLabel('Sweep into goal').selectOption({ label: 'Rainy day' })
  await shot(page, 'savings-challenges-start-round-ups', false)
  await form.getByRole('button', { name: 'Start challenge' }).click()
  await expect(form).toBeHidden()
  const roundUps = page.getByTestId('challenge-card').filter({ hasText: 'Feeds Rainy day' })
  await expect(roundUps.getByTestId('challenge-value')).toHaveText('$1.35')
  await expect(roundUps.getByTestId('challenge-summary')).toContainText('2 purchases')
  await roundUps.getByRole('button', { name: 'Sweep $1.35 into Rainy day' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Swept' })).toBeVisible()
  await expect(roundUps).toContainText('$1.35 swept so far')
  await expect(roundUps.getByRole('button', { name: /^Sweep/ })).toHaveCount(0)
  const goals: { name: string; currentAmount: number }[] = await (
    await page.request.get('/api/goals')
  ).json()
  baseExpect(goals.find((g) => g.name === 'Rainy day')?.currentAmount).toBe(1.35)

  await lookEverywhere(page, 'savings-challenges', async () => {
    await expect(page.getByTestId('challenge-card')).toHaveCount(2)
  })

  await page.goto('/goals')
  await expect(page.getByTestId('goal-card').filter({ hasText: 'Rainy day' })).toContainText(
    '$1.35',
  )
})

test('keeping the change of the daily allowance starts from the app’s own allowance', async ({
  page,
  freshUser: _user,
}) => {
  test.setTimeout(120_000)
  const checking = await seed.account(page.request, {
    name: 'Checking',
    type: 'checking',
    openingBalance: 0,
  })
  await seed.transaction(page.request, {
    accountId: checking.id,
    amount: 3100,
    date: isoToday(),
    merchant: 'Salary',
  })
  // the dashboard's figure: what is available ÷ the days left this month, today included
  const summary: { dailyAllowance: number } = await (
    await page.request.get('/api/analytics/monthly-summary')
  ).json()
  baseExpect(summary.dailyAllowance).toBeGreaterThan(0)
  const shown = summary.dailyAllowance.toFixed(2)

  await page.goto('/savings-challenges')
  await page.getByRole('button', { name: 'Start Keep the change of your daily allowance' }).click()
  const form = page.getByRole('form', { name: 'Challenge' })
  await expect(form.getByLabel('Daily allowance')).toHaveValue(shown)
  await expect(form).toContainText('Today’s, from your spending plan')
  await form.getByLabel('Target').fill('100')
  await form.getByRole('button', { name: 'Start challenge' }).click()
  await expect(form).toBeHidden()
  const challenges: { kind: string; config: { dailyAllowance: number } }[] = await (
    await page.request.get('/api/savings-challenges')
  ).json()
  baseExpect(challenges.find((c) => c.kind === 'unspent_allowance')?.config.dailyAllowance).toBe(
    Math.round(summary.dailyAllowance * 100),
  )
})
