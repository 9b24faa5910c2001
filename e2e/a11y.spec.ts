// Accessibility: axe finds no violation on the landing page, the sign-in page, the dashboard and
// every money page, in the light and the dark theme (with data on them, and with the
// transactions' filters and inline editor open).
import { categoryId, isoToday, seed } from './support/api'
import { expect, test } from './support/fixtures'
import { checkAxe } from './support/axe'

const SIGNED_IN_PAGES = {
  'dashboard and ledger': ['/', '/transactions', '/accounts', '/spending-plan', '/goals'],
  'planning and account': ['/bills', '/reminders', '/reports', '/profile', '/settings'],
} as const

for (const theme of ['light', 'dark'] as const) {
  test(`visitor pages have no axe violations (${theme})`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme)
    await page.goto('/')
    await expect(page.getByRole('link', { name: 'Get Started Free' }).first()).toBeVisible()
    await checkAxe(page, `the landing page (${theme})`)
    await page.goto('/auth/login')
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible()
    await checkAxe(page, `the sign-in page (${theme})`)
  })

  for (const [group, paths] of Object.entries(SIGNED_IN_PAGES)) {
    test(`signed-in pages have no axe violations: ${group} (${theme})`, async ({
      page,
      freshUser: _user,
    }) => {
      test.setTimeout(180_000)
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme)
      const api = page.request
      const today = isoToday()
      const checking = await seed.account(api, {
        name: 'Checking',
        type: 'checking',
        openingBalance: 1500,
      })
      await seed.account(api, { name: 'Card', type: 'credit_card', openingBalance: -200 })
      const groceries = await categoryId(api, 'Groceries')
      await seed.transaction(api, {
        accountId: checking.id,
        amount: -64.2,
        date: today,
        merchant: 'Market',
        categoryId: groceries,
      })
      await seed.transaction(api, {
        accountId: checking.id,
        amount: 2500,
        date: today,
        merchant: 'Payroll',
      })
      await seed.budget(api, { categoryId: groceries, month: today.slice(0, 7), amount: 80 })
      await seed.goal(api, {
        name: 'Holiday',
        targetAmount: 1000,
        currentAmount: 250,
        monthlyContribution: 100,
      })
      await seed.bill(api, { name: 'Rent', amount: 900, nextDueDate: isoToday(2) })
      await seed.reminder(api, { title: 'Check the budget', priority: 'high' })
      await seed.creditScore(api, { score: 700, provider: 'Manual', date: isoToday(-30) })
      await seed.creditScore(api, { score: 712, provider: 'Manual', date: today })
      for (const path of paths) {
        await page.goto(path)
        await expect(page.getByTestId('page-title')).toBeVisible()
        await checkAxe(page, `${path} (${theme})`)
      }
      if (group !== 'dashboard and ledger') return
      // the transactions page with its filters and the inline editor open
      await page.goto('/transactions')
      await page.getByRole('button', { name: /^Filters/ }).click()
      await page.getByRole('button', { name: 'Add transaction' }).click()
      await checkAxe(page, `/transactions with filters and editor (${theme})`)
    })
  }
}
