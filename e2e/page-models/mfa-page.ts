// Page models of /mfa-settings (status, set-up dialog, recovery codes, passkeys, turning off),
// of the sign-in's second step on /auth/login, and of the restricted frame a member sees while
// the household requires MFA they have not set up.
import type { Locator, Page } from '@playwright/test'

export class MfaPage {
  readonly root: Locator
  readonly status: Locator
  readonly setUpButton: Locator
  readonly dialog: Locator
  readonly secret: Locator
  readonly codeInput: Locator
  readonly recoveryCodes: Locator
  readonly savedButton: Locator
  readonly codesLeft: Locator
  readonly passkeysCard: Locator
  readonly passkeys: Locator
  readonly turnOffButton: Locator
  readonly restrictedBanner: Locator

  constructor(readonly page: Page) {
    this.root = page.getByTestId('mfa-page')
    this.status = page.getByTestId('mfa-status')
    this.setUpButton = page.getByRole('button', { name: 'Set up authenticator app' })
    this.dialog = page.getByRole('dialog')
    this.secret = this.dialog.getByTestId('totp-secret')
    this.codeInput = this.dialog.getByLabel(/6-digit code|Code from your authenticator app/)
    this.recoveryCodes = this.dialog.getByTestId('recovery-codes').getByRole('listitem')
    this.savedButton = this.dialog.getByRole('button', { name: 'I saved them' })
    this.codesLeft = page.getByTestId('codes-left')
    this.passkeysCard = page.getByTestId('passkeys-card')
    this.passkeys = page.getByTestId('passkey')
    this.turnOffButton = page.getByRole('button', { name: 'Turn off', exact: true })
    this.restrictedBanner = page.getByTestId('mfa-required-banner')
  }

  async goto(): Promise<void> {
    await this.page.goto('/mfa-settings')
    await this.status.waitFor()
  }

  /** The key shown in text, without the spaces that group it. */
  async secretText(): Promise<string> {
    return ((await this.secret.textContent()) ?? '').replace(/\s+/g, '')
  }

  async codes(): Promise<string[]> {
    return this.recoveryCodes.allTextContents()
  }

  toast(title: string | RegExp): Locator {
    return this.page.getByTestId('toast').filter({ hasText: title })
  }
}

export class MfaStep {
  readonly root: Locator
  readonly codeInput: Locator
  readonly recoveryInput: Locator
  readonly verifyButton: Locator
  readonly useRecovery: Locator
  readonly usePasskey: Locator
  readonly error: Locator

  constructor(readonly page: Page) {
    this.root = page.getByTestId('mfa-step')
    this.codeInput = this.root.getByLabel('Code from your authenticator app')
    this.recoveryInput = this.root.getByLabel('Recovery code')
    this.verifyButton = this.root.getByRole('button', { name: 'Verify' })
    this.useRecovery = this.root.getByRole('button', { name: 'Use a recovery code instead' })
    this.usePasskey = this.root.getByRole('button', { name: 'Use a passkey' })
    this.error = this.root.getByRole('alert')
  }
}
