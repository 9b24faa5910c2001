// Sub-categories (ADR 0036): a new group made in the categories dialog, a category
// moved into it with the keyboard (a "Group" select), a budget on the group that covers its
// children, and the same group total on the spending plan, the dashboard's top categories (its
// subcategories behind a toggle) and the reports' "By group" list. Desktop and phone, light and
// dark, axe clean.
import { categoryId, isoToday, seed } from './support/api'
import { expect, test } from './support/fixtures'
import { lookEverywhere, PHONE } from './support/look'
import { DashboardPage } from './page-models/dashboard-page'
import { SpendingPlanPage } from './page-models/money-pages'

test('a group: made, filled by a move, budgeted, and rolled up the same on every page', async ({
  page,
  freshUser: _user,
}) => {
  // three pages, each looked at in two themes and two sizes
  test.setTimeout(240_000)
  const api = page.request
  const today = isoToday()
  const month = today.slice(0, 7)
  const checking = await seed.account(api, { name: 'Checking', type: 'checking', openingBalance: 0 })
  const pets = await categoryId(api, 'Pets')
  const kids = await categoryId(api, 'Kids')
  await seed.transaction(api, { accountId: checking.id, amount: 2000, date: today, merchant: 'Payroll' })
  await seed.transaction(api, { accountId: checking.id, amount: -45.5, date: today, merchant: 'Vet', categoryId: pets })
  await seed.transaction(api, { accountId: checking.id, amount: -120.25, date: today, merchant: 'School trip', categoryId: kids })

  const plan = new SpendingPlanPage(page)
  await plan.goto()
  await page.getByRole('button', { name: 'Categories' }).click()
  const dialog = page.getByRole('dialog', { name: 'Categories' })
  // a new group: a category with no group
  const create = dialog.getByRole('form', { name: 'New category' })
  await create.getByLabel('New category').fill('Family')
  await expect(create.getByLabel('Group')).toHaveValue('')
  await create.getByRole('button', { name: 'Add' }).click()
  await expect(dialog.getByLabel('Name of Family')).toBeVisible()
  // moves by keyboard: focus the select and choose with the keys
  for (const name of ['Kids', 'Pets']) {
    const select = dialog.getByLabel(`Group of ${name}`)
    await select.focus()
    await select.selectOption({ label: 'In Family' })
    await expect(select).toHaveValue(/[0-9a-f-]{36}/)
  }
  // a group with subcategories cannot go into another group
  await expect(dialog.getByLabel('Group of Family')).toBeDisabled()
  await dialog.getByRole('button', { name: 'Close', exact: true }).click()
  await expect(dialog).toHaveCount(0)

  // the plan: Family holds both, its budget covers them (Kids' own budget shown within it)
  await expect(plan.row('Family')).toContainText('$165.75')
  await plan.setBudget('Family', '300')
  await plan.setBudget('Kids', '150')
  await expect(plan.row('Family').getByTestId('budget-status')).toContainText('Subcategories have $150.00 of it')
  await expect(plan.row('Family')).toContainText('$134.25') // 300 − 165.75 left
  await expect(plan.row('Kids')).toContainText('$29.75') // 150 − 120.25
  // the page shows a budget as it is typed; the server has it once its save is through
  await expect
    .poll(async () => {
      const body = await (await api.get(`/api/spending-plan?month=${month}`)).json()
      return body.categories.find((c: { name: string }) => c.name === 'Family')
    })
    .toMatchObject({ budget: 300, ownBudget: 300, childrenBudget: 150, spent: 165.75 })

  await lookEverywhere(page, 'subcategories-plan', async () => {
    await expect(plan.row('Family')).toContainText('$134.25')
  })

  // the dashboard: the group in the top categories, its parts behind a toggle
  const dashboard = new DashboardPage(page)
  await dashboard.goto()
  await dashboard.waitForData()
  const top = dashboard.spendingPlan.getByRole('list', { name: 'Top spending categories' })
  const toggle = top.getByRole('button', { name: 'Family' })
  await expect(top.getByRole('listitem').first()).toContainText('$165.75')
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await toggle.focus()
  await page.keyboard.press('Enter')
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  const parts = dashboard.spendingPlan.getByRole('definition')
  await expect(dashboard.spendingPlan.getByLabel('Family by subcategory')).toContainText('Kids')
  await expect(dashboard.spendingPlan.getByLabel('Family by subcategory')).toContainText('$120.25')
  await expect(parts.filter({ hasText: '$45.50' })).toHaveCount(1)
  await lookEverywhere(page, 'subcategories-dashboard', async () => {
    await expect(dashboard.spendingPlan.getByLabel('Family by subcategory')).toBeVisible()
  })

  // the reports: the same total by group, its parts inside
  await page.goto('/reports')
  const groups = page.getByTestId('category-groups')
  const row = groups.getByTestId('category-group').filter({ hasText: 'Family' })
  await expect(row).toContainText('$165.75')
  // opened from the keyboard (the charts above may still be settling their size)
  await row.locator('summary').focus()
  await page.keyboard.press('Enter')
  await expect(row).toContainText('Pets')
  await expect(row).toContainText('$45.50')
  await page.setViewportSize(PHONE)
  await expect(row).toBeVisible()
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(PHONE.width)
})
