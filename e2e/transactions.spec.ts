// /transactions: the empty state, typing transactions in with the keyboard (Enter saves, Escape
// cancels), editing in place, search and filters kept in the URL, sorting, bulk categorize and
// delete, a split that must add up, a transfer, the running balance of one account, and what
// each change does to the dashboard.
import { categoryId, isoToday, seed } from './support/api'
import { expect, test } from './support/fixtures'
import { DashboardPage } from './page-models/dashboard-page'
import { TransactionsPage } from './page-models/transactions-page'
import { lookEverywhere, shot } from './support/look'

test('a new user sees "No transactions yet"', async ({ page, freshUser: _user }) => {
  await seed.account(page.request, { name: 'Checking', type: 'checking', openingBalance: 0 })
  const txs = new TransactionsPage(page)
  await txs.goto('?type=expense')
  await expect(page.getByText('No transactions match these filters')).toBeVisible({
    timeout: 30_000,
  })
  await page.getByRole('button', { name: 'Clear filters' }).first().click()
  await expect(page.getByText('No transactions yet')).toBeVisible()
})

test('add with the keyboard, edit in place, and the dashboard follows', async ({
  page,
  freshUser: _user,
}) => {
  await seed.account(page.request, { name: 'Checking', type: 'checking', openingBalance: 1000 })
  const today = isoToday()
  const txs = new TransactionsPage(page)
  await txs.goto()
  await txs.addButton.click()
  await txs.typeInline({
    payee: 'Corner Market',
    amount: '42.50',
    category: 'Groceries',
    date: today,
  })
  await expect(txs.row('Corner Market')).toContainText('-$42.50')
  // the editor stays open for the next one, with the same date and account
  await expect(txs.editor.getByLabel('Payee')).toBeFocused()
  await txs.typeInline({ payee: 'Acme Payroll', amount: '2000', income: true })
  await expect(txs.row('Acme Payroll')).toContainText('+$2,000.00')
  await txs.editor.getByLabel('Payee').press('Escape')
  await expect(txs.editor).toHaveCount(0)

  // Tab moves between the fields, an invalid amount is refused with the contract's message
  await txs.addButton.click()
  await txs.editor.getByLabel('Payee').fill('Typo')
  await txs.editor.getByLabel('Payee').press('Tab')
  await expect(txs.editor.getByLabel('Description')).toBeFocused()
  await txs.editor.getByLabel('Amount').fill('12.345')
  await txs.editor.getByLabel('Amount').press('Enter')
  await expect(txs.editor).toContainText('Must have at most 2 decimals')
  await txs.editor.getByLabel('Amount').press('Escape')

  // click a row to edit it; Enter saves
  await txs.row('Corner Market').click()
  await txs.editor.getByLabel('Amount').fill('40')
  await txs.editor.getByLabel('Payee').fill('Corner Grocer')
  await txs.editor.getByLabel('Payee').press('Enter')
  await expect(txs.row('Corner Grocer')).toContainText('-$40.00')
  await expect(txs.row('Corner Grocer')).toContainText('Groceries')

  const dashboard = new DashboardPage(page)
  await dashboard.goto()
  await dashboard.waitForData()
  await expect(dashboard.netWorth).toContainText('$2,960.00')
  await expect(dashboard.income).toContainText('$2,000.00')
  await expect(dashboard.expenses).toContainText('$40.00')
  await expect(dashboard.recentTransactions).toContainText('Corner Grocer')
})

test('search, filters and sort live in the URL', async ({ page, freshUser: _user }) => {
  const api = page.request
  const today = isoToday()
  const checking = await seed.account(api, {
    name: 'Checking',
    type: 'checking',
    openingBalance: 500,
  })
  const card = await seed.account(api, { name: 'Card', type: 'credit_card', openingBalance: 0 })
  const dining = await categoryId(api, 'Dining Out')
  await seed.transaction(api, {
    accountId: checking.id,
    amount: -12,
    date: today,
    merchant: 'Noodle Bar',
    categoryId: dining,
  })
  await seed.transaction(api, {
    accountId: card.id,
    amount: -80,
    date: today,
    merchant: 'Hardware Store',
    notes: 'Shelves for the Garage',
  })
  await seed.transaction(api, {
    accountId: checking.id,
    amount: 300,
    date: today,
    merchant: 'Refund Co',
  })
  const txs = new TransactionsPage(page)
  await txs.goto()
  await expect(txs.rows).toHaveCount(4) // the opening balance of Checking and three transactions

  await txs.search.fill('noodle')
  await expect(page).toHaveURL(/q=noodle/)
  await expect(txs.rows).toHaveCount(1)
  await expect(txs.row('Noodle Bar')).toBeVisible()
  // a word of a note finds its row too, whatever its case
  await txs.search.fill('GARAGE')
  await expect(txs.rows).toHaveCount(1)
  await expect(txs.row('Hardware Store')).toBeVisible()
  await txs.search.fill('')
  await expect(txs.rows).toHaveCount(4)

  await txs.filtersButton.click()
  await page.getByLabel('Category', { exact: true }).selectOption('uncategorized')
  await expect(page).toHaveURL(/category=uncategorized/)
  await expect(txs.rows).toHaveCount(2)
  await page.getByLabel('Type').selectOption('expense')
  await expect(txs.rows).toHaveCount(1)
  await expect(txs.row('Hardware Store')).toBeVisible()

  // a reload keeps the filters
  await page.reload()
  await expect(txs.rows).toHaveCount(1)
  await page.getByRole('button', { name: 'Clear filters' }).click()
  await expect(txs.rows).toHaveCount(4)

  // amount range (money out from 50 to 100)
  await txs.filtersButton.click()
  await page.getByLabel('Type').selectOption('expense')
  await page.getByLabel('Amount from').fill('50')
  await page.getByLabel('Amount to').fill('100')
  await page.getByLabel('Amount to').press('Enter')
  await expect(txs.rows).toHaveCount(1)
  await expect(txs.row('Hardware Store')).toBeVisible()
  await page.getByRole('button', { name: 'Clear filters' }).click()

  // sort by amount, largest first
  await txs.table.getByRole('button', { name: 'Amount' }).click()
  await expect(page).toHaveURL(/sort=amount_desc/)
  await expect(txs.rows.first()).toContainText('Checking')
  await expect(txs.rows.first()).toContainText('$500.00')
  // by size: the −12.00 noodles are the smallest amount, after the −80.00 shelves
  await expect(txs.rows.last()).toContainText('Noodle Bar')
})

test('amounts filter as you type, From and To together; sorted by size; totals; keyboard rows', async ({
  page,
  freshUser: _user,
}) => {
  const api = page.request
  const today = isoToday()
  const checking = await seed.account(api, { name: 'Checking', type: 'checking', openingBalance: 0 })
  for (const [merchant, amount] of [
    ['Rent', -1000],
    ['Refund', 900],
    ['Coffee', -5],
    ['Gift', 50],
    ['Lunch', -40],
  ] as const) {
    await seed.transaction(api, { accountId: checking.id, amount, date: today, merchant })
  }
  const txs = new TransactionsPage(page)
  await txs.goto()
  await expect(txs.rows).toHaveCount(5)
  // the count and total of everything, from the server
  const totals = page.getByTestId('transaction-totals')
  await expect(totals).toContainText('5 transactions')
  await expect(totals).toContainText('-$95.00')
  // money in is green, money out is not
  await expect(txs.row('Refund').locator('.money')).toHaveClass(/text-positive/)
  await expect(txs.row('Refund')).toContainText('+$900.00')
  await expect(txs.row('Rent').locator('.money')).not.toHaveClass(/text-positive/)

  // typing is enough: no Enter, no leaving the field; From and To apply together
  await txs.filtersButton.click()
  await page.getByLabel('Amount from').pressSequentially('-60')
  await page.getByLabel('Amount to').pressSequentially('60')
  await expect(page).toHaveURL(/min=-60/)
  await expect(page).toHaveURL(/max=60/)
  await expect(txs.rows).toHaveCount(3)
  await expect(totals).toContainText('3 transactions match')
  await expect(totals).toContainText('+$5.00')
  await page.getByRole('button', { name: 'Clear filters' }).click()
  await expect(txs.rows).toHaveCount(5)

  // largest amount first: by size, money in or out
  await page.getByRole('combobox', { name: 'Sort' }).selectOption('amount_desc')
  await expect(txs.rows.nth(0)).toContainText('Rent')
  await expect(txs.rows.nth(1)).toContainText('Refund')
  await expect(txs.rows.nth(2)).toContainText('Gift')
  await expect(txs.rows.nth(4)).toContainText('Coffee')

  // the arrow keys move between rows, with the focus on show; Enter opens the row
  await txs.rows.nth(0).focus()
  await page.keyboard.press('ArrowDown')
  await expect(txs.rows.nth(1)).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowUp')
  await expect(txs.rows.nth(1)).toBeFocused()
  const ring = await txs.rows.nth(1).evaluate((el) => getComputedStyle(el).boxShadow)
  expect(ring).not.toBe('none')
  await shot(page, 'transactions-keyboard-focus', false)
  await page.keyboard.press('End')
  await expect(txs.rows.nth(4)).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(txs.editor).toBeVisible()
  await expect(txs.editor.getByLabel('Payee')).toHaveValue('Coffee')
  await lookEverywhere(page, 'transactions-totals', async () => {
    await expect(page.getByTestId('transaction-totals')).toBeVisible()
  })
})

test('bulk categorize and delete, split, transfer and the running balance', async ({
  page,
  freshUser: _user,
}) => {
  const api = page.request
  const today = isoToday()
  const checking = await seed.account(api, {
    name: 'Checking',
    type: 'checking',
    openingBalance: 1000,
  })
  await seed.account(api, { name: 'Savings', type: 'savings', openingBalance: 0 })
  for (const [merchant, amount] of [
    ['Cafe One', -5],
    ['Cafe Two', -7],
    ['Big Store', -100],
    ['Mistake', -1],
  ] as const) {
    await seed.transaction(api, { accountId: checking.id, amount, date: today, merchant })
  }
  const txs = new TransactionsPage(page)
  await txs.goto()

  // bulk categorize (at once), then bulk delete after asking; a tick is tried again should the
  // list's first refresh redraw the row under the click (seen on a loaded machine)
  for (const name of ['Cafe One', 'Cafe Two']) {
    await expect(async () => txs.row(name).getByRole('checkbox').check({ timeout: 2_000 })).toPass()
  }
  await expect(txs.bulkBar).toContainText('2 selected')
  await txs.bulkBar
    .getByLabel('Category for the selected transactions')
    .selectOption({ label: 'Dining Out' })
  await txs.bulkBar.getByRole('button', { name: 'Categorize' }).click()
  await expect(txs.row('Cafe One')).toContainText('Dining Out')
  await expect(txs.row('Cafe Two')).toContainText('Dining Out')
  await txs.row('Mistake').getByRole('checkbox').check()
  await txs.bulkBar.getByRole('button', { name: 'Delete' }).click()
  await expect(txs.dialog).toContainText('Delete 1 transaction?')
  await txs.dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(txs.row('Mistake')).toHaveCount(0)
  // the bar above the table goes once the deletion is done, moving the rows up: a click made
  // before it went could land on another button of the row (Receipts opened; CI 2026-11-28)
  await expect(txs.bulkBar).toBeHidden()

  // split: the parts must add up, shown as you type
  await txs.row('Big Store').getByRole('button', { name: 'Actions for Big Store' }).click()
  await page.getByRole('menuitem', { name: 'Split…' }).click()
  const split = page.getByRole('form', { name: 'Split' })
  await split.getByLabel('Category of part 1').selectOption({ label: 'Groceries' })
  await split.getByLabel('Amount of part 1').fill('60')
  await expect(split.getByTestId('split-left')).toContainText('Left to assign$40.00')
  await expect(split.getByRole('button', { name: 'Save split' })).toBeDisabled()
  await split.getByLabel('Category of part 2').selectOption({ label: 'Shopping' })
  await split.getByLabel('Amount of part 2').fill('40')
  await expect(split.getByTestId('split-left')).toContainText('All assigned')
  await split.getByRole('button', { name: 'Save split' }).click()
  await expect(txs.row('Big Store')).toContainText('Split (2)')

  // a transfer moves money between two accounts: neither income nor spending
  await txs.transferButton.click()
  const transfer = page.getByRole('form', { name: 'Transfer' })
  await transfer.getByLabel('From').selectOption({ label: 'Checking' })
  await transfer.getByLabel('To').selectOption({ label: 'Checking' })
  await transfer.getByLabel('Amount').fill('250')
  await transfer.getByRole('button', { name: 'Record transfer' }).click()
  await expect(transfer).toContainText('A transfer needs two different accounts')
  await transfer.getByLabel('To').selectOption({ label: 'Savings' })
  await transfer.getByRole('button', { name: 'Record transfer' }).click()
  await expect(txs.row('Transfer to Savings')).toContainText('-$250.00')
  await expect(txs.row('Transfer from Checking')).toContainText('$250.00')

  // one account shown: the running balance column
  await txs.goto(`?account=${checking.id}`)
  await expect(txs.table.getByRole('columnheader', { name: 'Balance' })).toBeVisible()
  await expect(txs.rows.first()).toContainText('$638.00') // 1000 − 5 − 7 − 100 − 250
  await expect(txs.rows.last()).toContainText('$1,000.00')

  const dashboard = new DashboardPage(page)
  await dashboard.goto()
  await dashboard.waitForData()
  await expect(dashboard.expenses).toContainText('$112.00') // the transfer is not spending
  await expect(dashboard.netWorth).toContainText('$888.00')
})

test('the phone list opens a form to add and edit', async ({ page, freshUser: _user }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await seed.account(page.request, { name: 'Wallet', type: 'cash', openingBalance: 100 })
  // the accounts come late, as on a slow phone: Add waits for them, so its form has an account
  // (before, a tap that came first opened a form with none, and Add then did nothing; CI 2026-11-28)
  await page.route('**/api/accounts', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await route.continue()
  })
  const txs = new TransactionsPage(page)
  await txs.goto()
  await expect(page.getByRole('button', { name: 'Add transaction' })).toBeDisabled()
  await page.getByRole('button', { name: 'Add transaction' }).click()
  const form = page.getByRole('form', { name: 'Transaction' })
  await form.getByLabel('Amount').fill('3.20')
  await form.getByLabel('Payee').fill('Bakery')
  await form.getByLabel('Category').selectOption({ label: 'Dining Out' })
  await form.getByRole('button', { name: 'Add transaction' }).click()
  await expect(txs.list).toContainText('Bakery')
  await txs.row('Bakery').getByRole('button').click()
  await form.getByLabel('Amount').fill('3.40')
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(txs.row('Bakery')).toContainText('-$3.40')
  await txs.row('Bakery').getByRole('button').click()
  await form.getByRole('button', { name: 'Delete' }).click()
  await page
    .getByRole('dialog')
    .filter({ hasText: 'Delete this transaction?' })
    .getByRole('button', { name: 'Delete' })
    .click()
  await expect(txs.row('Bakery')).toHaveCount(0)
})
