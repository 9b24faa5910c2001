// The notification bell and dropdown: unread badges on the bell and in the sidebar, opening and
// closing (bell and outside click), mark read, complete and dismiss with the toast of
// docs/product.md §8, the empty state, View All Reminders, and "99+" above 99.
import { seed } from './support/api'
import { expect, test } from './support/fixtures'
import { AppShell } from './page-models/app-shell'
import { DashboardPage } from './page-models/dashboard-page'

test('bell, badges and the reminder actions', async ({ page, freshUser: _user }) => {
  for (const [title, priority] of [
    ['Pay the rent', 'urgent'],
    ['Check the budget', 'medium'],
    ['Renew insurance', 'high'],
  ] as const) {
    await seed.reminder(page.request, { title, priority, description: `${title} soon` })
  }
  const dashboard = new DashboardPage(page)
  await dashboard.goto()
  const shell = new AppShell(page)
  await expect(shell.bellBadge).toHaveText('3')
  await expect(shell.sidebarUnread).toHaveText('3')

  // opens and closes on the bell, closes on an outside click
  await shell.bell.click()
  await expect(shell.notifications).toBeVisible()
  await expect(shell.notifications.getByTestId('reminder-item')).toHaveCount(3)
  await shell.bell.click()
  await expect(shell.notifications).toBeHidden()
  await shell.bell.click()
  await expect(shell.notifications).toBeVisible()
  await page.getByText(/Here is your financial overview/).click()
  await expect(shell.notifications).toBeHidden()

  // mark read
  await shell.bell.click()
  await shell.reminder('Pay the rent').getByRole('button', { name: 'Mark read' }).click()
  const toast = dashboard.toast('Reminder updated')
  await expect(toast).toBeVisible()
  await expect(toast).toContainText('Reminder status has been updated successfully.')
  await expect(shell.bellBadge).toHaveText('2')
  await expect(shell.sidebarUnread).toHaveText('2')
  await expect(
    shell.reminder('Pay the rent').getByRole('button', { name: 'Mark read' }),
  ).toHaveCount(0)

  // complete and dismiss take reminders off the list
  await shell.reminder('Check the budget').getByRole('button', { name: 'Complete' }).click()
  await expect(shell.reminder('Check the budget')).toHaveCount(0)
  await shell.reminder('Renew insurance').getByRole('button', { name: 'Dismiss' }).click()
  await expect(shell.reminder('Renew insurance')).toHaveCount(0)
  await shell.reminder('Pay the rent').getByRole('button', { name: 'Complete' }).click()
  await expect(shell.notifications).toContainText('No active reminders')
  await expect(shell.bellBadge).toHaveCount(0)
  await expect(shell.sidebarUnread).toHaveCount(0)

  await shell.notifications.getByRole('link', { name: 'View All Reminders' }).click()
  await expect(page).toHaveURL(/\/reminders$/)
  await expect(shell.title).toHaveText('Reminders')
})

test('the unread badge reads 99+ above 99', async ({ page, freshUser: _user }) => {
  const titles = Array.from({ length: 100 }, (_, i) => `Reminder ${i + 1}`)
  for (let i = 0; i < titles.length; i += 10) {
    await Promise.all(
      titles.slice(i, i + 10).map((title) => seed.reminder(page.request, { title })),
    )
  }
  await page.goto('/')
  const shell = new AppShell(page)
  await expect(shell.bellBadge).toHaveText('99+')
  await expect(shell.sidebarUnread).toHaveText('99+')
  await expect(shell.bell).toHaveAccessibleName('Notifications, 99+ unread')
})

test('a reminder’s due date reads as people write it, in the bell and on /reminders', async ({
  page,
  freshUser: _user,
}) => {
  await seed.reminder(page.request, { title: 'Renew the insurance', dueDate: '2031-11-25' })
  const shell = new AppShell(page)
  await page.goto('/reminders')
  const row = page.getByTestId('reminder-row').filter({ hasText: 'Renew the insurance' })
  await expect(row).toContainText('Due Tue, Nov 25, 2031')
  await expect(row).not.toContainText('2031-11-25')
  await shell.bell.click()
  await expect(shell.reminder('Renew the insurance')).toContainText('Due Tue, Nov 25, 2031')
})
