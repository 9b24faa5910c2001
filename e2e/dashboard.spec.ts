// The dashboard: every empty state of a new user, then every card with real data seeded through
// the API, the mood stored under "financialMood", and the session-expired message.
import { computeMood } from '../src/domain/mood'
import { asCents } from '../src/domain/money'
import { categoryId, isoToday, seed } from './support/api'
import { expect, test } from './support/fixtures'
import { AppShell } from './page-models/app-shell'
import { DashboardPage } from './page-models/dashboard-page'

test('a new user sees every empty state', async ({ page, freshUser }) => {
  const dashboard = new DashboardPage(page)
  await dashboard.goto()
  await dashboard.waitForData()
  await expect(page.getByRole('heading', { name: new RegExp(freshUser.firstName) })).toBeVisible()
  await expect(page.getByText(/Here is your financial overview/)).toBeVisible()
  await expect(dashboard.recentTransactions).toContainText('No transactions yet')
  await expect(dashboard.accounts).toContainText('No accounts added yet')
  await expect(dashboard.goals).toContainText('No savings goals yet')
  await expect(dashboard.bills).toContainText('No upcoming bills in the next 30 days')
  await expect(dashboard.spendingPlan).toContainText('No spending data available for this month')
  await expect(dashboard.creditScore).toContainText('No Credit Score Available')
  // nothing to score yet: the set-up checklist instead of a mood
  await expect(dashboard.setup).toBeVisible()
  await expect(dashboard.mood).toHaveCount(0)
  for (const stat of [dashboard.netWorth, dashboard.expenses, dashboard.availableToday]) {
    await expect(stat).toContainText('$0.00')
  }
  // no income known yet: it says so instead of a $0 month (ADR 0044)
  await expect(dashboard.income).toContainText('Not known yet')
  await expect(dashboard.netWorth).toContainText('Net Worth')
  await expect(dashboard.income).toContainText('Monthly Income')
  await expect(dashboard.expenses).toContainText('Monthly Expenses')
  await expect(dashboard.availableToday).toContainText('Available Today')

  const shell = new AppShell(page)
  await shell.bell.click()
  await expect(shell.notifications).toContainText('No active reminders')
})

test('while data loads the mood is neutral 50 "Loading financial data..."; then it is computed and stored', async ({
  page,
  freshUser: _user,
}) => {
  // an account to score (with none, the set-up checklist takes the mood's place)
  await seed.account(page.request, { name: 'Empty Checking', type: 'checking', openingBalance: 0 })
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/api/goals', async (route) => {
    await held
    await route.continue()
  })
  const dashboard = new DashboardPage(page)
  await dashboard.goto()
  await expect(dashboard.mood).toContainText('Loading financial data...')
  await expect(dashboard.mood.getByTestId('mood-score')).toHaveText('50/100')
  await expect(dashboard.mood).toHaveAttribute('data-mood', 'neutral')
  release()
  await dashboard.waitForData()
  // one empty account and nothing else: nothing scores, so the mood is critical at 0
  await expect(dashboard.mood.getByTestId('mood-score')).toHaveText('0/100')
  await expect(dashboard.root).toHaveAttribute('data-mood', 'critical')
  const stored = await page.evaluate(() =>
    JSON.parse(localStorage.getItem('financialMood') ?? 'null'),
  )
  expect(stored).toMatchObject({ mood: 'critical', score: 0, factors: [] })
  expect(typeof stored.timestamp).toBe('string')
  expect(stored.backgroundColor).toMatch(/^#/)
})

test('every card shows the seeded data', async ({ page, freshUser: _user }) => {
  const api = page.request
  const today = isoToday()
  const month = today.slice(0, 7)
  const checking = await seed.account(api, {
    name: 'Everyday Checking',
    type: 'checking',
    openingBalance: 2500,
    accountNumber: '12344321',
  })
  await seed.account(api, { name: 'Rainy Day Savings', type: 'savings', openingBalance: 10000 })
  await seed.account(api, { name: 'Travel Card', type: 'credit_card', openingBalance: -500 })
  const groceries = await categoryId(api, 'Groceries')
  const dining = await categoryId(api, 'Dining Out')
  // all dated today: the newest are the last recorded, so Corner Market drops off the five
  const txs = [
    { merchant: 'Corner Market', amount: -120.5, categoryId: groceries },
    { merchant: 'Noodle Bar', amount: -42.25, categoryId: dining },
    { merchant: 'Green Grocer', amount: -60, categoryId: groceries },
    { merchant: 'Pizza Place', amount: -30, categoryId: dining },
    { merchant: 'Bookshop', amount: -15.99 },
    { merchant: 'Acme Payroll', amount: 4000 },
  ]
  for (const t of txs) await seed.transaction(api, { accountId: checking.id, date: today, ...t })
  await seed.budget(api, { categoryId: groceries, month, amount: 600 })
  await seed.budget(api, { categoryId: dining, month, amount: 200 })
  await seed.goal(api, { name: 'Emergency Fund', targetAmount: 5000, currentAmount: 5000 })
  await seed.goal(api, {
    name: 'New Laptop',
    targetAmount: 1500,
    currentAmount: 500,
    monthlyContribution: 250,
  })
  await seed.goal(api, { name: 'Holiday', targetAmount: 3000, currentAmount: 300 })
  await seed.goal(api, { name: 'Fourth Goal', targetAmount: 100, currentAmount: 10 })
  const addDays = (n: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)
  await seed.bill(api, { name: 'Rent', amount: 1200, nextDueDate: today })
  await seed.bill(api, { name: 'Phone', amount: 45, nextDueDate: addDays(1) })
  await seed.bill(api, { name: 'Internet', amount: 60, nextDueDate: addDays(3) })
  await seed.bill(api, { name: 'Gym', amount: 35, nextDueDate: addDays(10) })
  await seed.bill(api, { name: 'Insurance', amount: 90, nextDueDate: addDays(20) })
  await seed.creditScore(api, { score: 700, provider: 'Manual', date: addDays(-40) })
  await seed.creditScore(api, { score: 742, provider: 'Manual', date: today })

  const dashboard = new DashboardPage(page)
  await dashboard.goto()
  await dashboard.waitForData()

  // stat cards: net worth = 2500 + 10000 − 500 + 4000 − 268.74
  await expect(dashboard.netWorth).toContainText('$15,731.26')
  await expect(dashboard.income).toContainText('$4,000.00')
  await expect(dashboard.expenses).toContainText('$268.74')
  const summary = await (await api.get('/api/analytics/monthly-summary')).json()
  const allowanceText = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
  }).format(summary.dailyAllowance)
  await expect(dashboard.availableToday).toContainText(allowanceText)
  await expect(dashboard.spendingPlan.getByTestId('daily-allowance')).toHaveText(allowanceText)

  // top categories, largest first
  const categories = dashboard.spendingPlan
    .getByRole('list', { name: 'Top spending categories' })
    .getByRole('listitem')
  await expect(categories).toHaveCount(3)
  await expect(categories.nth(0)).toContainText('Groceries')
  await expect(categories.nth(0)).toContainText('$180.50')
  await expect(categories.nth(1)).toContainText('Dining Out')
  await expect(categories.nth(1)).toContainText('$72.25')

  // recent transactions: the 5 newest of 6
  await expect(dashboard.recentTransactions.getByRole('listitem')).toHaveCount(5)
  await expect(dashboard.recentTransactions.getByRole('listitem').first()).toContainText(
    'Acme Payroll',
  )
  await expect(dashboard.recentTransactions.getByRole('listitem').first()).toContainText(
    '+$4,000.00',
  )
  await expect(dashboard.recentTransactions).toContainText('Green Grocer')
  await expect(dashboard.recentTransactions).toContainText('Groceries')
  await expect(dashboard.recentTransactions).not.toContainText('Corner Market')

  // accounts
  await expect(dashboard.accounts.getByRole('listitem')).toHaveCount(3)
  await expect(dashboard.accounts).toContainText('Everyday Checking')
  await expect(dashboard.accounts).toContainText('•••• 4321')
  await expect(dashboard.accounts).toContainText('-$500.00')

  // goals: the first 3 of 4, with their status
  await expect(dashboard.goals.getByRole('listitem')).toHaveCount(3)
  await expect(dashboard.goals).toContainText('Goal completed!')
  await expect(dashboard.goals).toContainText('4 months remaining')
  await expect(dashboard.goals).toContainText('Set up monthly contributions to reach this goal')
  await expect(dashboard.goals).not.toContainText('Fourth Goal')

  // bills: 4 of the 5 in the next 30 days, with urgency
  const bills = dashboard.bills.getByRole('listitem')
  await expect(bills).toHaveCount(4)
  await expect(bills.nth(0)).toContainText('Due today')
  await expect(bills.nth(0)).toHaveAttribute('data-urgency', 'danger')
  await expect(bills.nth(1)).toContainText('Due tomorrow')
  await expect(bills.nth(1)).toHaveAttribute('data-urgency', 'danger')
  await expect(bills.nth(2)).toContainText('3 days')
  await expect(bills.nth(2)).toHaveAttribute('data-urgency', 'warning')
  await expect(bills.nth(3)).toContainText('10 days')
  await expect(bills.nth(3)).toHaveAttribute('data-urgency', 'normal')
  await expect(dashboard.bills).not.toContainText('Insurance')

  // credit score with the change since the previous entry
  await expect(dashboard.creditScore.getByTestId('credit-score')).toHaveText('742')
  await expect(dashboard.creditScore.getByTestId('credit-band')).toHaveText('Good')
  await expect(dashboard.creditScore.getByTestId('credit-trend')).toHaveText(
    '+42 points since the previous entry',
  )
  await expect(dashboard.creditScore.getByRole('progressbar')).toHaveAttribute(
    'aria-valuenow',
    String((742 / 850) * 100),
  )

  // the mood from the domain's rules, shown and stored
  const expected = computeMood(
    {
      netWorth: asCents(1_573_126),
      monthSpending: asCents(26_874),
      totalBudget: asCents(80_000),
      monthIncome: asCents(400_000),
      activeGoals: [
        { currentAmount: asCents(500_000), targetAmount: asCents(500_000) },
        { currentAmount: asCents(50_000), targetAmount: asCents(150_000) },
        { currentAmount: asCents(30_000), targetAmount: asCents(300_000) },
        { currentAmount: asCents(1_000), targetAmount: asCents(10_000) },
      ],
      creditScore: 742,
    },
    'now',
  )
  await expect(dashboard.mood.getByTestId('mood-score')).toHaveText(`${expected.score}/100`)
  await expect(dashboard.root).toHaveAttribute('data-mood', expected.mood)
  for (const factor of expected.factors) await expect(dashboard.mood).toContainText(factor)
  const stored = await page.evaluate(() =>
    JSON.parse(localStorage.getItem('financialMood') ?? 'null'),
  )
  expect(stored).toMatchObject({
    mood: expected.mood,
    score: expected.score,
    factors: expected.factors,
  })
})

test('an accounts error about an expired session offers Log In Again', async ({
  page,
  sharedUser: _user,
}) => {
  await page.route('**/api/accounts', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: '{"message":"Session expired","code":"SESSION_EXPIRED"}',
    }),
  )
  const dashboard = new DashboardPage(page)
  await dashboard.goto()
  await expect(dashboard.accounts).toContainText('Your session has expired. Please log in again.')
  const again = dashboard.accounts.getByRole('link', { name: 'Log In Again' })
  await expect(again).toHaveAttribute('href', '/auth/login')
})
