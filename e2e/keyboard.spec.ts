// Keyboard only: representative dialogs (the account form, add transaction on a phone, a confirm
// dialog behind a row's "…" menu, the mobile menu drawer, the notification dropdown) are reached
// with Tab, opened with Enter, closed with Escape or their Cancel button, and at each step the
// focused control shows a focus ring (:focus-visible, with an outline or ring drawn) and, once
// the dialog closes, focus is back on the control that opened it.
import type { Locator, Page } from '@playwright/test'
import { isoToday, seed } from './support/api'
import { expect, test } from './support/fixtures'
import { DESKTOP, PHONE } from './support/look'

/** Presses Tab until `target` has focus (at most `max` times): how a keyboard user gets there. */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  const handle = await target.elementHandle()
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab')
    if (await page.evaluate((el) => el === document.activeElement, handle)) return
  }
  throw new Error(`${max} presses of Tab never reached ${target.toString()}`)
}

/** What has focus matches :focus-visible and draws something: an outline or a ring (box-shadow). */
async function expectFocusShown(page: Page, where: string): Promise<void> {
  const focus = await page.evaluate(() => {
    const el = document.activeElement
    if (el === null || el === document.body) return null
    const style = getComputedStyle(el)
    return {
      what: `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`,
      visible: el.matches(':focus-visible'),
      drawn:
        (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
        style.boxShadow !== 'none',
    }
  })
  expect(focus, `something has focus ${where}`).not.toBeNull()
  expect(focus, `focus is shown ${where}`).toMatchObject({ visible: true, drawn: true })
}

/** Focus sits inside the open dialog (or popover) and shows. */
async function expectFocusInside(page: Page, dialog: Locator, where: string): Promise<void> {
  await expect(dialog).toBeVisible()
  await expect
    .poll(() => dialog.evaluate((el) => el.contains(document.activeElement)), {
      message: `focus moves into ${where}`,
    })
    .toBe(true)
  await expectFocusShown(page, `inside ${where}`)
}

/** The dialog is gone and focus is back on its trigger, shown. */
async function expectFocusBack(page: Page, dialog: Locator, trigger: Locator, where: string) {
  await expect(dialog).toBeHidden()
  await expect(trigger, `focus returns to the trigger of ${where}`).toBeFocused()
  await expectFocusShown(page, `on the trigger of ${where}`)
}

test.describe('keyboard only', () => {
  test('account form, confirm dialog and notification dropdown on a desktop', async ({
    page,
    freshUser: _user,
  }) => {
    test.setTimeout(120_000)
    await page.setViewportSize(DESKTOP)
    await seed.account(page.request, { name: 'Checking', type: 'checking', openingBalance: 900 })
    await seed.goal(page.request, { name: 'Bike', targetAmount: 600, currentAmount: 50 })
    await seed.reminder(page.request, { title: 'Pay the plumber', dueDate: isoToday(1) })

    // the account form: Tab to "Add account", Enter, Escape
    await page.goto('/accounts')
    const addAccount = page.getByRole('button', { name: 'Add account' })
    await expect(addAccount).toBeVisible()
    await tabTo(page, addAccount)
    await expectFocusShown(page, 'on Add account')
    await page.keyboard.press('Enter')
    const accountForm = page.getByRole('dialog')
    await expectFocusInside(page, accountForm, 'the account form')
    await page.keyboard.press('Escape')
    await expectFocusBack(page, accountForm, addAccount, 'the account form')

    // a confirm dialog behind a goal's "…" menu: Enter, End to Delete, Enter, then Cancel
    await page.goto('/goals')
    const actions = page.getByRole('button', { name: 'Actions for Bike' })
    await expect(actions).toBeVisible()
    await tabTo(page, actions)
    await expectFocusShown(page, 'on the goal’s menu')
    await page.keyboard.press('Enter')
    const menu = page.getByRole('menu')
    await expect(menu).toBeVisible()
    await page.keyboard.press('End')
    await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeFocused()
    await page.keyboard.press('Enter')
    const confirm = page.getByRole('dialog')
    await expectFocusInside(page, confirm, 'the confirm dialog')
    const cancel = confirm.getByRole('button', { name: 'Cancel' })
    await tabTo(page, cancel, 5)
    await page.keyboard.press('Enter')
    await expectFocusBack(page, confirm, actions, 'the confirm dialog')
    await expect(page.getByText('Bike').first()).toBeVisible()

    // the notification dropdown: Tab to the bell, Enter, Escape
    const bell = page.getByRole('button', { name: /^Notifications/ })
    await tabTo(page, bell)
    await expectFocusShown(page, 'on the bell')
    await page.keyboard.press('Enter')
    const dropdown = page.getByRole('dialog', { name: 'Notifications' })
    await expect(dropdown.getByText('Pay the plumber')).toBeVisible()
    await expectFocusInside(page, dropdown, 'the notification dropdown')
    await page.keyboard.press('Escape')
    await expectFocusBack(
      page,
      dropdown,
      page.getByRole('button', { name: /^Notifications/ }),
      'the notification dropdown',
    )
  })

  test('add transaction and the menu drawer on a phone', async ({ page, freshUser: _user }) => {
    test.setTimeout(120_000)
    await page.setViewportSize(PHONE)
    await seed.account(page.request, { name: 'Checking', type: 'checking', openingBalance: 900 })

    // add transaction: a dialog on a phone
    await page.goto('/transactions')
    const add = page.getByRole('button', { name: 'Add transaction' })
    await expect(add).toBeEnabled()
    await tabTo(page, add)
    await expectFocusShown(page, 'on Add transaction')
    await page.keyboard.press('Enter')
    const form = page.getByRole('dialog')
    await expectFocusInside(page, form, 'the transaction form')
    await page.keyboard.press('Escape')
    await expectFocusBack(page, form, add, 'the transaction form')

    // the mobile menu drawer: open, move through it, close with Escape
    const openMenu = page.getByRole('button', { name: 'Open menu' })
    await tabTo(page, openMenu)
    await expectFocusShown(page, 'on Open menu')
    await page.keyboard.press('Enter')
    const drawer = page.getByRole('dialog', { name: 'Menu' })
    await expectFocusInside(page, drawer, 'the menu drawer')
    await page.keyboard.press('Tab')
    await expectFocusShown(page, 'inside the menu drawer, one Tab on')
    await page.keyboard.press('Escape')
    await expectFocusBack(
      page,
      drawer,
      page.getByRole('button', { name: 'Open menu' }),
      'the menu drawer',
    )

    // and a link in the drawer takes a keyboard user to another page
    await page.getByRole('button', { name: 'Open menu' }).press('Enter')
    await expect(drawer).toBeVisible()
    const goals = drawer.getByRole('link', { name: 'Goals' })
    await tabTo(page, goals)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/goals$/)
    await expect(drawer).toBeHidden()
  })
})
