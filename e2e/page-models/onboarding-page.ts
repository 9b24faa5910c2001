// Page model of the four-step onboarding flow.
import type { Locator, Page } from '@playwright/test'

export class OnboardingPage {
  readonly stepCounter: Locator
  readonly title: Locator
  readonly next: Locator
  readonly skip: Locator
  readonly getStarted: Locator
  readonly card: Locator

  constructor(readonly page: Page) {
    this.card = page.locator('[data-step]')
    this.stepCounter = page.getByText(/^Step \d of 4$/)
    this.title = page.getByRole('heading', { level: 1 })
    this.next = page.getByRole('button', { name: 'Next' })
    this.skip = page.getByRole('button', { name: 'Skip to end' })
    this.getStarted = page.getByRole('button', { name: 'Get Started' })
  }
}
