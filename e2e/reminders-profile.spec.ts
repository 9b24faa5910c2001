// /reminders (filters, custom reminders, read, complete, dismiss, delete with the toast of
// docs/product.md §8), the credit score history on /reports (add, chart, delete), /profile (the
// photo uploaded, previewed and removed; the name) and /settings (the currency shows on the
// dashboard, the theme drives the header's switch).
import path from 'node:path'
import { isoToday, seed } from './support/api'
import { expect, test } from './support/fixtures'
import { AppShell } from './page-models/app-shell'
import { DashboardPage } from './page-models/dashboard-page'
import { RemindersPage } from './page-models/money-pages'
import { SettingsPage } from './page-models/settings-page'

test('reminders: create, filter, read, complete, dismiss, delete', async ({
  page,
  freshUser: _user,
}) => {
  await seed.reminder(page.request, { title: 'Call the bank', priority: 'high' })
  const reminders = new RemindersPage(page)
  await reminders.goto()
  await page.getByRole('button', { name: 'New reminder' }).click()
  const form = page.getByRole('form', { name: 'Reminder' })
  await form.getByLabel('Title').fill('Renew insurance')
  await form.getByLabel('Priority').selectOption('urgent')
  await form.getByLabel('Due').fill(isoToday(5))
  await form.getByRole('button', { name: 'Create reminder' }).click()
  await expect(reminders.rows).toHaveCount(2)
  // the list's filter has the same label as the form's field: the form must be gone first
  await expect(form).toBeHidden()

  await page.getByLabel('Priority', { exact: true }).selectOption('urgent')
  await expect(reminders.rows).toHaveCount(1)
  await page.getByLabel('Priority', { exact: true }).selectOption('')

  await reminders.reminder('Call the bank').getByRole('button', { name: 'Mark read' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Reminder updated' })).toContainText(
    'Reminder status has been updated successfully.',
  )
  await reminders.reminder('Call the bank').getByRole('button', { name: 'Complete' }).click()
  await expect(reminders.reminder('Call the bank')).toHaveCount(0)
  await reminders.reminder('Renew insurance').getByRole('button', { name: 'Dismiss' }).click()
  await expect(page.getByText('No active reminders')).toBeVisible()

  await page.getByRole('button', { name: 'Completed', exact: true }).click()
  await expect(reminders.reminder('Call the bank')).toBeVisible()
  await page.getByRole('button', { name: 'All', exact: true }).click()
  await expect(reminders.rows).toHaveCount(2)
  await reminders.reminder('Renew insurance').getByRole('button', { name: 'Delete' }).click()
  await expect(reminders.rows).toHaveCount(1)
  await expect(new AppShell(page).bellBadge).toHaveCount(0)
})

test('credit score history on Reports, reached from the dashboard', async ({
  page,
  freshUser: _user,
}) => {
  await seed.creditScore(page.request, { score: 680, provider: 'Experian', date: isoToday(-60) })
  const dashboard = new DashboardPage(page)
  await dashboard.goto()
  await dashboard.creditScore.getByRole('link', { name: 'History' }).click()
  await expect(page).toHaveURL(/\/reports#credit-score$/)
  const section = page.getByTestId('credit-score-history')
  await expect(section.getByTestId('latest-score')).toHaveText('680')

  const form = page.getByRole('form', { name: 'Add a credit score' })
  await form.getByLabel('Score').fill('900')
  await form.getByRole('button', { name: 'Add score' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Invalid Score' })).toContainText(
    'Please enter a valid credit score between 300 and 850.',
  )
  await form.getByLabel('Score').fill('712')
  await form.getByLabel('Provider').fill('TransUnion')
  await form.getByRole('button', { name: 'Add score' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Credit Score Added' })).toBeVisible()
  await expect(section.getByTestId('latest-score')).toHaveText('712')
  await expect(section.getByTestId('credit-change')).toHaveText(
    '+32 points since the previous entry',
  )
  await expect(section.getByRole('figure', { name: 'Credit score over time' })).toBeVisible()
  await expect(section.getByTestId('credit-entry')).toHaveCount(2)

  await section.getByTestId('credit-entry').first().getByRole('button').click()
  await expect(section.getByTestId('credit-entry')).toHaveCount(1)
  await dashboard.goto()
  await expect(dashboard.creditScore.getByTestId('credit-score')).toHaveText('680')
})

test('profile and settings', async ({ page, freshUser: user }) => {
  await seed.account(page.request, { name: 'Checking', type: 'checking', openingBalance: 1234.5 })
  await page.goto('/profile')
  // the photo is a picture uploaded from the device, never an address: previewed, then saved
  const photo = page.getByRole('region', { name: 'Photo' })
  await photo.getByLabel('Choose a photo').setInputFiles({ name: 'me.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') })
  await expect(photo.getByRole('alert')).toHaveText('The photo must be a PNG, JPEG or WebP picture')
  await photo.getByLabel('Choose a photo').setInputFiles(path.join(import.meta.dirname, 'fixtures', 'receipt.jpg'))
  await expect(photo.getByRole('status')).toContainText('This is how receipt.jpg will look')
  await photo.getByRole('button', { name: 'Save photo' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Photo saved' })).toBeVisible()
  // shown from this server, wherever the avatar is
  const avatars = page.locator('img[src*="/avatar?v="]')
  await expect(avatars.first()).toBeVisible()
  await expect.poll(() => avatars.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  await photo.getByRole('button', { name: 'Remove photo' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Photo removed' })).toBeVisible()
  await expect(avatars).toHaveCount(0)
  await expect(photo.getByText('Choose a photo')).toBeVisible()

  const profile = page.getByRole('form', { name: 'Profile' })
  await profile.getByLabel('First name').fill('Robin Renamed')
  await profile.getByRole('button', { name: 'Save profile' }).click()
  await expect(page.getByTestId('sidebar-user-name')).toHaveText('Robin Renamed Tester')

  const password = page.getByRole('form', { name: 'Change password' })
  await password.getByLabel('Current password').fill(user.password)
  await password.getByLabel('New password', { exact: true }).fill('short')
  await password.getByLabel('New password again').fill('short')
  await password.getByRole('button', { name: 'Change password' }).click()
  await expect(password).toContainText('Password must be at least 10 characters')
  await password.getByLabel('New password', { exact: true }).fill('a-much-longer-password')
  await password.getByLabel('New password again').fill('a-much-longer-password')
  await password.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Password changed' })).toBeVisible()

  const settingsPage = new SettingsPage(page)
  await settingsPage.goto()
  // the base currency is the household's, under Currencies: the account moves along
  await settingsPage.changeBaseCurrencyWithAccounts('EUR')
  const settings = settingsPage.settings
  await settings.getByLabel('Language and region').selectOption('de-DE')
  await settings.getByLabel('Theme').selectOption('dark')
  await settings.getByRole('switch', { name: 'Budget limits' }).click()
  await settings.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Settings saved' })).toBeVisible()
  await expect(page.locator('html')).toHaveClass(/dark/)
  await expect(page.getByTestId('theme-toggle')).toHaveAttribute(
    'aria-label',
    'Switch to light theme',
  )
  await page.reload()
  await expect(page.getByRole('switch', { name: 'Budget limits' })).not.toBeChecked()

  const dashboard = new DashboardPage(page)
  await dashboard.goto()
  await dashboard.waitForData()
  await expect(dashboard.netWorth).toContainText('1.234,50 €')
})
