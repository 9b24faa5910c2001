// /debt-planning and /retirement-planning against the real server: a credit card owed
// in the app comes pre-filled, an APR and a minimum give the hand-checked plan ($1,000 at 12 %
// with $100 a month: 11 months, $58.98 of interest), a second debt outside the app makes
// snowball, avalanche and a custom order differ, and a promotional rate with the month it ends
// changes the interest (half a promotion, or one already over, is said at its field); a saved
// plan's payments become bills that end with the debt; the retirement inputs give the FIRE number
// ($40,000 ÷ 4 % = $1,000,000.00), a success rate in words and the what-ifs. Both pages pass axe
// on a desktop and a phone, light and dark (screenshots into KINWISE_SHOTS_DIR when set).
import { seed } from './support/api'
import { lookEverywhere } from './support/look'
import { expect, test } from './support/fixtures'

test('debt planning: pre-filled from the accounts, the hand-checked plan, strategies compared', async ({
  page,
  freshUser: _user,
  allowConsoleErrors,
}) => {
  test.setTimeout(180_000)
  // the promotion that already ended is the server's 400, shown at its field
  allowConsoleErrors(/status of 400/)
  await seed.account(page.request, { name: 'Visa', type: 'credit_card', openingBalance: -1000 })
  await page.goto('/debt-planning')

  const visa = page.getByRole('group', { name: 'Visa' })
  await expect(visa.getByLabel('Balance owed')).toHaveValue('1000.00')
  await expect(page.getByTestId('debt-missing')).toContainText('the APR of Visa')

  await visa.getByLabel('APR %', { exact: true }).fill('12')
  await visa.getByLabel('Minimum each month').fill('100')
  // 1,000 × 12 % ÷ 12 = 10.00 the first month … the 11th payment is the last, 58.98
  await expect(page.getByTestId('debt-months')).toHaveText('11')
  await expect(page.getByTestId('debt-total-interest')).toHaveText('$58.98')
  await expect(page.getByTestId('debt-total-paid')).toHaveText('$1,058.98')
  await expect(page.getByTestId('debt-explanation')).toContainText('Debt-free in 11 months')
  await expect(page.getByTestId('debt-warnings')).toHaveCount(0)
  await expect(page.getByTestId('strategies-table')).toContainText('Minimums only')

  // a promotion with the month it ends: 0 % this month and next, then 12 % on $800.00 (8.00),
  // 7.08, 6.15, 5.21, 4.26, 3.31, 2.34, 1.36 and 0.38 = $38.09 over the same 11 months
  const now = new Date()
  const monthAt = (offset: number) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 7)
  await visa.getByLabel('Promotional APR %').fill('0')
  await expect(visa).toContainText('Enter the month the promotion ends')
  // a promotion that ended last month is refused by the server, at the field
  await visa.getByLabel('Promotion ends').fill(monthAt(-1))
  await expect(visa).toContainText('The promotion must end in or after the plan')
  await visa.getByLabel('Promotion ends').fill(monthAt(1))
  await expect(page.getByTestId('debt-total-interest')).toHaveText('$38.09')
  await expect(page.getByTestId('debt-months')).toHaveText('11')
  // cleared again: the hand-checked plan
  await visa.getByLabel('Promotional APR %').fill('')
  await visa.getByLabel('Promotion ends').fill('')
  await expect(page.getByTestId('debt-total-interest')).toHaveText('$58.98')

  // a debt the app does not know: larger and dearer, so snowball and avalanche part ways
  await page.getByRole('button', { name: 'Add a debt' }).click()
  const store = page.getByRole('group', { name: 'Debt 2' })
  await store.getByLabel('Name').fill('Store card')
  const storeCard = page.getByRole('group', { name: 'Store card' })
  await storeCard.getByLabel('Balance owed').fill('2000')
  await storeCard.getByLabel('APR %', { exact: true }).fill('24')
  await storeCard.getByLabel('Minimum each month').fill('60')
  await page.getByLabel('Extra each month').fill('200')

  const firstPaid = page.getByTestId('payoff-order').getByRole('listitem').first()
  await page.getByRole('radio', { name: /Avalanche/ }).check()
  await expect(page.getByRole('heading', { name: 'Your plan: Avalanche' })).toBeVisible()
  await expect(firstPaid).toContainText('Store card')

  await page.getByRole('radio', { name: /Snowball/ }).check()
  await expect(page.getByRole('heading', { name: 'Your plan: Snowball' })).toBeVisible()
  await expect(firstPaid).toContainText('Visa')
  await expect(page.getByTestId('debt-interest-saved')).not.toHaveText('—')

  // your own order, moved with the keyboard
  await page.getByRole('radio', { name: /Your own order/ }).check()
  const order = page.getByTestId('custom-order')
  await expect(order.getByRole('listitem').first()).toContainText('Visa')
  await order.getByRole('button', { name: 'Move Store card up' }).focus()
  await page.keyboard.press('Enter')
  await expect(order.getByRole('listitem').first()).toContainText('Store card')
  await expect(order.getByRole('button', { name: 'Move Store card down' })).toBeFocused()
  await expect(page.getByRole('heading', { name: 'Your plan: Your own order' })).toBeVisible()
  await expect(firstPaid).toContainText('Store card')

  // a typed mistake is shown at its field, and no plan is asked for
  await storeCard.getByLabel('APR %', { exact: true }).fill('12.345')
  await expect(storeCard).toContainText('at most 2 decimals')
  await storeCard.getByLabel('APR %', { exact: true }).fill('24')

  // the schedule opens; the balances read as a table too
  await page.getByText('Month-by-month schedule').click()
  await expect(page.getByTestId('debt-schedule').getByRole('row').nth(2)).toContainText('1')
  await page
    .getByRole('group', { name: 'Show balances as' })
    .getByRole('button', { name: 'Table' })
    .click()
  await expect(page.getByTestId('balances-table')).toContainText('Store card')
  await page
    .getByRole('group', { name: 'Show balances as' })
    .getByRole('button', { name: 'Chart' })
    .click()

  await lookEverywhere(page, 'debt-planning', async () => {
    await expect(page.getByTestId('balances-chart')).toBeVisible()
    await expect(page.getByTestId('debt-months')).not.toHaveText('')
  })
})

test('a saved debt plan follows the payments made, and its payments become bills', async ({
  page,
  freshUser: _user,
}) => {
  test.setTimeout(120_000)
  const visaAccount = await seed.account(page.request, { name: 'Visa', type: 'credit_card', openingBalance: -1000 })
  const today = new Date().toISOString().slice(0, 10)
  await seed.transaction(page.request, { accountId: visaAccount.id, date: today, amount: 300, merchant: 'Card payment' })
  await page.goto('/debt-planning')
  const visa = page.getByRole('group', { name: 'Visa' })
  await visa.getByLabel('APR %', { exact: true }).fill('12')
  await visa.getByLabel('Minimum each month').fill('100')
  await page.getByLabel('Extra each month').fill('200')
  // 700.00 owed after today's payment: 7.00 + 4.07 + 1.11 of interest over three months
  await expect(page.getByTestId('debt-total-interest')).toHaveText('$12.18')

  await page.getByRole('button', { name: 'Save this plan' }).click()
  const dialog = page.getByRole('dialog', { name: 'Save this plan' })
  await dialog.getByLabel('Name').fill('Clear the Visa')
  await dialog.getByRole('button', { name: 'Save plan' }).click()
  await expect(dialog).toBeHidden()
  const saved = page.getByTestId('saved-plan')
  await expect(saved).toContainText('Clear the Visa')
  await expect(saved).toContainText('On track')
  await expect(saved.getByTestId('plan-progress-text')).toContainText('On track: $300.00 paid; $300.00 is planned')
  // what the extra does to today's allowance (its figures depend on the day of the month)
  await expect(saved.getByTestId('plan-allowance-text')).toContainText('the $200.00 extra')

  await saved.getByRole('button', { name: 'Create bills' }).click()
  const bills = page.getByRole('dialog', { name: 'Create the payments as bills' })
  await bills.getByLabel('Due on day').fill('31')
  await bills.getByRole('button', { name: 'Create bills' }).click()
  await expect(bills).toContainText('Enter a day from 1 to 28')
  await bills.getByLabel('Due on day').fill('28')
  await bills.getByRole('button', { name: 'Create bills' }).click()
  await expect(bills).toBeHidden()
  // the bill ends with the debt: paid off in the plan's third month
  const payoff = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 2, 1)),
  )
  await expect(
    page.getByTestId('toast').getByText(`Visa payment: $300.00 monthly until ${payoff}`),
  ).toBeVisible()

  await lookEverywhere(page, 'debt-planning-saved', async () => {
    await expect(page.getByTestId('saved-plan')).toBeVisible()
  })

  await page.goto('/bills')
  await expect(page.getByText('Visa payment')).toBeVisible()
  await page.goto('/debt-planning')
  await page.getByRole('button', { name: 'Delete Clear the Visa' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete plan' }).click()
  await expect(page.getByTestId('saved-plan')).toHaveCount(0)
})

test('retirement planning: the FIRE number, a success rate in words, the what-ifs', async ({
  page,
  freshUser: _user,
}) => {
  test.setTimeout(180_000)
  await page.goto('/retirement-planning')
  await expect(page.getByText('No investment accounts in the app')).toBeVisible()
  await expect(page.getByText(/Your last 12 months’ spending/)).toBeVisible()

  await page.getByLabel('Your age').fill('40')
  await page.getByLabel('Retire at').fill('65')
  await page.getByLabel('Plan until').fill('95')
  await page.getByLabel('Saved for retirement').fill('150000')
  await page.getByLabel('Saving each month').fill('1500')
  await page.getByLabel('Spending each year').fill('40000')
  await page.getByLabel('Withdrawal rate').fill('4')

  await expect(page.getByTestId('fire-number')).toHaveText('$1,000,000.00')
  await expect(page.getByTestId('success-rate')).toContainText(/of 10,000 simulated markets/)
  await expect(page.getByTestId('success-rate')).toContainText(/\d+(\.\d)? %/)
  await expect(page.getByTestId('retirement-explanation')).toContainText(
    'Your FIRE number is $1,000,000.00',
  )
  await expect(page.getByTestId('what-ifs').getByRole('listitem')).toHaveCount(3)
  await expect(page.getByTestId('what-ifs')).toContainText('Retire two years later')

  // a percentage out of range is said at its field
  await page.getByLabel('Withdrawal rate').fill('80')
  await expect(page.getByText('Enter a percentage from 0.1 to 50')).toBeVisible()
  await page.getByLabel('Withdrawal rate').fill('4')
  await expect(page.getByTestId('fire-number')).toHaveText('$1,000,000.00')

  await page
    .getByRole('group', { name: 'Show savings by age as' })
    .getByRole('button', { name: 'Table' })
    .click()
  await expect(page.getByTestId('fan-table')).toContainText('retiring')
  await page
    .getByRole('group', { name: 'Show savings by age as' })
    .getByRole('button', { name: 'Chart' })
    .click()

  // the plan replayed through history: how often it lasted and the worst year to start
  const backtest = page.getByTestId('backtest')
  await expect(page.getByLabel('Stocks in your portfolio')).toHaveValue('60')
  await expect(page.getByTestId('backtest-summary')).toContainText(
    /Replayed through every start year from 1871 to \d{4}: it lasts in \d+(\.\d)? % of them/,
  )
  await expect(page.getByTestId('backtest-worst-year')).toHaveText(/^(18|19|20)\d\d$/)
  await expect(page.getByTestId('backtest-source')).toHaveText(
    'US stocks (S&P composite) and 10-year Treasuries, Robert Shiller’s data',
  )
  await backtest.getByRole('button', { name: 'Table' }).click()
  await expect(page.getByTestId('backtest-table')).toContainText('worst')
  await backtest.getByRole('button', { name: 'Chart' }).click()
  await expect(page.getByTestId('backtest-chart')).toBeVisible()

  // mostly bonds: some start years run out, said with the age
  await page.getByLabel('Stocks in your portfolio').fill('20')
  await expect(page.getByTestId('backtest')).toContainText('20 % in stocks')
  await expect(page.getByTestId('backtest-summary')).toContainText(/money ran out at \d+\)/)

  await lookEverywhere(page, 'retirement-planning', async () => {
    await expect(page.getByTestId('fan-chart')).toBeVisible()
    await expect(page.getByTestId('fire-number')).toHaveText('$1,000,000.00')
    await expect(page.getByTestId('backtest-chart')).toBeVisible()
  })
})
