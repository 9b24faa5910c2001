// Page model of the visitor's landing page.
import type { Locator, Page } from '@playwright/test'

export class LandingPage {
  readonly header: Locator
  readonly signIn: Locator
  readonly getStarted: Locator
  readonly learnMore: Locator
  readonly features: Locator
  readonly footer: Locator

  constructor(readonly page: Page) {
    this.header = page.getByRole('banner')
    this.signIn = this.header.getByRole('link', { name: 'Sign In' })
    this.getStarted = page.getByRole('link', { name: 'Get Started Free' })
    this.learnMore = page.getByRole('link', { name: 'Learn More' })
    this.features = page.locator('#features')
    this.footer = page.getByRole('contentinfo')
  }

  async goto(): Promise<void> {
    await this.page.goto('/')
  }

  featureCard(title: string): Locator {
    return this.features
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('heading', { name: title }) })
  }
}
