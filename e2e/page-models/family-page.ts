// Page model of /family (members, invites, role changes, removal, leaving) and of /join/:token
// (the page an invite link opens).
import type { Locator, Page } from '@playwright/test'

export class FamilyPage {
  readonly root: Locator
  readonly summary: Locator
  readonly members: Locator
  readonly empty: Locator
  readonly inviteButton: Locator
  readonly dialog: Locator
  readonly pendingInvites: Locator
  readonly invites: Locator
  readonly leaveButton: Locator

  constructor(readonly page: Page) {
    this.root = page.getByTestId('family-page')
    this.summary = page.getByTestId('household-summary')
    this.members = page.getByTestId('member')
    this.empty = page.getByTestId('family-empty')
    this.inviteButton = page.getByRole('button', { name: 'Invite someone' }).first()
    this.dialog = page.getByRole('dialog')
    this.pendingInvites = page.getByTestId('pending-invites')
    this.invites = page.getByTestId('pending-invite')
    this.leaveButton = page.getByRole('button', { name: 'Leave household' })
  }

  async goto(): Promise<void> {
    await this.page.goto('/family')
    await this.summary.waitFor()
  }

  member(name: string | RegExp): Locator {
    return this.members.filter({ has: this.page.getByRole('heading', { name }) })
  }

  /** Creates an invite in the dialog and answers its link (the dialog stays open on the link). */
  async invite(role: 'Adult' | 'Teen' | 'Viewer', days = 7): Promise<string> {
    await this.inviteButton.click()
    await this.dialog.getByRole('radio', { name: role }).check()
    await this.dialog.getByLabel('The link works for').selectOption(String(days))
    await this.dialog.getByRole('button', { name: 'Create invite link' }).click()
    const link = this.dialog.getByTestId('invite-link')
    await link.waitFor()
    return link.inputValue()
  }

  async closeDialog(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Done' }).click()
    await this.dialog.waitFor({ state: 'detached' })
  }

  async memberAction(name: string, action: string): Promise<void> {
    await this.page.getByRole('button', { name: `Actions for ${name}` }).click()
    await this.page.getByRole('menuitem', { name: action }).click()
  }

  toast(title: string | RegExp): Locator {
    return this.page.getByTestId('toast').filter({ hasText: title })
  }
}

export class JoinPage {
  readonly root: Locator
  readonly heading: Locator
  readonly consequences: Locator
  readonly joinButton: Locator
  readonly cancelButton: Locator
  readonly refusal: Locator
  readonly blocked: Locator

  constructor(readonly page: Page) {
    this.root = page.getByTestId('join-page')
    this.heading = page.getByRole('heading', { level: 1 })
    this.consequences = page.getByTestId('join-consequences')
    this.joinButton = page.getByRole('button', { name: /^Join / })
    this.cancelButton = page.getByRole('button', { name: 'Cancel' })
    this.refusal = page.getByTestId('join-refusal')
    this.blocked = page.getByTestId('join-blocked')
  }
}
