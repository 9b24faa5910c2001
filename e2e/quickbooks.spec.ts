// /quickbooks-setup: a new adult of the premium household with a few transactions
// pastes a chart of accounts QuickBooks exported as IIF (a bad line is named), maps an account and
// a category (the suggestions by name are offered first), downloads an IIF and a QBO export of its
// account and reads them (blocks that sum to zero, MM/DD/YYYY dates; INTU.BID and the transaction
// ids as FITIDs), and sees both in the export log; the page looked at on a desktop and a phone,
// light and dark, with axe. A free household sees the plan note. Names carry a tag, since other
// specs share the premium household.
import { readFileSync } from 'node:fs'
import type { Download, Page } from '@playwright/test'
import { categoryId, isoToday, seed } from './support/api'
import { expect, test } from './support/fixtures'
import { lookEverywhere } from './support/look'
import { PREMIUM_OWNERS } from './support/tier-users.mjs'
import { joinPremiumHousehold } from './support/premium'

const tag = `q${Date.now().toString(36)}`

const CHART_IIF = [
  '!ACCNT\tNAME\tREFNUM\tACCNTTYPE\tOBAMOUNT',
  'ACCNT\tBusiness Checking\t1\tBANK\t0.00',
  'ACCNT\tFood:Groceries\t2\tEXP\t0.00',
  'ACCNT\tMeals and Entertainment\t3\tEXP\t0.00',
  'ACCNT\tPayroll Income\t4\tINC\t0.00',
  'ACCNT\tOdd One\t5\tSPACESHIP\t0.00',
].join('\r\n')

const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`

async function fileText(download: Download): Promise<string> {
  const path = await download.path()
  return readFileSync(path, 'latin1')
}

async function ready(page: Page): Promise<void> {
  await expect(page.getByTestId('qb-chart')).toBeVisible()
  await expect(page.getByTestId('qb-mappings')).toBeVisible()
  await expect(page.getByTestId('qb-log')).toBeVisible()
}

test('quickbooks setup: chart from IIF, mappings, IIF and QBO downloads, the log', async ({ page, playwright }) => {
  test.setTimeout(240_000)
  await joinPremiumHousehold(playwright.request, page.request, PREMIUM_OWNERS.quickbooks, 'adult', 'Quinn')
  const checking = await seed.account(page.request, { name: `Everyday ${tag}`, type: 'checking', openingBalance: 1000 })
  const groceries = await categoryId(page.request, 'Groceries')
  const dining = await categoryId(page.request, 'Dining Out')
  const salary = await categoryId(page.request, 'Salary')
  const dates = { pay: isoToday(-5), food: isoToday(-3), meal: isoToday(-2) }
  const pay = await seed.transaction(page.request, { accountId: checking.id, amount: 1500, date: dates.pay, merchant: 'Acme Payroll', categoryId: salary })
  const food = await seed.transaction(page.request, { accountId: checking.id, amount: -42.1, date: dates.food, merchant: 'Corner Market', categoryId: groceries })
  const meal = await seed.transaction(page.request, { accountId: checking.id, amount: -18, date: dates.meal, merchant: 'Noodle Bar', categoryId: dining })

  await page.goto('/quickbooks-setup')
  await ready(page)
  await expect(page.getByTestId('qb-chart')).toContainText('No chart of accounts yet')
  await expect(page.getByTestId('qb-log')).toContainText('No exports yet')

  // the chart, pasted as QuickBooks Desktop exports it; the line with an unknown type is named
  await page.getByLabel('Or paste it here').fill(CHART_IIF)
  await page.getByRole('button', { name: 'Import chart' }).click()
  await expect(page.getByTestId('chart-problems')).toContainText('Line 6: "SPACESHIP" is not a QuickBooks account type')
  await expect(page.getByTestId('chart-list')).toContainText('4 accounts in your chart')

  // mappings: Groceries is suggested by name; the account and Dining Out are chosen
  const mappings = page.getByTestId('qb-mappings')
  const groceriesRow = mappings.getByTestId('mapping-row').filter({ hasText: /^Groceries/ })
  await expect(groceriesRow.getByRole('combobox')).toHaveValue('Food:Groceries')
  await expect(groceriesRow).toContainText('Suggested')
  await mappings.getByLabel(`Everyday ${tag}`).selectOption('Business Checking')
  await mappings.getByLabel('Dining Out', { exact: true }).selectOption('Meals and Entertainment')
  await mappings.getByRole('button', { name: /^Save \d+ mappings?$/ }).click()
  await expect(mappings.getByRole('button', { name: 'Mappings saved' })).toBeVisible()
  await expect(groceriesRow).not.toContainText('Suggested')

  // an IIF of the account's last month
  const exporter = page.getByTestId('qb-export')
  await exporter.getByLabel('From', { exact: true }).fill(isoToday(-30))
  await exporter.getByLabel('To', { exact: true }).fill(isoToday())
  await exporter.getByLabel('Account', { exact: true }).selectOption({ label: `Everyday ${tag}` })
  const [iifDownload] = await Promise.all([page.waitForEvent('download'), exporter.getByRole('button', { name: 'Download' }).click()])
  expect(iifDownload.suggestedFilename()).toMatch(/^kinwise-quickbooks-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.iif$/)
  const iif = await fileText(iifDownload)
  expect(iif.startsWith('!TRNS\t')).toBe(true)
  const lines = iif.split('\r\n').filter(Boolean)
  expect(lines.filter((l) => l === 'ENDTRNS')).toHaveLength(3)
  expect(lines).toContain(`TRNS\t\tCHECK\t${usDate(dates.food)}\tBusiness Checking\tCorner Market\t-42.10\t\t\tN`)
  expect(lines).toContain(`SPL\t\tCHECK\t${usDate(dates.food)}\tFood:Groceries\tCorner Market\t42.10\t\t\tN`)
  expect(lines).toContain(`SPL\t\tCHECK\t${usDate(dates.meal)}\tMeals and Entertainment\tNoodle Bar\t18.00\t\t\tN`)
  // salary is not mapped: QuickBooks' own Uncategorized Income takes it
  expect(lines).toContain(`SPL\t\tDEPOSIT\t${usDate(dates.pay)}\tUncategorized Income\tAcme Payroll\t-1500.00\t\t\tN`)
  // each TRNS/SPL block sums to zero, to the cent
  let sum = 0
  for (const line of lines.slice(3)) {
    const cells = line.split('\t')
    if (cells[0] === 'ENDTRNS') {
      expect(sum).toBe(0)
      sum = 0
    } else sum += Math.round(Number(cells[6]) * 100)
  }
  await expect(page.getByTestId('qb-log').getByTestId('log-entry')).toHaveCount(1)

  // a QBO of the same days: "only new" off, since the IIF already took them
  await exporter.getByRole('radio', { name: /QBO/ }).check()
  await exporter.getByLabel('Only transactions not exported before').uncheck()
  // from the keyboard this time
  await exporter.getByRole('button', { name: 'Download' }).focus()
  const [qboDownload] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')])
  expect(qboDownload.suggestedFilename()).toMatch(/\.qbo$/)
  const qbo = await fileText(qboDownload)
  expect(qbo.startsWith('OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\n')).toBe(true)
  expect(qbo).toContain('<INTU.BID>3000\n')
  for (const [id, amount] of [
    [pay.id, '1500.00'],
    [food.id, '-42.10'],
    [meal.id, '-18.00'],
  ] as const) {
    expect(qbo).toContain(`<TRNAMT>${amount}\n<FITID>${id}\n`)
  }

  // the log: newest first
  const log = page.getByTestId('qb-log').getByTestId('log-entry')
  await expect(log).toHaveCount(2)
  await expect(log.nth(0)).toContainText('QBO')
  await expect(log.nth(0)).toContainText('3 transactions')
  await expect(log.nth(1)).toContainText('IIF')
  await expect(log.nth(1)).toContainText('only new')

  await lookEverywhere(page, 'quickbooks', () => ready(page))
})

test('quickbooks setup: a free household sees the plan note', async ({ page, freshUser: _user }) => {
  await page.goto('/quickbooks-setup')
  await expect(page.getByTestId('premium-note')).toContainText('QuickBooks Setup is a premium feature')
  await lookEverywhere(page, 'quickbooks-free', () => expect(page.getByTestId('premium-note')).toBeVisible())
})
