// /spending-plan: budgets typed in place with their level colours, rollover, copy last month,
// month navigation, the Smart Spending Plan's lines (income, spending, each bill still due, each
// goal, available, the daily allowance), categories managed in their dialog, and the dashboard.
import { categoryId, isoToday, seed } from './support/api'
import { expect, test } from './support/fixtures'
import { DashboardPage } from './page-models/dashboard-page'
import { SpendingPlanPage } from './page-models/money-pages'

function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number)
  const d = new Date(Date.UTC(y ?? 2000, (m ?? 1) - 1 + by, 1))
  return d.toISOString().slice(0, 7)
}

test('budgets, levels, rollover, copy and the plan explained', async ({
  page,
  freshUser: _user,
}) => {
  const api = page.request
  const today = isoToday()
  const month = today.slice(0, 7)
  const checking = await seed.account(api, {
    name: 'Checking',
    type: 'checking',
    openingBalance: 0,
  })
  const groceries = await categoryId(api, 'Groceries')
  const dining = await categoryId(api, 'Dining Out')
  await seed.transaction(api, {
    accountId: checking.id,
    amount: 3000,
    date: today,
    merchant: 'Payroll',
  })
  await seed.transaction(api, {
    accountId: checking.id,
    amount: -150,
    date: today,
    merchant: 'Market',
    categoryId: groceries,
  })
  await seed.transaction(api, {
    accountId: checking.id,
    amount: -90,
    date: today,
    merchant: 'Bistro',
    categoryId: dining,
  })
  // a bill due in the last days of the month stays "still due" whatever today is
  const lastDay = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0))
    .toISOString()
    .slice(0, 10)
  await seed.bill(api, {
    name: 'Streaming',
    amount: 15,
    nextDueDate: lastDay,
    recurrence: 'monthly',
  })
  await seed.goal(api, { name: 'Holiday', targetAmount: 1200, monthlyContribution: 100 })
  await seed.budget(api, { categoryId: groceries, month: shiftMonth(month, -1), amount: 400 })

  const plan = new SpendingPlanPage(page)
  await plan.goto()
  await expect(plan.smartPlan.getByTestId('plan-income')).toContainText('+$3,000.00')
  await expect(plan.smartPlan.getByTestId('plan-spent')).toContainText('-$240.00')
  await expect(plan.smartPlan.getByTestId('plan-bill-line')).toContainText('Streaming')
  await expect(plan.smartPlan.getByTestId('plan-bill-line')).toContainText('-$15.00')
  await expect(plan.smartPlan.getByTestId('plan-goal-line')).toContainText('Holiday')
  await expect(plan.smartPlan.getByTestId('plan-goal-line')).toContainText('-$100.00')
  await expect(plan.smartPlan.getByTestId('plan-available')).toContainText('$2,645.00')

  // copy last month's budgets
  await page.getByRole('button', { name: 'Copy last month' }).click()
  await expect(page.getByLabel('Budget for Groceries')).toHaveValue('400.00')
  await expect(plan.row('Groceries')).toHaveAttribute('data-level', 'good')

  // type a budget: 90 of 100 spent is a warning, 90 of 80 is over
  await plan.setBudget('Dining Out', '100')
  await expect(plan.row('Dining Out')).toHaveAttribute('data-level', 'warning')
  await expect(plan.row('Dining Out')).toContainText('Over 85% used')
  await plan.setBudget('Dining Out', '80')
  await expect(plan.row('Dining Out')).toHaveAttribute('data-level', 'over')
  await expect(plan.row('Dining Out')).toContainText('-$10.00')
  await expect(plan.totals).toContainText('$480.00')
  await plan.setBudget('Dining Out', 'abc')
  await expect(plan.row('Dining Out')).toContainText('Enter an amount')

  // rollover
  const rollover = page.getByRole('switch', { name: 'Roll over what is left of Groceries' })
  await rollover.click()
  await expect(rollover).toBeChecked()
  await page.reload()
  await expect(
    page.getByRole('switch', { name: 'Roll over what is left of Groceries' }),
  ).toBeChecked()

  // next month: Groceries carries over what was left (400 − 150)
  await page.getByRole('button', { name: 'Next month' }).click()
  await expect(page).toHaveURL(new RegExp(`month=${shiftMonth(month, 1)}`))
  await expect(plan.row('Groceries')).toContainText('+$250.00 carried')
  await page.getByRole('button', { name: 'This month' }).click()

  const dashboard = new DashboardPage(page)
  await dashboard.goto()
  await dashboard.waitForData()
  // the budgets now hold back what they have not spent (ADR 0044): Groceries 400 − 150 = 250,
  // Dining Out is over its 80 and holds nothing, so 2,645 − 250 is available
  await expect(dashboard.spendingPlan.getByTestId('plan-held')).toContainText('-$250.00')
  await expect(dashboard.spendingPlan.getByTestId('plan-available')).toContainText('$2,395.00')
})

test('categories: create, nest, rename, hide and merge', async ({ page, freshUser: _user }) => {
  const api = page.request
  const checking = await seed.account(api, {
    name: 'Checking',
    type: 'checking',
    openingBalance: 0,
  })
  await seed.transaction(api, {
    accountId: checking.id,
    amount: -20,
    date: isoToday(),
    merchant: 'Cinema',
    categoryId: await categoryId(api, 'Entertainment'),
  })
  const plan = new SpendingPlanPage(page)
  await plan.goto()
  await page.getByRole('button', { name: 'Categories' }).click()
  const dialog = page.getByRole('dialog', { name: 'Categories' })
  const create = dialog.getByRole('form', { name: 'New category' })
  await create.getByLabel('New category').fill('Coffee')
  await create.getByLabel('Group').selectOption({ label: 'Dining Out' })
  await create.getByRole('button', { name: 'Add' }).click()
  await expect(dialog.getByLabel('Name of Coffee')).toBeVisible()
  await expect(dialog.getByLabel('Group of Coffee')).toHaveValue(
    await categoryId(api, 'Dining Out'),
  )

  const rename = dialog.getByLabel('Name of Coffee')
  await rename.fill('Coffee Shops')
  await rename.press('Enter')
  await expect(dialog.getByLabel('Name of Coffee Shops')).toBeVisible()

  await dialog.getByRole('button', { name: 'Hide Education' }).click()
  await expect(dialog.getByRole('button', { name: 'Show Education' })).toBeVisible()

  await dialog.getByRole('button', { name: 'Merge Entertainment into another category' }).click()
  const merge = page.getByRole('dialog', { name: 'Merge Entertainment into…' })
  await merge.getByLabel('Merge into').selectOption({ label: 'Shopping' })
  await merge.getByRole('button', { name: 'Merge' }).click()
  await expect(dialog.getByLabel('Name of Entertainment')).toHaveCount(0)
  await page.keyboard.press('Escape')

  await expect(plan.row('Coffee Shops')).toBeVisible()
  await expect(plan.row('Education')).toHaveCount(0)
  await expect(plan.row('Shopping')).toContainText('$20.00 spent')
})
