// Categorization rules, against the real server: created and edited in the dialog,
// reordered by the arrows and by dragging, switched off and deleted; run over stored rows; and
// applied to a CSV at import (the preview says which rule chose the category), then undone.
import AxeBuilder from '@axe-core/playwright'
import { writeFileSync } from 'node:fs'
import { categoryId, isoToday, seed } from './support/api'
import { expect, test } from './support/fixtures'
import { ImportPage } from './page-models/import-page'
import { RulesPage } from './page-models/rules-page'

type StoredRow = { merchant: string; categoryId: string | null; notes: string }

test('rules are created, edited, reordered, switched off and deleted', async ({
  page,
  freshUser: _user,
}) => {
  const rules = new RulesPage(page)
  await rules.goto()
  await expect(rules.root).toContainText('No rules yet')

  await rules.newRule.click()
  await rules.fillPayeeRule('Coffee', 'coffee', 'Dining Out')
  await rules.save()
  await expect(rules.toast('Rule added')).toBeVisible()
  await expect(rules.item('Coffee')).toContainText('Payee contains “coffee”')
  await expect(rules.item('Coffee')).toContainText('set category Dining Out')

  // a second rule with an amount range and two actions, matching any condition
  await rules.newRule.click()
  await rules.dialog.getByLabel('Name', { exact: true }).fill('Small groceries')
  await rules.dialog.getByLabel('Condition 1: text').fill('market')
  await rules.dialog.getByRole('button', { name: 'Add a condition' }).click()
  await rules.dialog.getByLabel('Condition 2: what to look at').selectOption('amount')
  await rules.dialog.getByLabel('Condition 2: how to compare').selectOption('between')
  await rules.dialog.getByLabel('Condition 2: from amount').fill('5')
  await rules.dialog.getByLabel('Condition 2: to amount').fill('abc')
  await rules.dialog.getByRole('radio', { name: 'any condition' }).check()
  await rules.dialog.getByLabel('Set the category').selectOption({ label: 'Groceries' })
  await rules.dialog.getByLabel('Rename the payee to').fill('Market')
  await rules.dialog.getByRole('button', { name: 'Add rule' }).click()
  // the form refuses what the server would, and says where
  await expect(rules.dialog).toContainText('Enter an amount such as 12.34')
  await rules.dialog.getByLabel('Condition 2: to amount').fill('40')
  await rules.save()
  await expect(rules.item('Small groceries')).toContainText(
    'Payee contains “market” or Money out between $5.00 and $40.00',
  )
  await expect(rules.item('Small groceries')).toContainText(
    'set category Groceries, rename the payee to “Market”',
  )
  expect(await rules.names()).toEqual(['Coffee', 'Small groceries'])

  // a bad pattern is refused with the reason
  await rules.page.getByRole('button', { name: 'Edit Coffee' }).click()
  await rules.dialog.getByLabel('Condition 1: how to compare').selectOption('regex')
  // (patterns run on RE2, which has no back-references: (a+)+ is harmless there and allowed)
  await rules.dialog.getByLabel('Condition 1: pattern').fill('(a)\\1')
  await rules.dialog.getByRole('button', { name: 'Save rule' }).click()
  await expect(rules.dialog).toContainText('Back-references (\\1) are not allowed in a rule')
  await rules.dialog.getByLabel('Condition 1: pattern').fill('coffee|espresso')
  await rules.dialog.getByLabel('Name', { exact: true }).fill('Coffee shops')
  await rules.save()
  await expect(rules.item('Coffee shops')).toContainText('Payee matches /coffee|espresso/')

  // the order: arrows, then dragging by the handle; it is kept by the server
  await page.getByRole('button', { name: 'Move Coffee shops down' }).click()
  await expect.poll(() => rules.names()).toEqual(['Small groceries', 'Coffee shops'])
  await rules
    .item('Coffee shops')
    .locator('[draggable="true"]')
    .dragTo(rules.item('Small groceries'))
  await expect.poll(() => rules.names()).toEqual(['Coffee shops', 'Small groceries'])
  await page.reload()
  await expect.poll(() => rules.names()).toEqual(['Coffee shops', 'Small groceries'])

  // off, then deleted
  await page.getByRole('switch', { name: 'Small groceries: on' }).click()
  await expect(rules.item('Small groceries')).toContainText('Off')
  await page.reload()
  await expect(rules.item('Small groceries')).toContainText('Off')
  await page.getByRole('button', { name: 'Delete Small groceries' }).click()
  await rules.dialog.getByRole('button', { name: 'Delete rule' }).click()
  await expect(rules.toast('Rule deleted')).toBeVisible()
  await expect(rules.items).toHaveCount(1)
})

test('rules are applied to existing transactions, only uncategorized ones by default', async ({
  page,
  freshUser: _user,
}) => {
  const api = page.request
  const account = await seed.account(api, {
    name: 'Checking',
    type: 'checking',
    openingBalance: 100,
  })
  const groceries = await categoryId(api, 'Groceries')
  const dining = await categoryId(api, 'Dining Out')
  await seed.transaction(api, {
    accountId: account.id,
    amount: -3.2,
    date: isoToday(-1),
    merchant: 'Corner Coffee',
  })
  await seed.transaction(api, {
    accountId: account.id,
    amount: -5.1,
    date: isoToday(-2),
    merchant: 'Coffee Cart',
    categoryId: groceries,
  })
  const created = await api.post('/api/rules', {
    data: {
      name: 'Coffee',
      conditions: [{ field: 'payee', operator: 'contains', value: 'coffee' }],
      actions: { setCategoryId: dining, addNote: 'Coffee run' },
    },
  })
  expect(created.ok(), await created.text()).toBe(true)

  const rules = new RulesPage(page)
  await rules.goto()
  await expect(rules.item('Coffee')).toContainText('add the note “Coffee run”')
  await rules.apply.getByRole('button', { name: 'Apply rules now' }).click()
  await expect(rules.applyResult).toContainText('1 transaction changed')

  const rows = async (): Promise<StoredRow[]> =>
    (await api.get(`/api/transactions?accountId=${account.id}`)).json()
  expect((await rows()).find((r) => r.merchant === 'Corner Coffee')).toMatchObject({
    categoryId: dining,
    notes: 'Coffee run',
  })
  expect((await rows()).find((r) => r.merchant === 'Coffee Cart')?.categoryId).toBe(groceries)

  await rules.apply.getByLabel('Only transactions without a category').uncheck()
  await rules.apply.getByRole('button', { name: 'Apply rules now' }).click()
  await expect(rules.applyResult).toContainText('1 transaction changed')
  expect((await rows()).find((r) => r.merchant === 'Coffee Cart')?.categoryId).toBe(dining)
})

test('a rule categorizes a payee at import, and the import can be undone from its summary', async ({
  page,
  freshUser: _user,
  allowConsoleErrors,
}, testInfo) => {
  // a CSV names no account: the first look at it answers 400 ACCOUNT_REQUIRED, by design
  allowConsoleErrors(/status of 400/)
  const api = page.request
  const account = await seed.account(api, {
    name: 'Travel Card',
    type: 'credit_card',
    openingBalance: 0,
  })
  const dining = await categoryId(api, 'Dining Out')

  const rules = new RulesPage(page)
  await rules.goto()
  await rules.newRule.click()
  await rules.fillPayeeRule('Coffee', 'coffee', 'Dining Out')
  await rules.save()
  await page.getByRole('link', { name: 'Import', exact: true }).click()

  const csv = testInfo.outputPath('card.csv')
  writeFileSync(
    csv,
    `Date,Description,Amount\n${isoToday(-2)},BLUE BOTTLE COFFEE 0042,-4.75\n${isoToday(-1)},Hardware Store,-19.99\n`,
  )
  const importPage = new ImportPage(page)
  await importPage.upload(csv)
  await importPage.accountSelect.selectOption({ label: 'Travel Card · Credit card' })
  await importPage.continueButton.click()
  await expect(importPage.parsedRows).toContainText('BLUE BOTTLE COFFEE 0042')
  await importPage.continueButton.click()
  // each row's category is a choice in the review, preset from the rule or left empty
  await expect(importPage.reviewRow(2).getByRole('combobox').locator('option:checked')).toHaveText('Dining Out')
  await expect(importPage.reviewRow(2)).toContainText('by a rule')
  await expect(importPage.reviewRow(3).getByRole('combobox').locator('option:checked')).toHaveText('No category')
  await importPage.importButton.click()
  await expect(importPage.stat('added')).toContainText('2')

  const stored: StoredRow[] = await (
    await api.get(`/api/transactions?accountId=${account.id}`)
  ).json()
  expect(stored.find((r) => r.merchant === 'BLUE BOTTLE COFFEE 0042')?.categoryId).toBe(dining)

  await importPage.summary.getByRole('button', { name: 'Undo import' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Undo import' }).click()
  await expect(page.getByTestId('import-undone')).toContainText(
    'This import was undone: 2 transactions removed',
  )
  const after: StoredRow[] = await (
    await api.get(`/api/transactions?accountId=${account.id}`)
  ).json()
  expect(after).toEqual([])
})

for (const theme of ['light', 'dark'] as const) {
  test(`the rules page and its dialog have no axe violations (${theme})`, async ({
    page,
    freshUser: _user,
  }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme)
    const rules = new RulesPage(page)
    await rules.goto()
    await rules.newRule.click()
    await rules.fillPayeeRule('Coffee', 'coffee', 'Dining Out')
    await rules.save()
    await expect(page.locator('.animate-pulse')).toHaveCount(0)
    const check = async (what: string) => {
      const results = await new AxeBuilder({ page }).analyze()
      expect(
        results.violations.map((v) => ({
          id: v.id,
          nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
        })),
        what,
      ).toEqual([])
    }
    await check(`the rules page (${theme})`)
    await page.getByRole('button', { name: 'Edit Coffee' }).click()
    await expect(rules.dialog).toBeVisible()
    await check(`the rule dialog (${theme})`)
  })
}
