// /automation-center: an adult of the premium household creates a weekly scheduled
// transaction (the form's own checks first) and an alert, dry-runs a rule and the schedule over the
// last 90 days, runs it now (the balance moves), reads the history, undoes the run (the balance is back
// to the cent) and deletes the alert; the page looked at on a desktop and a phone, light and
// dark, with axe. A viewer of the same household sees it read only. Names carry a tag, since
// other specs share the premium household.
import {
  expect as baseExpect,
  type Page,
} from '@playwright/test'
import {
  categoryId,
  isoToday,
  seed,
} from './support/api'
import { E2E_BASE_URL, expect, test } from './support/fixtures'
import { lookEverywhere, PHONE, DESKTOP, shot } from './support/look'
import { PREMIUM_OWNERS } from './support/tier-users.mjs'
import { joinPremiumHousehold } from './support/premium'

async function balanceOf(page: Page, id: string): Promise<number> {
  const res = await page.request.get(`/api/accounts/${id}`)
  baseExpect(res.ok(), await res.text()).toBe(true)
  const body: { balance: number } = await res.json()
  return body.balance
}

const tag = `t${Date.now().toString(36)}`
const gym = `Gym ${tag}`
const bigSpend = `Big spend ${tag}`

test('automation center: schedule, alert, dry run, run now, history, undo, delete', async ({
  page,
  playwright,
  allowConsoleErrors,
}) => {
  test.setTimeout(240_000)
  allowConsoleErrors(/status of 400/)
  await joinPremiumHousehold(playwright.request, page.request, PREMIUM_OWNERS.automation, 'adult', 'Ada')
  const checking = await seed.account(page.request, {
    name: `Auto checking ${tag}`,
    type: 'checking',
    openingBalance: 1000,
  })

  // a rule that would file last week's bookshop purchase: the rules card's dry run says so
  const books = await seed.account(page.request, {
    name: `Books card ${tag}`,
    type: 'checking',
    openingBalance: 100,
  })
  await seed.transaction(page.request, {
    accountId: books.id,
    merchant: `Bookshop ${tag}`,
    amount: -24.5,
    date: isoToday(-7),
    categoryId: null,
  })
  const rule = await page.request.post('/api/rules', {
    data: {
      name: `Books ${tag}`,
      conditions: [{ field: 'payee', operator: 'contains', value: `Bookshop ${tag}` }],
      actions: { setCategoryId: await categoryId(page.request, 'Education') },
    },
  })
  baseExpect(rule.ok(), await rule.text()).toBe(true)

  await page.goto('/automation-center')
  await expect(page.getByTestId('rules-summary')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Manage rules' })).toHaveAttribute(
    'href',
    '/transactions/rules',
  )
  await page.getByTestId('rules-summary').getByRole('button', { name: 'Dry run' }).click()
  const rulesDry = page.getByRole('dialog', { name: 'Dry run: rules' })
  const booksRule = rulesDry.getByTestId('rule-dry-run').filter({ hasText: `Books ${tag}` })
  await expect(booksRule.getByTestId('rule-dry-run-count')).toHaveText('Would change 1 transaction')
  const example = booksRule.getByTestId('rule-dry-run-example')
  await expect(example).toContainText(`Bookshop ${tag}`)
  await expect(example).toContainText('Uncategorized → Education')
  await expect(example).toContainText('-$24.50')
  await shot(page, 'automation-center-rules-dry-run', false)
  await rulesDry.getByRole('button', { name: 'Close' }).click()

  // a weekly scheduled transaction: the form's own checks first
  await page.getByRole('button', { name: 'New automation' }).click()
  const form = page.getByRole('form', { name: 'Automation' })
  await form.getByRole('button', { name: 'Create automation' }).click()
  await expect(form.getByText('Enter an amount')).toBeVisible()
  await expect(form.getByLabel('Account')).toHaveAttribute('aria-invalid', 'true')
  await form.getByLabel('Name').fill(gym)
  await form.getByLabel('How often').selectOption('weekly')
  await form.getByLabel('First date').fill(isoToday(-56))
  await form.getByLabel('Amount').fill('45.99')
  await form.getByLabel('Account').selectOption({ label: `Auto checking ${tag}` })
  await form.getByLabel('Payee').fill('Gym Co')
  await form.getByRole('button', { name: 'Create automation' }).click()
  await expect(form).toBeHidden()
  await expect(page.getByTestId('toast').filter({ hasText: 'Automation created' })).toBeVisible()
  const gymCard = page.getByTestId('automation-card').filter({ hasText: gym })
  await expect(gymCard).toContainText('Every week')
  await expect(gymCard).toContainText('-$45.99')
  await expect(gymCard.getByTestId('next-run')).not.toHaveText('When something happens')

  // an alert, on a phone
  await page.setViewportSize(PHONE)
  await page.getByRole('button', { name: 'New automation' }).click()
  await form.getByRole('radio', { name: /Alert/ }).check()
  await form.getByLabel('Name').fill(bigSpend)
  await form.getByLabel('Alert me about').selectOption('transaction_over')
  await form.getByLabel('Spending over').fill('200')
  await shot(page, 'automation-center-new-alert-phone', false)
  await form.getByRole('button', { name: 'Create automation' }).click()
  await expect(form).toBeHidden()
  await page.setViewportSize(DESKTOP)
  const alertCard = page.getByTestId('automation-card').filter({ hasText: bigSpend })
  await expect(alertCard).toContainText('Spending over $200.00 in any account')
  await expect(alertCard.getByTestId('next-run')).toHaveText('When something happens')

  // the dry run: every week since its start 56 days ago, nine dates; nothing changes
  await gymCard.getByRole('button', { name: `Dry run ${gym}` }).click()
  const dry = page.getByRole('dialog', { name: `Dry run: ${gym}` })
  await expect(dry.getByTestId('dry-run-count')).toHaveText('9 actions')
  await expect(dry.getByRole('listitem').first()).toContainText('Would add Gym Co')
  await shot(page, 'automation-center-dry-run', false)
  await dry.getByRole('button', { name: 'Close' }).click()
  baseExpect(await balanceOf(page, checking.id)).toBe(1000)

  // run now: today's date is made, once
  await gymCard.getByRole('button', { name: `Run ${gym} now` }).click()
  await expect(page.getByTestId('toast').filter({ hasText: `${gym} ran` })).toBeVisible()
  await expect.poll(() => balanceOf(page, checking.id)).toBe(954.01)
  await expect(gymCard).toContainText('Done')

  // the history, and undo back to the cent
  await gymCard.getByRole('button', { name: `History of ${gym}` }).click()
  const history = page.getByRole('dialog', { name: `History: ${gym}` })
  const row = history.getByTestId('run-row')
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('Made 1 transaction')
  await row.getByRole('button', { name: 'Undo' }).click()
  await page.getByRole('button', { name: 'Undo run' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Run undone' })).toBeVisible()
  await expect(row).toContainText('Undone')
  await expect(row.getByRole('button', { name: 'Undo' })).toHaveCount(0)
  await history.getByRole('button', { name: 'Close' }).click()
  baseExpect(await balanceOf(page, checking.id)).toBe(1000)

  // pause and resume with the switch
  const toggle = gymCard.getByRole('switch', { name: `${gym} active` })
  await toggle.click()
  await expect(gymCard.getByTestId('next-run')).toHaveText('Paused')
  await toggle.click()
  await expect(gymCard.getByTestId('next-run')).not.toHaveText('Paused')

  // delete the alert
  await alertCard.getByRole('button', { name: `Delete ${bigSpend}` }).click()
  await page.getByRole('button', { name: 'Delete automation' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Automation deleted' })).toBeVisible()
  await expect(alertCard).toHaveCount(0)

  await lookEverywhere(page, 'automation-center', async () => {
    await expect(gymCard).toBeVisible()
    await expect(page.locator('.animate-pulse')).toHaveCount(0)
  })
})

test('automation center: a viewer reads without write buttons', async ({ page, playwright }) => {
  test.setTimeout(120_000)
  // an automation of the household's, made by an adult
  const adult = await playwright.request.newContext({ baseURL: E2E_BASE_URL })
  await joinPremiumHousehold(playwright.request, adult, PREMIUM_OWNERS.automation, 'adult', 'Ada')
  const account = await seed.account(adult, {
    name: `Viewer check ${tag}`,
    type: 'checking',
    openingBalance: 50,
  })
  const made = await adult.post('/api/automations', {
    data: {
      name: `Shared bills ${tag}`,
      config: { type: 'alert', condition: 'balance_under', amount: 20, accountId: account.id },
    },
  })
  baseExpect(made.ok(), await made.text()).toBe(true)
  await adult.dispose()

  await joinPremiumHousehold(playwright.request, page.request, PREMIUM_OWNERS.automation, 'viewer', 'Vera')
  await page.goto('/automation-center')
  await expect(page.getByTestId('view-only-note')).toBeVisible()
  const card = page.getByTestId('automation-card').filter({ hasText: `Shared bills ${tag}` })
  await expect(card).toContainText('under $20.00')
  await expect(page.getByRole('button', { name: 'New automation' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^(Run .+ now|Edit .+|Delete .+)$/ })).toHaveCount(
    0,
  )
  await expect(page.getByRole('switch')).toHaveCount(0)
  await expect(page.getByTestId('rules-summary')).toContainText('Adults in your household')
  await card.getByRole('button', { name: `History of Shared bills ${tag}` }).click()
  await expect(page.getByRole('dialog')).toContainText('It has not run yet')
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
  await lookEverywhere(page, 'automation-center-viewer', async () => {
    await expect(page.getByTestId('view-only-note')).toBeVisible()
    await expect(card).toBeVisible()
  })
})

test('automation center: a free household sees which plans include it', async ({
  page,
  freshUser: _user,
}) => {
  await page.goto('/automation-center')
  await expect(page.getByTestId('premium-note')).toContainText(
    'Automation Center is a premium feature, included in the Basic and Premium plans.',
  )
  await expect(page.getByRole('button', { name: 'New automation' })).toHaveCount(0)
})
