// Numbers and dates as the member writes them: a member picks German (Germany), euros
// and DD.MM.YYYY in Settings, and at once, without a reload, the dashboard, the transactions
// list, a report's chart axis and month names, the spending plan and the dates write figures the
// German way; "12,50" typed into a new transaction is stored as 12.50; the reports' CSV keeps
// plain numbers and ISO months. Desktop and phone, light and dark, axe clean (screenshots into
// KINWISE_SHOTS_DIR).
import { readFileSync } from 'node:fs'
import { categoryId, isoToday, seed } from './support/api'
import { expect, test } from './support/fixtures'
import { lookEverywhere, PHONE, DESKTOP } from './support/look'
import { AppShell } from './page-models/app-shell'
import { DashboardPage } from './page-models/dashboard-page'
import { SpendingPlanPage } from './page-models/money-pages'
import { TransactionsPage } from './page-models/transactions-page'
import { SettingsPage } from './page-models/settings-page'

/** YYYY-MM of the month `offset` months from this one (UTC, as the e2e browser and user). */
function month(offset: number): string {
  const now = new Date()
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1))
    .toISOString()
    .slice(0, 7)
}

const germanMonth = (m: string) =>
  new Intl.DateTimeFormat('de-DE', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${m}-01T00:00:00Z`),
  )
/** 2026-11-05 → 05.11.2026 */
const germanDay = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`

test('German and euros in Settings: every page writes figures the German way, CSV stays plain', async ({
  page,
  freshUser: _user,
}) => {
  test.setTimeout(300_000)
  const api = page.request
  const M1 = month(-1)
  const everyday = await seed.account(api, { name: 'Girokonto', type: 'checking', openingBalance: 1234.5 })
  const groceries = await categoryId(api, 'Groceries')
  const salary = await categoryId(api, 'Salary')
  await seed.transaction(api, { accountId: everyday.id, date: `${M1}-05`, amount: 3000, merchant: 'Acme Payroll', categoryId: salary })
  await seed.transaction(api, { accountId: everyday.id, date: `${M1}-12`, amount: -1234.56, merchant: 'Möbelhaus', categoryId: groceries })
  await seed.budget(api, { categoryId: groceries, month: isoToday().slice(0, 7), amount: 1500 })

  // before: en-US as always
  const dashboard = new DashboardPage(page)
  await dashboard.goto()
  await dashboard.waitForData()
  await expect(dashboard.netWorth).toContainText('$2,999.94')

  // Settings: the household's base becomes EUR (the account was really in euros), then German
  const settingsPage = new SettingsPage(page)
  await settingsPage.goto()
  await settingsPage.changeBaseCurrencyWithAccounts('EUR')
  const settings = settingsPage.settings
  const language = settings.getByLabel('Language and region')
  // each choice shows how it writes an amount and a date
  await expect(language.locator('option[value="de-DE"]')).toHaveText(
    'German (Germany): 1.234,56 € · 27. Nov. 2026',
  )
  await expect(language.locator('option[value="fr-FR"]')).toHaveText(
    'French (France): 1 234,56 € · 27 nov. 2026',
  )
  await language.selectOption('de-DE')
  await settings.getByLabel('Date format').selectOption('DD.MM.YYYY')
  await expect(language.locator('option[value="de-DE"]')).toHaveText(
    'German (Germany): 1.234,56 € · 27.11.2026',
  )
  await settings.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Settings saved' })).toBeVisible()
  await lookEverywhere(page, 'locale-settings', async () => {
    await expect(language).toHaveValue('de-DE')
  })

  // the dashboard, reached in the app (no reload since the save)
  await new AppShell(page).sidebarItem('Dashboard').click()
  await dashboard.waitForData()
  await expect(dashboard.netWorth).toContainText('2.999,94 €')
  await expect(dashboard.recentTransactions).toContainText('-1.234,56 €')
  await expect(dashboard.recentTransactions).toContainText(germanDay(`${M1}-12`))
  await lookEverywhere(page, 'locale-dashboard', async () => {
    await expect(dashboard.netWorth).toContainText('2.999,94 €')
  })

  // transactions: German amounts and dates; "12,50" typed in is 12.50
  const txs = new TransactionsPage(page)
  await txs.goto()
  await expect(txs.row('Möbelhaus')).toContainText('-1.234,56 €')
  await expect(txs.row('Möbelhaus')).toContainText(germanDay(`${M1}-12`))
  await txs.addButton.click()
  await txs.typeInline({ payee: 'Bäckerei', amount: '12,50', category: 'Groceries', date: isoToday() })
  await expect(txs.row('Bäckerei')).toContainText('-12,50 €')
  await txs.editor.getByLabel('Payee').press('Escape')
  const stored = (await (await api.get('/api/transactions')).json()) as { merchant: string; amount: number }[]
  expect(stored.find((t) => t.merchant === 'Bäckerei')?.amount).toBe(-12.5)
  await expect(page.getByTestId('totals-count')).toHaveText('4')
  await lookEverywhere(page, 'locale-transactions', async () => {
    await expect(txs.row('Möbelhaus').first()).toContainText('-1.234,56 €')
  })
  // on a phone, the list writes them the same way
  await page.setViewportSize(PHONE)
  await expect(txs.row('Bäckerei').first()).toContainText('-12,50 €')
  await page.setViewportSize(DESKTOP)

  // the spending plan: the budget and its share used
  const plan = new SpendingPlanPage(page)
  await plan.goto()
  // the budget is written back for editing the German way, and read the German way
  await expect(plan.row('Groceries').getByLabel('Budget for Groceries')).toHaveValue('1500,00')
  await expect(plan.row('Groceries')).toContainText('12,50 € spent')
  await expect(plan.row('Groceries')).toContainText('Available 1.487,50 €')
  await expect(plan.row('Groceries')).toContainText(`1${'\u00A0'}%`)
  await lookEverywhere(page, 'locale-spending-plan', async () => {
    await expect(plan.row('Groceries')).toContainText('1.487,50 €')
  })

  // reports: totals, German month names, euros on the chart's axis; the CSV stays plain
  await page.goto('/reports')
  const cashFlow = page.getByTestId('report-cash-flow')
  await expect(cashFlow.getByTestId('total-income')).toHaveText('3.000,00 €')
  // the chart's axes: euros the German way, German month names
  const chart = cashFlow.getByRole('application').first()
  await expect(chart).toContainText(/0\s€.*1000\s€/)
  await expect(chart).toContainText(
    new Intl.DateTimeFormat('de-DE', { month: 'short', timeZone: 'UTC' }).format(new Date(`${M1}-01T00:00:00Z`)),
  )
  await expect(chart).not.toContainText('$')
  await cashFlow.getByRole('button', { name: 'Table' }).click()
  const row = cashFlow
    .getByTestId('cash-flow-row')
    .filter({ has: page.getByRole('rowheader', { name: germanMonth(M1) }) })
  await expect(row).toContainText('1.234,56 €')
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    cashFlow.getByRole('button', { name: 'Export CSV' }).click(),
  ])
  const csv = readFileSync(await download.path(), 'utf8')
  expect(csv).toContain(`\r\n${M1},3000.00,1234.56,1765.44\r\n`)
  expect(csv).not.toContain('€')
})
