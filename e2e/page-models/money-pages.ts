// Page models of the planning pages: /spending-plan, /goals, /bills and /reminders.
import type { Locator, Page } from '@playwright/test'

export class SpendingPlanPage {
  readonly smartPlan: Locator
  readonly totals: Locator
  readonly month: Locator

  constructor(readonly page: Page) {
    this.smartPlan = page.getByTestId('smart-plan')
    this.totals = page.getByTestId('budget-totals')
    this.month = page.getByTestId('plan-month')
  }

  async goto(month?: string): Promise<void> {
    await this.page.goto(month === undefined ? '/spending-plan' : `/spending-plan?month=${month}`)
    await this.smartPlan.waitFor()
  }

  row(category: string): Locator {
    return this.page
      .getByTestId('budget-row')
      .filter({ has: this.page.getByText(category, { exact: true }) })
  }

  async setBudget(category: string, amount: string): Promise<void> {
    const input = this.page.getByLabel(`Budget for ${category}`)
    await input.fill(amount)
    await input.press('Enter')
  }
}

export class GoalsPage {
  readonly cards: Locator
  constructor(readonly page: Page) {
    this.cards = page.getByTestId('goal-card')
  }
  async goto(): Promise<void> {
    await this.page.goto('/goals')
  }
  card(name: string): Locator {
    return this.cards.filter({ hasText: name })
  }
}

export class BillsPage {
  readonly upcoming: Locator
  constructor(readonly page: Page) {
    this.upcoming = page.getByTestId('upcoming-bills')
  }
  async goto(): Promise<void> {
    await this.page.goto('/bills')
  }
  bill(name: string): Locator {
    return this.page.getByTestId('bill-row').filter({ hasText: name })
  }
}

export class RemindersPage {
  readonly rows: Locator
  constructor(readonly page: Page) {
    this.rows = page.getByTestId('reminder-row')
  }
  async goto(): Promise<void> {
    await this.page.goto('/reminders')
  }
  reminder(title: string): Locator {
    return this.rows.filter({ hasText: title })
  }
}
