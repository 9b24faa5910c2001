// Page model of the signed-in frame: desktop sidebar, mobile bottom bar, header with its theme
// switch, notification bell and dropdown, and user menu.
import type { Locator, Page } from '@playwright/test'

export class AppShell {
  readonly sidebar: Locator
  readonly mobileNav: Locator
  readonly title: Locator
  readonly themeToggle: Locator
  readonly bell: Locator
  readonly bellBadge: Locator
  readonly notifications: Locator
  readonly sidebarUnread: Locator
  readonly userMenu: Locator

  constructor(readonly page: Page) {
    this.sidebar = page.getByTestId('sidebar')
    this.mobileNav = page.getByTestId('mobile-nav')
    this.title = page.getByTestId('page-title')
    this.themeToggle = page.getByTestId('theme-toggle')
    this.bell = page.getByRole('button', { name: /^Notifications/ })
    this.bellBadge = page.getByTestId('bell-badge')
    this.notifications = page.getByRole('dialog', { name: 'Notifications' })
    this.sidebarUnread = page.getByTestId('sidebar-unread-badge')
    this.userMenu = page.getByRole('button', { name: 'Account menu' })
  }

  sidebarItem(label: string): Locator {
    return this.sidebar.getByRole('link', { name: new RegExp(`^${label}\\b`) })
  }

  reminder(title: string): Locator {
    return this.notifications.getByTestId('reminder-item').filter({ hasText: title })
  }
}
