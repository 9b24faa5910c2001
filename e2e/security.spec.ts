// The Content-Security-Policy allows no inline style: the dashboard, a dialog and a
// toast render without a single CSP violation, and API answers are not cached.
import { expect, test } from './support/fixtures'
import { AccountsPage } from './page-models/accounts-page'
import { DashboardPage } from './page-models/dashboard-page'

test('the dashboard, a dialog and a toast break no rule of the CSP', async ({ page, freshUser: _user }) => {
  const violations: string[] = []
  page.on('console', (message) => {
    if (/style-src|Refused to apply inline style|Applying inline style/i.test(message.text())) violations.push(message.text())
  })
  // every style the policy refuses (zod's probe for eval is refused too, as it should be, and
  // it then does without: not counted here)
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      if (event.violatedDirective.startsWith('style-src')) console.error(`Refused to apply: CSP ${event.violatedDirective} ${event.blockedURI}`)
    })
  })

  const dashboard = new DashboardPage(page)
  await dashboard.goto()
  await dashboard.waitForData()
  const csp = (await page.request.get('/')).headers()['content-security-policy'] ?? ''
  expect(csp).toContain("style-src 'self'")
  expect(csp).not.toContain('unsafe-inline')
  const api = await page.request.get('/api/auth/user')
  expect(api.headers()['cache-control']).toBe('no-store')

  // a dialog (its scroll lock) and the toast that confirms the new account
  const accounts = new AccountsPage(page)
  await accounts.goto()
  await accounts.addButton.first().click()
  await expect(page.getByRole('dialog')).toBeVisible()
  // the scroll lock's rules are applied (as a constructable stylesheet, not a <style> element)
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden')
  await page.keyboard.press('Escape')
  await accounts.create({ name: 'Everyday Checking', type: 'Checking', balance: '100' })
  await expect(page.getByText('Account added').first()).toBeVisible()
  await dashboard.goto()
  await dashboard.waitForData()

  // a dialog on a page that scrolls: the lock then also pads for the scroll bar
  await page.setViewportSize({ width: 1024, height: 400 })
  await page.goto('/settings')
  await page.getByTestId('your-data').getByRole('button', { name: 'Delete my account' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden')
  await page.keyboard.press('Escape')
  expect(violations).toEqual([])
})
