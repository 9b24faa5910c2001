// Settings → API tokens: a member makes a read-only token, sees it once and copies
// it, a script (a request context with no cookies) reads the month's spending with it and is
// refused a write, the list shows when it was last used, and revoking it (after a confirmation)
// stops it. Desktop and phone, light and dark, axe on the page and in the dialogs.
import { request as playwrightRequest } from '@playwright/test'
import { isoToday, seed } from './support/api'
import { checkAxe } from './support/axe'
import { expect, test } from './support/fixtures'
import { lookEverywhere, shot } from './support/look'

test('make a read-only token, copy it, use it from a script, see it used, revoke it', async ({ page, context, baseURL, freshUser }) => {
  // the whole Settings page is looked at four times, axe included: long on a busy 2-core machine
  test.setTimeout(240_000)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const account = await seed.account(page.request, { name: 'Everyday', type: 'checking', openingBalance: 800 })
  await seed.transaction(page.request, { accountId: account.id, amount: -23.45, date: isoToday(), merchant: 'Corner shop' })

  await page.goto('/settings')
  const section = page.getByRole('region', { name: 'API tokens' }).or(page.locator('[aria-labelledby="api-tokens-title"]'))
  await expect(section.getByText('No API tokens yet.', { exact: false })).toBeVisible()
  await section.getByRole('button', { name: 'New token' }).click()

  const dialog = page.getByRole('dialog', { name: 'New API token' })
  await expect(dialog).toBeVisible()
  // the server's own rules: a name is needed
  await dialog.getByRole('button', { name: 'Make token' }).click()
  await expect(dialog.getByText('Give the token a name')).toBeVisible()
  await dialog.getByLabel('Name').fill('Spreadsheet')
  await expect(dialog.getByRole('radio', { name: /Read only/ })).toBeChecked()
  await dialog.getByLabel('Expires after').selectOption('30')
  await checkAxe(page, 'new API token dialog')
  await shot(page, 'api-tokens-new-dialog', false)
  await dialog.getByRole('button', { name: 'Make token' }).click()

  const shown = page.getByRole('dialog', { name: 'Your new API token' })
  await expect(shown.getByText('this is the only time Kinwise shows it')).toBeVisible()
  const token = await shown.getByTestId('new-api-token').inputValue()
  expect(token).toMatch(/^kw_[A-Za-z0-9_-]{43}$/)
  await shown.getByRole('button', { name: 'Copy token' }).click()
  await expect(page.getByText('Token copied').first()).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token)
  await checkAxe(page, 'API token shown once')
  await shot(page, 'api-tokens-shown-once', false)
  await shown.getByRole('button', { name: 'Done' }).click()

  // the list shows the name and the prefix, never the token
  const list = page.getByRole('list', { name: 'Your API tokens' })
  await expect(list.getByText('Spreadsheet')).toBeVisible()
  await expect(list.getByText('Never used')).toBeVisible()
  await expect(list.getByText(`${token.slice(0, 11)}…`)).toBeVisible()
  await expect(page.getByText(token)).toHaveCount(0)

  // a script: no cookies, the token in the header
  const script = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } })
  const month = await script.get('/api/analytics/monthly-summary')
  expect(month.status()).toBe(200)
  expect(Math.abs((await month.json()).expenses)).toBe(23.45)
  const write = await script.post('/api/transactions', { data: { accountId: account.id, amount: -1, date: isoToday(), merchant: 'x' } })
  expect(write.status()).toBe(403)
  expect((await write.json()).code).toBe('TOKEN_READ_ONLY')
  const exported = await script.get('/api/export')
  expect((await exported.json()).code).toBe('TOKEN_NOT_ALLOWED')

  // its use is shown
  await page.reload()
  await expect(list.getByText(/Last used/)).toBeVisible()
  await lookEverywhere(page, 'settings-api-tokens', async () => {
    await expect(list.getByText('Spreadsheet')).toBeVisible()
  })

  // revoke, after a confirmation; the script is refused at once
  await list.getByRole('button', { name: 'Revoke Spreadsheet' }).click()
  const confirm = page.getByRole('dialog', { name: 'Revoke “Spreadsheet”?' })
  await expect(confirm.getByText('stop working at once')).toBeVisible()
  await checkAxe(page, 'revoke API token dialog')
  await confirm.getByRole('button', { name: 'Revoke token' }).click()
  await expect(page.getByText('Token revoked').first()).toBeVisible()
  await expect(section.getByText('No API tokens yet.', { exact: false })).toBeVisible()
  expect((await script.get('/api/analytics/monthly-summary')).status()).toBe(401)
  await script.dispose()
  void freshUser
})
