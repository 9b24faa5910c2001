// Page model of Settings (/settings): the household's base currency under Currencies and the
// member's own settings form.
import type { Locator, Page } from '@playwright/test'

export class SettingsPage {
  readonly currencies: Locator
  readonly baseForm: Locator
  readonly settings: Locator

  constructor(readonly page: Page) {
    this.currencies = page.getByTestId('currencies-section')
    this.baseForm = page.getByRole('form', { name: 'Base currency' })
    this.settings = page.getByRole('form', { name: 'Settings' })
  }

  async goto(): Promise<void> {
    await this.page.goto('/settings')
  }

  /** The household's base becomes `code`, and the accounts in the old base move with it. */
  async changeBaseCurrencyWithAccounts(code: string, from = 'USD'): Promise<void> {
    await this.baseForm.getByLabel('Base currency').selectOption(code)
    await this.baseForm.getByLabel(new RegExp(`My accounts in ${from} are really in ${code}`)).check()
    await this.baseForm.getByRole('button', { name: 'Change base currency' }).click()
    await this.page.getByTestId('toast').filter({ hasText: 'Base currency changed' }).waitFor()
  }
}
