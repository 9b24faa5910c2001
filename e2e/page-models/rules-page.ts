// Page model of the Rules page: the list in order, the rule dialog, the delete confirmation and
// the "apply to existing transactions" card.
import type { Locator, Page } from '@playwright/test'

export class RulesPage {
  readonly root: Locator
  readonly newRule: Locator
  readonly list: Locator
  readonly items: Locator
  readonly dialog: Locator
  readonly apply: Locator
  readonly applyResult: Locator

  constructor(readonly page: Page) {
    this.root = page.getByTestId('rules-page')
    this.newRule = page.getByRole('button', { name: /^(New rule|Create a rule)$/ }).first()
    this.list = page.getByTestId('rule-list')
    this.items = page.getByTestId('rule-item')
    this.dialog = page.getByRole('dialog')
    this.apply = page.getByTestId('apply-rules')
    this.applyResult = page.getByTestId('apply-result')
  }

  async goto(): Promise<void> {
    await this.page.goto('/transactions/rules')
    await this.root.waitFor()
  }

  item(name: string): Locator {
    return this.page.locator(`[data-testid="rule-item"][data-rule-name="${name}"]`)
  }

  /** The names in the order the list shows them. */
  async names(): Promise<string[]> {
    return this.items.evaluateAll((els) => els.map((el) => el.getAttribute('data-rule-name') ?? ''))
  }

  /** Fills the open dialog's first condition as "payee contains <text>" and the category. */
  async fillPayeeRule(name: string, contains: string, category: string): Promise<void> {
    await this.dialog.getByLabel('Name', { exact: true }).fill(name)
    await this.dialog.getByLabel('Condition 1: what to look at').selectOption('payee')
    await this.dialog.getByLabel('Condition 1: how to compare').selectOption('contains')
    await this.dialog.getByLabel('Condition 1: text').fill(contains)
    await this.dialog.getByLabel('Set the category').selectOption({ label: category })
  }

  async save(): Promise<void> {
    await this.dialog.getByRole('button', { name: /^(Add rule|Save rule)$/ }).click()
    await this.dialog.waitFor({ state: 'detached' })
  }

  toast(title: string): Locator {
    return this.page.getByTestId('toast').filter({ hasText: title })
  }
}
