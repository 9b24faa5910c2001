// /goals and /bills: a goal created, funded, withdrawn from, paused and edited, with the status
// text of docs/product.md §4; a bill created, shown with its urgency and on the calendar, marked
// paid (the payment becomes a transaction and the date moves on), and the dashboard following both.
import { isoToday, seed } from './support/api'
import { expect, test } from './support/fixtures'
import { DashboardPage } from './page-models/dashboard-page'
import { BillsPage, GoalsPage } from './page-models/money-pages'
import { DESKTOP, PHONE, lookEverywhere } from './support/look'

/** "Tue, Nov 24" (with the year when it is not this year): how en-US people write a due date. */
function weekdayDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number)
  const date = new Date(Date.UTC(y ?? 2000, (m ?? 1) - 1, d ?? 1))
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(y === new Date().getUTCFullYear() ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(date)
}

/** A monthly bill due today is next due this day next month (or the month's last day). */
function nextMonthSameDay(): string {
  const [y, m, d] = isoToday().split('-').map(Number)
  const nextLast = new Date(Date.UTC(y ?? 2000, (m ?? 1) + 1, 0)).getUTCDate()
  const day = Math.min(d ?? 1, nextLast)
  return new Date(Date.UTC(y ?? 2000, m ?? 1, day)).toISOString().slice(0, 10)
}

test('goals: create, contribute, withdraw, pause, edit, delete', async ({
  page,
  freshUser: _user,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 400/)
  const goals = new GoalsPage(page)
  await goals.goto()
  await expect(page.getByText('No savings goals yet')).toBeVisible()
  await page.getByRole('button', { name: 'Create a goal' }).click()
  const form = page.getByRole('form', { name: 'Goal' })
  await form.getByLabel('Name').fill('Emergency Fund')
  await form.getByLabel('Target', { exact: true }).fill('1000')
  await form.getByRole('button', { name: 'Create goal' }).click()
  const card = goals.card('Emergency Fund')
  await expect(card.getByTestId('goal-status')).toHaveText(
    'Set up monthly contributions to reach this goal',
  )

  await card.getByRole('button', { name: 'Contribute' }).click()
  const contribute = page.getByRole('form', { name: 'Contribution' })
  await contribute.getByLabel('Amount').fill('250')
  await contribute.getByRole('button', { name: 'Add money' }).click()
  await expect(card).toContainText('$250.00')

  // withdrawing more than it holds is refused with the server's words
  await card.getByRole('button', { name: 'Contribute' }).click()
  await contribute.getByRole('radio', { name: 'Withdraw' }).click()
  await contribute.getByLabel('Amount').fill('400')
  await contribute.getByRole('button', { name: 'Withdraw' }).click()
  await expect(contribute).toContainText('You cannot withdraw more than the goal holds')
  await contribute.getByLabel('Amount').fill('50')
  await contribute.getByRole('button', { name: 'Withdraw' }).click()
  await expect(card).toContainText('$200.00')

  await page.getByRole('button', { name: 'Actions for Emergency Fund' }).click()
  await page.getByRole('menuitem', { name: 'Edit' }).click()
  await form.getByLabel('Each month').fill('100')
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(card.getByTestId('goal-status')).toHaveText('8 months remaining')

  await page.getByRole('button', { name: 'Actions for Emergency Fund' }).click()
  await page.getByRole('menuitem', { name: 'Pause' }).click()
  await expect(card).toContainText('Paused')

  const dashboard = new DashboardPage(page)
  await dashboard.goto()
  await dashboard.waitForData()
  await expect(dashboard.goals).toContainText('Emergency Fund')
  await expect(dashboard.goals).toContainText('$200.00')

  await goals.goto()
  await page.getByRole('button', { name: 'Actions for Emergency Fund' }).click()
  await page.getByRole('menuitem', { name: 'Delete' }).click()
  await page.getByRole('button', { name: 'Delete goal' }).click()
  await expect(page.getByText('No savings goals yet')).toBeVisible()
})

test('bills: create, urgency, calendar, mark paid', async ({ page, freshUser: _user }) => {
  const api = page.request
  await seed.account(api, { name: 'Checking', type: 'checking', openingBalance: 2000 })
  const bills = new BillsPage(page)
  await bills.goto()
  await expect(bills.upcoming).toContainText('No upcoming bills in the next 30 days')
  await page.getByRole('button', { name: 'Add bill' }).click()
  const form = page.getByRole('form', { name: 'Bill' })
  await form.getByLabel('Name').fill('Rent')
  await form.getByLabel('Amount').fill('1200')
  await form.getByLabel('Next due').fill(isoToday())
  await form.getByLabel('Category').selectOption({ label: 'Housing' })
  await form.getByRole('button', { name: 'Add bill' }).click()
  await expect(bills.bill('Rent').getByTestId('bill-due')).toHaveText('Due today')
  await expect(bills.bill('Rent')).toHaveAttribute('data-urgency', 'danger')

  await page.getByRole('tab', { name: 'Calendar' }).click()
  await expect(
    page.getByTestId('bill-calendar').locator(`[data-date="${isoToday()}"]`),
  ).toContainText('Rent')
  await page.getByRole('tab', { name: 'List' }).click()

  await bills.bill('Rent').getByRole('button', { name: 'Mark paid' }).click()
  const pay = page.getByRole('form', { name: 'Pay bill' })
  await expect(pay.getByLabel('Paid from')).toHaveValue(/.+/)
  await expect(pay.getByTestId('pay-next-due')).toContainText('next due')
  await pay.getByRole('button', { name: 'Mark paid' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Bill paid' })).toBeVisible()
  // the due date just paid shows as paid (not due) until the next one is near (ADR 0045)
  await expect(bills.bill('Rent').getByTestId('bill-status')).toHaveText('Paid')
  await expect(bills.bill('Rent').getByTestId('bill-due')).toHaveCount(0)
  // the due date reads as people write it ("Due Tue, Nov 24"), never ISO
  await expect(bills.bill('Rent')).toContainText(`Due ${weekdayDate(nextMonthSameDay())}`)
  await expect(bills.bill('Rent')).not.toContainText(/\d{4}-\d{2}-\d{2}/)

  // the paid bill stays in the calendar, marked paid on the day it was paid
  await page.getByRole('tab', { name: 'Calendar' }).click()
  const todayCell = page.getByTestId('bill-calendar').locator(`[data-date="${isoToday()}"]`)
  await expect(todayCell.getByTestId('calendar-bill-paid')).toHaveCount(1)
  await expect(todayCell.getByTestId('calendar-bill-paid')).toContainText('Rent')
  await expect(page.getByTestId('bill-calendar')).toContainText('1 paid')
  await lookEverywhere(page, 'bills-calendar-paid', async () => {
    await expect(page.getByTestId('bill-calendar')).toBeVisible()
  })
  await page.setViewportSize(PHONE)
  await expect(page.getByTestId('calendar-list-paid')).toContainText(`Paid ${weekdayDate(isoToday())}`)
  await page.setViewportSize(DESKTOP)
  await page.getByRole('tab', { name: 'List' }).click()

  const dashboard = new DashboardPage(page)
  await dashboard.goto()
  await dashboard.waitForData()
  await expect(dashboard.netWorth).toContainText('$800.00')
  await expect(dashboard.recentTransactions).toContainText('Rent')
  await expect(dashboard.expenses).toContainText('$1,200.00')
})
