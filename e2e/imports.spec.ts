// Statement import through the page, against the real server: a CSV mapped column by
// column, previewed, imported, seen on Transactions and in the balances, found again as
// duplicates and undone; a CSV whose direction is a column of its own; an OFX fixture that creates its account and adds nothing the second
// time; an investment statement brought in as activities and prices; a file that is not
// a statement refused with the server's message; no axe violations.
import AxeBuilder from '@axe-core/playwright'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { isoToday, seed } from './support/api'
import { expect, test } from './support/fixtures'
import { AccountsPage } from './page-models/accounts-page'
import { DashboardPage } from './page-models/dashboard-page'
import { ImportPage } from './page-models/import-page'
import { TransactionsPage } from './page-models/transactions-page'
import { lookEverywhere, shot } from './support/look'

const FIXTURES = path.resolve(import.meta.dirname, '../../shared/fixtures/statements')
const OFX_FIXTURE = path.join(FIXTURES, 'ofx/ofxparse_bank_medium.ofx')
const ETRADE_FIXTURE = path.join(FIXTURES, 'qfx/reds_etrade_09092023.qfx')
const AMEX_FIXTURE = path.join(FIXTURES, 'ofx/beangulp_amex_ofxdownload.ofx')

/** 2026-03-05 → 05/03/2026: the day-first dates of a European bank's export. */
function dayFirst(iso: string): string {
  const [y, m, d] = iso.split('-')
  return `${d}/${m}/${y}`
}

function writeCsv(file: string): void {
  const rows = [
    'When,Who,What,How much',
    `${dayFirst(isoToday(-3))},Blue Bottle Coffee,Card 1234,-4.50`,
    `${dayFirst(isoToday(-2))},Acme Payroll,Salary,2500.00`,
    `${dayFirst(isoToday(-1))},Green Grocer,Weekly shop,-62.30`,
  ]
  writeFileSync(file, `${rows.join('\n')}\n`)
}

async function chooseAccountAndContinue(importPage: ImportPage, account: string): Promise<void> {
  await expect(importPage.page.getByText('Which account is this statement from?')).toBeVisible()
  await importPage.accountSelect.selectOption({ label: account })
  await expect(importPage.continueButton).toBeEnabled()
  await importPage.continueButton.click()
}

/** Uploads a CSV, picks its account and waits for the column mapping. */
async function openMapping(page: Page, file: string, account: string): Promise<ImportPage> {
  const importPage = new ImportPage(page)
  await importPage.goto()
  await importPage.upload(file)
  await chooseAccountAndContinue(importPage, account)
  await expect(importPage.mappingEditor).toBeVisible()
  return importPage
}

test('a CSV is mapped, previewed, imported, shown in Transactions and the balances, found again as duplicates, and undone', async ({
  page,
  freshUser: _user,
  allowConsoleErrors,
}, testInfo) => {
  test.setTimeout(120_000)
  // a CSV names no account: the first look at it answers 400 ACCOUNT_REQUIRED, by design
  allowConsoleErrors(/status of 400/)
  await seed.account(page.request, {
    name: 'Everyday Checking',
    type: 'checking',
    openingBalance: 1000,
    accountNumber: '4321',
  })
  const csv = testInfo.outputPath('bank.csv')
  writeCsv(csv)

  const importPage = new ImportPage(page)
  await importPage.goto()
  await expect(importPage.pastImports).toContainText('No imports yet')
  await importPage.upload(csv)
  await expect(importPage.chosenFile).toHaveText('bank.csv')
  await expect(importPage.format).toHaveText('CSV file')
  await chooseAccountAndContinue(importPage, 'Everyday Checking · Checking ••4321')

  // the columns: Kinwise's guess, then the user's mapping, the first rows read again each time
  await expect(importPage.mappingEditor).toBeVisible()
  await expect(importPage.mappingSource).toContainText('guessed')
  await importPage.columnRole(0).selectOption('date')
  await importPage.columnRole(1).selectOption('payee')
  await importPage.columnRole(2).selectOption('description')
  await importPage.columnRole(3).selectOption('amount')
  await importPage.mappingEditor.getByLabel('Date format').selectOption('DD/MM/YYYY')
  await expect(importPage.parsedRows).toContainText('Blue Bottle Coffee')
  await expect(importPage.parsedRows).toContainText('Acme Payroll')
  await expect(importPage.parsedRows).toContainText('Card 1234')
  await expect(importPage.continueButton).toBeEnabled()
  await importPage.continueButton.click()

  // the review: three new rows
  await expect(importPage.count('new')).toContainText('3')
  await expect(importPage.count('duplicates')).toContainText('0')
  await expect(importPage.reviewRow(2)).toHaveAttribute('data-status', 'new')
  await expect(importPage.reviewRow(2)).toContainText('Blue Bottle Coffee')
  await expect(importPage.importButton).toHaveText('Import 3 transactions')
  await importPage.importButton.click()

  await expect(importPage.summary).toContainText('Imported 3 transactions')
  await expect(importPage.stat('added')).toContainText('3')
  await expect(importPage.stat('duplicates')).toContainText('0')
  await expect(importPage.pastImport('bank.csv')).toContainText('3 rows added')

  // the rows are on Transactions, the balance moved on Accounts and the dashboard
  await importPage.summary.getByRole('link', { name: 'View transactions' }).click()
  await expect(page).toHaveURL(/\/transactions\?account=/)
  const transactions = new TransactionsPage(page)
  await expect(transactions.row('Blue Bottle Coffee')).toBeVisible()
  await expect(transactions.row('Acme Payroll')).toBeVisible()
  await expect(transactions.row('Green Grocer')).toBeVisible()

  const accounts = new AccountsPage(page)
  await accounts.goto()
  await expect(accounts.account('Everyday Checking')).toContainText('$3,433.20')
  const dashboard = new DashboardPage(page)
  await dashboard.goto()
  await expect(dashboard.accounts).toContainText('$3,433.20')

  // the same file again: its mapping is remembered and every row is a duplicate
  await importPage.goto()
  await importPage.upload(csv)
  await chooseAccountAndContinue(importPage, 'Everyday Checking · Checking ••4321')
  await expect(importPage.mappingSource).toContainText('the columns you used last time')
  await expect(importPage.parsedRows).toContainText('Blue Bottle Coffee')
  await importPage.continueButton.click()
  await expect(importPage.count('duplicates')).toContainText('3')
  await expect(importPage.count('new')).toContainText('0')
  await expect(importPage.warnings).toContainText('This very file was imported on')
  await expect(importPage.reviewRow(3)).toHaveAttribute('data-status', 'duplicate')
  await expect(importPage.importButton).toBeDisabled()
  await expect(importPage.importButton).toHaveText('Nothing new to import')
  // a duplicate can be brought in anyway, and left out again
  await importPage.reviewRow(3).getByRole('checkbox').check()
  await expect(importPage.reviewRow(3)).toContainText('Duplicate, imported anyway')
  await expect(importPage.count('new')).toContainText('1')
  await expect(importPage.importButton).toHaveText('Import 1 transaction')
  await importPage.reviewRow(3).getByRole('checkbox').uncheck()
  await expect(importPage.importButton).toBeDisabled()

  // undo from the past imports: the rows go, the balance is back
  await importPage
    .pastImport('bank.csv')
    .getByRole('button', { name: /^Undo the import/ })
    .click()
  await page.getByRole('dialog').getByRole('button', { name: 'Undo import' }).click()
  await expect(importPage.toast('Import undone')).toContainText('3 transactions removed')
  await expect(importPage.pastImports).toContainText('No imports yet')
  await dashboard.goto()
  await expect(dashboard.accounts).toContainText('$1,000.00')
  await transactions.goto()
  await expect(transactions.row('Blue Bottle Coffee')).toHaveCount(0)
})

test('a CSV whose direction is a column of its own: named in the mapping with its values, every row signed by it', async ({
  page,
  freshUser: _user,
  allowConsoleErrors,
}, testInfo) => {
  test.setTimeout(120_000)
  allowConsoleErrors(/status of 400/)
  await seed.account(page.request, { name: 'Spaarrekening', type: 'checking', openingBalance: 1000 })
  // unsigned amounts; "Uit" is not one of the common values, "In" is
  const csv = testInfo.outputPath('af-bij.csv')
  const rows = [
    'Datum,Naam,Af Bij,Bedrag',
    `${dayFirst(isoToday(-3))},Blue Bottle Coffee,Uit,4.50`,
    `${dayFirst(isoToday(-2))},Acme Payroll,In,2500.00`,
    `${dayFirst(isoToday(-1))},Green Grocer,Uit,62.30`,
  ]
  writeFileSync(csv, `${rows.join('\n')}\n`)

  const importPage = await openMapping(page, csv, 'Spaarrekening · Checking')
  await importPage.columnRole(0).selectOption('date')
  await importPage.columnRole(1).selectOption('payee')
  await importPage.columnRole(2).selectOption('direction')
  await importPage.columnRole(3).selectOption('amount')
  await importPage.mappingEditor.getByLabel('Date format').selectOption('DD/MM/YYYY')

  // "Uit" is neither out nor in yet: those lines are named, the payroll row is read
  const values = importPage.page.getByTestId('direction-values')
  await expect(values).toBeVisible()
  await expect(importPage.parsedRows).toContainText('Acme Payroll')
  await expect(importPage.parsedRows).not.toContainText('Blue Bottle Coffee')
  await expect(importPage.root).toContainText('"Uit" in the direction column is neither money out')
  await lookEverywhere(page, 'import-direction-values', () => expect(values).toBeVisible(), checkAxe)

  await values.getByLabel('Values for money out').fill('Uit')
  await values.getByLabel('Values for money in').fill('In')
  await expect(importPage.parsedRows).toContainText('Blue Bottle Coffee')
  await expect(importPage.parsedRows).toContainText('Green Grocer')
  await importPage.continueButton.click()
  await expect(importPage.count('new')).toContainText('3')
  await importPage.importButton.click()
  await expect(importPage.summary).toContainText('Imported 3 transactions')

  // out is spending, in is income: 1,000 − 4.50 + 2,500 − 62.30
  const accounts = new AccountsPage(page)
  await accounts.goto()
  await expect(accounts.account('Spaarrekening')).toContainText('$3,433.20')
})

test('an OFX statement creates its account; the same file again adds nothing', async ({
  page,
  freshUser: _user,
}) => {
  test.skip(
    !existsSync(OFX_FIXTURE),
    `The statement fixtures are not here (${FIXTURES}): this test needs ../shared/fixtures/statements next to the repository.`,
  )
  const importPage = new ImportPage(page)
  await importPage.goto()
  await importPage.upload(OFX_FIXTURE)
  await expect(importPage.format).toHaveText('OFX file')
  await expect(importPage.fileAccounts).toContainText('Checking ••5678')
  await expect(importPage.fileAccounts).toContainText('New account, created when you import')
  await importPage.continueButton.click()

  await expect(importPage.count('new')).toContainText('3')
  await expect(importPage.reviewRows).toContainText("MCDONALD'S #112")
  await importPage.importButton.click()
  await expect(importPage.stat('added')).toContainText('3')
  await expect(importPage.summary).toContainText('New account')
  await expect(page.getByTestId('statement-opening')).toContainText('opening balance')

  const accounts = new AccountsPage(page)
  await accounts.goto()
  // the statement's ledger balance (LEDGERBAL 382.34), not just its rows (−6.60 − 316.67 − 22.00)
  await expect(accounts.account('Checking ••5678')).toContainText('382.34')

  await importPage.goto()
  await importPage.upload(OFX_FIXTURE)
  await expect(importPage.fileAccounts).toContainText('Goes to your account')
  await importPage.continueButton.click()
  await expect(importPage.count('duplicates')).toContainText('3')
  await expect(importPage.count('new')).toContainText('0')
  await expect(importPage.warnings).toContainText('This very file was imported on')
  await expect(importPage.importButton).toBeDisabled()
  await expect(importPage.pastImports.getByTestId('past-import')).toHaveCount(1)
})

test('an account that differs from its statement is offered a reconciliation, which brings it to the statement\'s balance', async ({
  page,
  freshUser: _user,
}, testInfo) => {
  test.skip(!existsSync(OFX_FIXTURE), `The statement fixtures are not here (${FIXTURES}).`)
  const importPage = new ImportPage(page)
  await importPage.goto()
  await importPage.upload(OFX_FIXTURE)
  await importPage.continueButton.click()
  await importPage.importButton.click()
  await expect(importPage.stat('added')).toContainText('3')
  // a later statement of the bank: one more row (−5.00) and the same ledger balance (382.34), so
  // the bank's balance already counts a payment Kinwise did not have: Kinwise is 5.00 under it
  const later = readFileSync(OFX_FIXTURE, 'latin1').replace(
    '</BANKTRANLIST>',
    "<STMTTRN><TRNTYPE>POS<DTPOSTED>20090404<TRNAMT>-5.00<FITID>e2e-reconcile-1<NAME>CORNER SHOP</STMTTRN>\n</BANKTRANLIST>",
  )
  const file = testInfo.outputPath('later-statement.ofx')
  writeFileSync(file, later, 'latin1')
  await importPage.goto()
  await importPage.upload(file)
  await expect(importPage.fileAccounts).toContainText('Goes to your account')
  await importPage.continueButton.click()
  await expect(importPage.count('new')).toContainText('1')
  await importPage.importButton.click()
  await expect(importPage.stat('added')).toContainText('1')
  const prompt = page.getByTestId('reconcile-prompt')
  await expect(prompt).toContainText('The statement says CA$382.34 on May 23, 2009')
  await expect(prompt).toContainText('Kinwise has CA$377.34 on that day, CA$5.00 less.')
  await prompt.getByRole('button', { name: 'Reconcile to the statement' }).click()
  await expect(prompt).toContainText('Reconciled: the balance now matches the statement.')
  await expect(prompt.getByRole('button', { name: 'Reconcile to the statement' })).toHaveCount(0)

  const accounts = new AccountsPage(page)
  await accounts.goto()
  await expect(accounts.account('Checking ••5678')).toContainText('382.34')
})

test('an investment statement brings its activities and prices into a new investment account', async ({
  page,
  freshUser: _user,
}) => {
  test.skip(!existsSync(ETRADE_FIXTURE), `The statement fixtures are not here (${FIXTURES}).`)
  const importPage = new ImportPage(page)
  await importPage.goto()
  await importPage.upload(ETRADE_FIXTURE)
  await expect(importPage.fileAccounts).toContainText('Investment ••5555')
  await importPage.continueButton.click()
  await expect(page.getByTestId('review-investments')).toContainText('4 investment activities')
  await expect(importPage.importButton).toHaveText('Import 4 investment activities')
  await shot(page, 'import-investments-review')
  await importPage.importButton.click()
  // the 4 entries and the shares held before the statement (TSM, V) as opening positions
  await expect(page.getByTestId('summary-investments')).toHaveText(
    '6 activities, 4 prices into Investment ••5555.',
  )
  await expect(importPage.summary).toContainText('Imported 6 investment activities')
  await expect(importPage.pastImports).toContainText('6 investment activities')
  await expect(page.getByRole('link', { name: 'View investments' })).toHaveAttribute('href', '/investments')
  await shot(page, 'import-investments-summary')

  const accounts = new AccountsPage(page)
  await accounts.goto()
  // cash −1,344.27 − 82.34 + 104.23 − 21.89, holdings 55.55 × 89.64 + 500 × 247.29
  await expect(accounts.account('Investment ••5555')).toContainText('127,280.23')
})

test('a file that is not a statement is refused with the reason, and nothing is saved', async ({
  page,
  freshUser: _user,
  allowConsoleErrors,
}, testInfo) => {
  allowConsoleErrors(/status of 400/)
  const pdf = testInfo.outputPath('March statement.pdf')
  writeFileSync(
    pdf,
    '%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  )
  const importPage = new ImportPage(page)
  await importPage.goto()
  await importPage.upload(pdf)
  await expect(importPage.refused).toContainText('March statement.pdf was not imported')
  await expect(importPage.refused).toContainText(
    'it is not an OFX, QFX, QIF, CSV or CAMT bank statement',
  )
  await expect(importPage.refused).toContainText('Nothing was saved')
  await expect(importPage.refused).toContainText('download the same statement as CSV, OFX or QIF')
  // another file can be chosen straight away
  await expect(page.getByRole('button', { name: 'Choose a file' })).toBeVisible()

  // plain text reads as a CSV with no row in it: the page says so before anything else
  const notes = testInfo.outputPath('shopping-list.txt')
  writeFileSync(notes, 'Milk\nEggs\nBread, the good one\n')
  await importPage.upload(notes)
  await expect(page.getByTestId('file-unreadable')).toContainText(
    'could not read a single row of this file',
  )
  await expect(importPage.pastImports).toContainText('No imports yet')
})

async function checkAxe(page: Page, what: string): Promise<void> {
  await expect(page.locator('.animate-pulse')).toHaveCount(0)
  const results = await new AxeBuilder({ page }).analyze()
  const found = results.violations.map((v) => ({
    id: v.id,
    help: v.help,
    nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
  }))
  expect(found, `axe on ${what}`).toEqual([])
}

for (const theme of ['light', 'dark'] as const) {
  test(`the import flow has no axe violations (${theme})`, async ({
    page,
    freshUser: _user,
    allowConsoleErrors,
  }, testInfo) => {
    allowConsoleErrors(/status of 400/)
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme)
    await seed.account(page.request, {
      name: 'Everyday Checking',
      type: 'checking',
      openingBalance: 0,
    })
    const csv = testInfo.outputPath('bank.csv')
    writeCsv(csv)
    const importPage = new ImportPage(page)
    await importPage.goto()
    await checkAxe(page, `the import page (${theme})`)
    await importPage.upload(csv)
    await importPage.accountSelect.selectOption({ label: 'Everyday Checking · Checking' })
    await importPage.continueButton.click()
    await expect(importPage.parsedRows).toBeVisible()
    await checkAxe(page, `the column mapping (${theme})`)
    await importPage.columnRole(1).selectOption('payee')
    await importPage.mappingEditor.getByLabel('Date format').selectOption('DD/MM/YYYY')
    await expect(importPage.parsedRows).toContainText('Blue Bottle Coffee')
    await expect(importPage.continueButton).toBeEnabled()
    await importPage.continueButton.click()
    await expect(importPage.reviewRows).toBeVisible()
    await checkAxe(page, `the review (${theme})`)
    await importPage.importButton.click()
    await expect(importPage.summary).toBeVisible()
    await checkAxe(page, `the summary (${theme})`)
  })
}

test('a one-line card statement: every row its own number, one left out, a category chosen, the account at the file\'s balance', async ({
  page,
  freshUser: _user,
}) => {
  test.skip(!existsSync(AMEX_FIXTURE), `The statement fixtures are not here (${FIXTURES}).`)
  const importPage = new ImportPage(page)
  await importPage.goto()
  await importPage.upload(AMEX_FIXTURE)
  await importPage.continueButton.click()
  await expect(importPage.count('new')).toContainText('12')
  // the whole file is on one line, yet each row shows its own number
  const rows = importPage.reviewRows.getByTestId('review-row')
  await expect(rows).toHaveCount(12)
  const numbers = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-row')))
  expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => String(i + 1)))
  await expect(rows.nth(2).getByRole('cell').nth(1)).toHaveText('3')
  // leaving one out leaves out that one only
  await importPage.reviewRows.locator('[data-row="3"]').getByRole('checkbox').uncheck()
  await expect(importPage.count('new')).toContainText('11')
  await expect(importPage.importButton).toHaveText('Import 11 transactions')
  // a category set before importing
  await importPage.reviewRows
    .locator('[data-row="1"]')
    .getByRole('combobox', { name: /^Category of row 1/ })
    .selectOption({ label: 'Entertainment' })
  await expect(importPage.reviewRows.locator('[data-row="1"]')).toContainText('chosen by you')
  await shot(page, 'import-review-one-line-desktop')
  await importPage.importButton.click()
  await expect(importPage.stat('added')).toContainText('11')
  await expect(page.getByTestId('statement-opening')).toContainText('-$2,356.38')
  await shot(page, 'import-summary-opening')

  const accounts = new AccountsPage(page)
  await accounts.goto()
  await expect(accounts.account('Credit card ••1222')).toContainText('2,356.38')
  const transactions = new TransactionsPage(page)
  await transactions.goto()
  await expect(transactions.row('SPOTIFY')).toContainText('Entertainment')
  await expect(transactions.row('AMC VILLAGE')).toHaveCount(0)
})

test('a statement of 40,000 rows is read as a stream: previewed with its counts, imported with the server counting rows, every row in', async ({
  page,
  freshUser: _user,
  allowConsoleErrors,
}, testInfo) => {
  test.setTimeout(240_000)
  allowConsoleErrors(/status of 400/)
  await seed.account(page.request, { name: 'Old Checking', type: 'checking', openingBalance: 0 })
  // over 2 MB: the server spools it, parses it in its worker and writes it 5,000 rows at a time
  const rows = 40_000
  const lines = ['Date,Description,Amount,Transaction ID']
  for (let i = 0; i < rows; i++) {
    const day = new Date(Date.UTC(2024, 0, 1 + Math.floor(i / 120))).toISOString().slice(0, 10)
    lines.push(`${day},Corner Market ${String(i % 400)} ${'x'.repeat(20)},-${String(1 + (i % 50))}.25,H${String(i)}`)
  }
  const csv = testInfo.outputPath('history.csv')
  writeFileSync(csv, `${lines.join('\n')}\n`)

  const importPage = await openMapping(page, csv, 'Old Checking · Checking')
  await expect(importPage.parsedRows).toContainText('Corner Market')
  await importPage.continueButton.click()

  // the preview counted every row of the file, not only the ones it shows
  await expect(importPage.count('new')).toContainText('40,000')
  await expect(importPage.importButton).toHaveText('Import 40,000 transactions')
  await importPage.importButton.click()
  await expect(page.getByTestId('import-progress')).toBeVisible()
  await expect(importPage.summary).toContainText('Imported 40,000 transactions', { timeout: 180_000 })
  await expect(importPage.pastImport('history.csv')).toContainText('40,000 rows added')
})
