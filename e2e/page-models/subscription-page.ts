// Page model of /subscription: the current plan, the three plan cards, the comparison table, the
// administrator's note, the owner's note and the failed-payment banner.
import type { Locator, Page } from '@playwright/test'

export type Tier = 'free' | 'basic' | 'premium'

export class SubscriptionPage {
  readonly current: Locator
  readonly table: Locator
  readonly adminNote: Locator
  readonly ownerNote: Locator
  readonly pastDue: Locator
  /** any button that would buy, change or cancel a plan */
  readonly billingButtons: Locator

  constructor(readonly page: Page) {
    this.current = page.getByTestId('current-plan')
    this.table = page.getByTestId('plan-table')
    this.adminNote = page.getByTestId('admin-note')
    this.ownerNote = page.getByTestId('owner-note')
    this.pastDue = page.getByTestId('past-due-banner')
    this.billingButtons = page
      .getByRole('main')
      .getByRole('button', { name: /Upgrade|Downgrade|Cancel plan|Manage billing/ })
  }

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/subscription${query}`)
    await this.current.waitFor()
  }

  card(tier: Tier): Locator {
    return this.page.getByTestId(`plan-card-${tier}`)
  }

  /** The table's row for a feature: its header cell and the three plans' cells. */
  row(feature: string): Locator {
    return this.table.getByRole('row').filter({
      has: this.page.getByRole('rowheader', { name: feature, exact: true }),
    })
  }

  /** What a row says for each plan, as a screen reader reads the cells. */
  async cells(feature: string): Promise<string[]> {
    const texts = await this.row(feature).getByRole('cell').allInnerTexts()
    return texts.map((t) => t.trim())
  }

  toast(title: string | RegExp): Locator {
    return this.page.getByTestId('toast').filter({ hasText: title })
  }
}
