// Page model of the dashboard: its cards, the credit score entry, and the toasts it raises.
import type { Locator, Page } from '@playwright/test'

export class DashboardPage {
  readonly root: Locator
  readonly mood: Locator
  readonly setup: Locator
  readonly netWorth: Locator
  readonly income: Locator
  readonly expenses: Locator
  readonly availableToday: Locator
  readonly spendingPlan: Locator
  readonly recentTransactions: Locator
  readonly accounts: Locator
  readonly goals: Locator
  readonly bills: Locator
  readonly creditScore: Locator
  readonly addScore: Locator
  readonly adSlot: Locator
  readonly upgradeCard: Locator

  constructor(readonly page: Page) {
    this.root = page.getByTestId('dashboard')
    this.mood = page.getByTestId('mood-card')
    this.setup = page.getByTestId('setup-checklist')
    this.netWorth = page.getByTestId('stat-net-worth')
    this.income = page.getByTestId('stat-income')
    this.expenses = page.getByTestId('stat-expenses')
    this.availableToday = page.getByTestId('stat-available-today')
    this.spendingPlan = page.getByTestId('spending-plan-card')
    this.recentTransactions = page.getByTestId('recent-transactions-card')
    this.accounts = page.getByTestId('accounts-card')
    this.goals = page.getByTestId('goals-card')
    this.bills = page.getByTestId('bills-card')
    this.creditScore = page.getByTestId('credit-score-card')
    this.addScore = this.creditScore.getByRole('button', { name: 'Add score' })
    this.adSlot = page.getByTestId('ad-slot')
    this.upgradeCard = page.getByTestId('upgrade-card')
  }

  async goto(): Promise<void> {
    await this.page.goto('/')
    await this.root.waitFor()
  }

  /**
   * Waits until every card has finished loading (the mood leaves its loading state; a household
   * with no accounts then sees its set-up checklist instead).
   */
  async waitForData(): Promise<void> {
    await this.mood.getByText('Loading financial data...').waitFor({ state: 'detached' })
  }

  toast(title: string): Locator {
    return this.page.getByTestId('toast').filter({ hasText: title })
  }
}
