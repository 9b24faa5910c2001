// Page model of /accounts: the groups, each account's menu, and the account, reconcile and
// delete dialogs.
import type { Locator, Page } from '@playwright/test'

export class AccountsPage {
  readonly netWorth: Locator
  readonly addButton: Locator
  readonly dialog: Locator

  constructor(readonly page: Page) {
    this.netWorth = page.getByTestId('accounts-net-worth')
    this.addButton = page.getByRole('button', { name: 'Add account' })
    this.dialog = page.getByRole('dialog')
  }

  async goto(): Promise<void> {
    await this.page.goto('/accounts')
  }

  group(type: string): Locator {
    return this.page.getByTestId(`account-group-${type}`)
  }

  account(name: string): Locator {
    return this.page.getByTestId('account-row').filter({ hasText: name })
  }

  async action(name: string, action: string): Promise<void> {
    await this.page.getByRole('button', { name: `Actions for ${name}` }).click()
    await this.page.getByRole('menuitem', { name: action }).click()
  }

  async create(a: {
    name: string
    type?: string
    balance?: string
    number?: string
  }): Promise<void> {
    await this.addButton.click()
    const form = this.page.getByRole('form', { name: 'Account' })
    await form.getByLabel('Name').fill(a.name)
    if (a.type !== undefined) await form.getByLabel('Type').selectOption({ label: a.type })
    if (a.balance !== undefined)
      await form.getByLabel(/Balance now|Amount owed now/).fill(a.balance)
    if (a.number !== undefined) await form.getByLabel('Account number').fill(a.number)
    await form.getByRole('button', { name: 'Add account' }).click()
    await form.waitFor({ state: 'detached' })
  }

  toastText(): Locator {
    return this.page.getByTestId('toast')
  }
}
