// Page model of /transactions: the table (or the phone list), its inline editor, the filters,
// the bulk bar and the dialogs for splits, transfers and deleting.
import type { Locator, Page } from '@playwright/test'

export class TransactionsPage {
  readonly table: Locator
  readonly list: Locator
  readonly rows: Locator
  readonly editor: Locator
  readonly addButton: Locator
  readonly transferButton: Locator
  readonly search: Locator
  readonly filtersButton: Locator
  readonly bulkBar: Locator
  readonly dialog: Locator

  constructor(readonly page: Page) {
    this.table = page.getByTestId('transaction-table')
    this.list = page.getByTestId('transaction-list')
    this.rows = page.getByTestId('transaction-row')
    this.editor = page.getByTestId('transaction-editor')
    this.addButton = page.getByRole('button', { name: 'Add transaction' }).first()
    this.transferButton = page.getByRole('button', { name: 'Transfer', exact: true })
    this.search = page.getByRole('searchbox', { name: 'Search transactions' })
    this.filtersButton = page.getByRole('button', { name: /^Filters/ })
    this.bulkBar = page.getByTestId('bulk-bar')
    this.dialog = page.getByRole('dialog')
  }

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/transactions${query}`)
  }

  row(text: string): Locator {
    return this.rows.filter({ hasText: text })
  }

  /** Types a transaction into the inline editor (already open) and presses Enter. */
  async typeInline(t: {
    payee: string
    amount: string
    category?: string
    income?: boolean
    date?: string
  }): Promise<void> {
    const e = this.editor.first()
    if (t.date !== undefined) await e.getByLabel('Date').fill(t.date)
    await e.getByLabel('Payee').fill(t.payee)
    if (t.category !== undefined) await e.getByLabel('Category').selectOption({ label: t.category })
    await e.getByLabel('Money out or in').selectOption(t.income === true ? 'income' : 'expense')
    await e.getByLabel('Amount').fill(t.amount)
    await e.getByLabel('Amount').press('Enter')
  }

  toast(title: string): Locator {
    return this.page.getByTestId('toast').filter({ hasText: title })
  }
}
