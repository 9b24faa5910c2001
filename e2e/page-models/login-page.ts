// Page model of /auth/login: the sign-in and registration forms.
import type { Locator, Page } from '@playwright/test'

export class LoginPage {
  readonly signInTab: Locator
  readonly registerTab: Locator
  readonly signInForm: Locator
  readonly registerForm: Locator

  constructor(readonly page: Page) {
    this.signInTab = page.getByRole('tab', { name: 'Sign in' })
    this.registerTab = page.getByRole('tab', { name: 'Create account' })
    this.signInForm = page.getByRole('form', { name: 'Sign in' })
    this.registerForm = page.getByRole('form', { name: 'Create account' })
  }

  async goto(): Promise<void> {
    await this.page.goto('/auth/login')
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.signInTab.click()
    await this.signInForm.getByLabel('E-mail').fill(email)
    await this.signInForm.getByLabel('Password').fill(password)
    await this.signInForm.getByRole('button', { name: 'Sign in' }).click()
  }

  async register(user: {
    firstName: string
    email: string
    password: string
    acceptTerms?: boolean
  }): Promise<void> {
    await this.registerTab.click()
    const form = this.registerForm
    await form.getByLabel('First name').fill(user.firstName)
    await form.getByLabel('Last name').fill('Tester')
    await form.getByLabel('E-mail').fill(user.email)
    await form.getByLabel('Password').fill(user.password)
    if (user.acceptTerms !== false) await form.getByRole('checkbox').check()
    await form.getByRole('button', { name: 'Create account' }).click()
  }

  fieldError(form: Locator, text: string): Locator {
    return form.getByText(text, { exact: true })
  }
}
