// /accounts: the empty state, creating accounts of several types (a card's opening balance is
// what is owed), groups with subtotals and net worth, editing (only the last 4 digits kept),
// reconciling with the bank's balance, closing and reopening, deleting with its transactions
// counted first, and the dashboard following each change.
import { isoToday, seed } from './support/api'
import { expect, test } from './support/fixtures'
import { AccountsPage } from './page-models/accounts-page'
import { DashboardPage } from './page-models/dashboard-page'

test('create, group, edit, reconcile, close and delete accounts', async ({
  page,
  freshUser: _user,
}) => {
  const accounts = new AccountsPage(page)
  await accounts.goto()
  await expect(page.getByText('No accounts added yet')).toBeVisible()

  await accounts.create({
    name: 'Everyday Checking',
    type: 'Checking',
    balance: '1,250.00',
    number: '1234 5678 9012',
  })
  await accounts.create({ name: 'Travel Card', type: 'Credit card', balance: '300' })
  await accounts.create({ name: 'Wallet', type: 'Cash', balance: '40' })
  await accounts.create({ name: 'Car Loan', type: 'Loan', balance: '5000' })

  await expect(accounts.account('Everyday Checking')).toContainText('•••• 9012')
  await expect(accounts.account('Everyday Checking')).not.toContainText('5678')
  await expect(accounts.account('Travel Card')).toContainText('-$300.00')
  await expect(accounts.group('credit_card')).toContainText('Credit cards')
  await expect(accounts.group('loan')).toContainText('-$5,000.00')
  await expect(accounts.netWorth).toHaveText('-$4,010.00')

  // edit
  await accounts.action('Wallet', 'Edit')
  const form = page.getByRole('form', { name: 'Account' })
  await form.getByLabel('Name').fill('Cash Jar')
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(accounts.account('Cash Jar')).toBeVisible()

  // reconcile: the difference shows as you type, then the adjustment is recorded
  await accounts.action('Everyday Checking', 'Reconcile')
  const reconcile = page.getByRole('form', { name: 'Reconcile' })
  await reconcile.getByLabel('Balance your bank shows').fill('1200.55')
  await expect(reconcile.getByTestId('reconcile-difference')).toHaveText('-$49.45')
  await reconcile.getByRole('button', { name: 'Record adjustment' }).click()
  await expect(accounts.account('Everyday Checking')).toContainText('$1,200.55')

  // close and reopen (at once)
  await accounts.action('Cash Jar', 'Close')
  await expect(page.getByRole('region', { name: 'Closed accounts' })).toContainText('Cash Jar')
  await accounts.action('Cash Jar', 'Reopen')
  await expect(page.getByRole('region', { name: 'Closed accounts' })).toHaveCount(0)

  const dashboard = new DashboardPage(page)
  await dashboard.goto()
  await dashboard.waitForData()
  await expect(dashboard.netWorth).toContainText('-$4,059.45')
  await expect(dashboard.accounts).toContainText('Cash Jar')
})

test('deleting an account says what goes with it', async ({ page, freshUser: _user }) => {
  const api = page.request
  const old = await seed.account(api, { name: 'Old Bank', type: 'checking', openingBalance: 100 })
  await seed.account(api, { name: 'Savings', type: 'savings', openingBalance: 0 })
  for (const merchant of ['One', 'Two']) {
    await seed.transaction(api, { accountId: old.id, amount: -10, date: isoToday(), merchant })
  }
  const accounts = new AccountsPage(page)
  await accounts.goto()
  await accounts.action('Old Bank', 'Delete')
  const text = page.getByTestId('delete-account-text')
  await expect(text).toContainText('its 3 transactions') // the opening balance and two more
  await expect(text).toContainText('keep their other side')
  await page.getByRole('button', { name: 'Delete account and transactions' }).click()
  await expect(accounts.toastText()).toContainText('Old Bank and 3 transactions were deleted.')
  await expect(accounts.account('Old Bank')).toHaveCount(0)
  await expect(accounts.netWorth).toHaveText('$0.00')
})
