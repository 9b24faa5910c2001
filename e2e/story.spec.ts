// The story, as a new person would live it: sign up, set up accounts, type a month of
// transactions by hand, budget it, fund a goal, pay a bill, and see every figure agree across
// Accounts, Transactions, the Spending Plan, Goals and the dashboard.
import { expect as baseExpect, test } from './support/fixtures'
import { newUser } from './support/api'
import { AccountsPage } from './page-models/accounts-page'
import { DashboardPage } from './page-models/dashboard-page'
import { LoginPage } from './page-models/login-page'
import { BillsPage, GoalsPage, SpendingPlanPage } from './page-models/money-pages'
import { OnboardingPage } from './page-models/onboarding-page'
import { TransactionsPage } from './page-models/transactions-page'

// a long story on a shared machine: every step may wait longer than the default
const expect = baseExpect.configure({ timeout: 30_000 })

test('a new household runs its month in Kinwise', async ({ page }) => {
  test.setTimeout(300_000)
  const today = new Date().toISOString().slice(0, 10)
  const month = today.slice(0, 7)
  const day = Number(today.slice(8, 10))
  /** a date this month, no later than today */
  const on = (d: number) => `${month}-${String(Math.min(d, day)).padStart(2, '0')}`

  // sign up and skip the tour
  const login = new LoginPage(page)
  await login.goto()
  await login.register(newUser('Jordan'))
  const onboarding = new OnboardingPage(page)
  await onboarding.skip.click()
  await onboarding.getStarted.click()
  const dashboard = new DashboardPage(page)
  await dashboard.waitForData()

  // accounts
  const accounts = new AccountsPage(page)
  await accounts.goto()
  await accounts.create({ name: 'Checking', type: 'Checking', balance: '2000' })
  await accounts.create({ name: 'Savings', type: 'Savings', balance: '500' })
  await accounts.create({ name: 'Visa', type: 'Credit card', balance: '0' })

  // a month of transactions, typed in the table
  const txs = new TransactionsPage(page)
  await txs.goto()
  await txs.addButton.click()
  const entries = [
    { date: on(1), payee: 'Acme Payroll', amount: '3000', category: 'Salary', income: true },
    { date: on(3), payee: 'Fresh Market', amount: '120.40', category: 'Groceries' },
    { date: on(8), payee: 'Noodle Bar', amount: '45', category: 'Dining Out' },
    { date: on(12), payee: 'Fresh Market', amount: '85.10', category: 'Groceries' },
    { date: on(15), payee: 'Fuel Stop', amount: '60', category: 'Transportation' },
    { date: on(20), payee: 'Pizza Place', amount: '30.25', category: 'Dining Out' },
  ]
  for (const e of entries) await txs.typeInline(e)
  // the two opening balances (the card opened at 0 has none) and the entries
  await expect(txs.rows).toHaveCount(2 + entries.length)
  // one on the card
  await txs.editor.getByLabel('Account').selectOption({ label: 'Visa' })
  await txs.typeInline({ date: on(10), payee: 'Bookshop', amount: '99.99', category: 'Shopping' })
  await txs.editor.getByLabel('Payee').press('Escape')
  await expect(txs.rows).toHaveCount(2 + entries.length + 1)

  // budget the month
  const plan = new SpendingPlanPage(page)
  await plan.goto()
  await plan.setBudget('Groceries', '400')
  await plan.setBudget('Dining Out', '150')
  await expect(plan.row('Groceries')).toHaveAttribute('data-level', 'good')
  await expect(plan.totals).toContainText('$550.00')

  // fund a goal
  const goals = new GoalsPage(page)
  await goals.goto()
  await page.getByRole('button', { name: 'Create a goal' }).click()
  const goalForm = page.getByRole('form', { name: 'Goal' })
  await goalForm.getByLabel('Name').fill('Holiday')
  await goalForm.getByLabel('Target', { exact: true }).fill('1000')
  await goalForm.getByLabel('Each month').fill('200')
  await goalForm.getByRole('button', { name: 'Create goal' }).click()
  await goals.card('Holiday').getByRole('button', { name: 'Contribute' }).click()
  const contribution = page.getByRole('form', { name: 'Contribution' })
  await contribution.getByLabel('Amount').fill('200')
  await contribution.getByRole('button', { name: 'Add money' }).click()
  await expect(goals.card('Holiday')).toContainText('$200.00')
  await expect(goals.card('Holiday').getByTestId('goal-status')).toHaveText('4 months remaining')

  // pay a bill
  const bills = new BillsPage(page)
  await bills.goto()
  await page.getByRole('button', { name: 'Add a bill' }).click()
  const billForm = page.getByRole('form', { name: 'Bill' })
  await billForm.getByLabel('Name').fill('Internet')
  await billForm.getByLabel('Amount').fill('60')
  await billForm.getByLabel('Next due').fill(today)
  await billForm.getByLabel('Category').selectOption({ label: 'Utilities' })
  await billForm.getByLabel('Paid from').selectOption({ label: 'Checking' })
  await billForm.getByRole('button', { name: 'Add bill' }).click()
  await bills.bill('Internet').getByRole('button', { name: 'Mark paid' }).click()
  const pay = page.getByRole('form', { name: 'Pay bill' })
  // the $60 fuel stop has the bill's amount but not its payee: offered, never chosen for you
  await expect(pay.getByTestId('pay-match').filter({ hasText: 'Fuel Stop' })).toContainText('another payee')
  await expect(pay.getByLabel('Record a new payment')).toBeChecked()
  await pay.getByRole('button', { name: 'Next' }).click()
  await expect(pay.getByLabel('Paid from')).toHaveValue(/.+/)
  await pay.getByRole('button', { name: 'Mark paid' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Bill paid' })).toBeVisible()

  // every figure agrees: 2,500 opened + 3,000 in − 500.74 out
  const income = '$3,000.00'
  const spent = '$500.74'
  const netWorth = '$4,999.26'
  await accounts.goto()
  await expect(accounts.netWorth).toHaveText(netWorth)
  await expect(accounts.account('Checking')).toContainText('$4,599.25')
  await expect(accounts.account('Visa')).toContainText('-$99.99')

  await txs.goto()
  await page.getByRole('button', { name: /^Filters/ }).click()
  await page
    .locator('#transaction-filter-panel')
    .getByLabel('Account', { exact: true })
    .selectOption({ label: 'Checking' })
  await expect(txs.rows.first()).toContainText('$4,599.25') // the running balance after the newest

  await plan.goto()
  await expect(plan.smartPlan.getByTestId('plan-income')).toContainText(income)
  await expect(plan.smartPlan.getByTestId('plan-spent')).toContainText(spent)
  await expect(plan.smartPlan.getByTestId('plan-goal-line')).toContainText('$200.00')
  await expect(plan.row('Groceries')).toContainText('$205.50 spent')
  await expect(plan.row('Dining Out')).toContainText('$75.25 spent')
  const available = await plan.smartPlan.getByTestId('plan-available').innerText()
  const allowance = await plan.smartPlan.getByTestId('plan-daily-allowance').innerText()

  await dashboard.goto()
  await dashboard.waitForData()
  await expect(dashboard.netWorth).toContainText(netWorth)
  await expect(dashboard.income).toContainText(income)
  await expect(dashboard.expenses).toContainText(spent)
  await expect(dashboard.spendingPlan).toContainText(
    available.replace(/^Available for the month\s*/, '').trim(),
  )
  await expect(dashboard.availableToday).toContainText(allowance.replace(/\s*a day$/, '').trim())
  await expect(dashboard.goals).toContainText('Holiday')
  await expect(dashboard.recentTransactions).toContainText('Internet')
  await expect(dashboard.accounts).toContainText('$4,599.25')
})
