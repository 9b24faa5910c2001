// A visitor's first look: the landing page, its links, the legal pages, the public feature pages
// and the not-found page.
import { expect, test } from './support/fixtures'
import { LandingPage } from './page-models/landing-page'

test.describe('visitor', () => {
  test('landing page shows the pitch, three feature cards and the calls to action', async ({
    page,
  }) => {
    const landing = new LandingPage(page)
    await landing.goto()
    await expect(page).toHaveTitle(/Kinwise/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(
      page.getByText(/Smart budgeting, automated insights and financial tracking/),
    ).toBeVisible()
    await expect(landing.signIn).toBeVisible()
    await expect(landing.getStarted).toHaveCount(2)
    await expect(landing.learnMore).toBeVisible()
    await expect(landing.featureCard('Smart Spending Plan')).toContainText(
      'daily spending allowance',
    )
    await expect(landing.featureCard('Smart Spending Plan')).toContainText(
      /income, bills and goals/,
    )
    await expect(landing.featureCard('All Your Accounts')).toContainText(
      'real-time balances and transaction sync',
    )
    await expect(landing.featureCard('Bank-Level Security')).toContainText('256-bit encryption')
    await expect(landing.featureCard('Bank-Level Security')).toContainText('never sold')
    await expect(landing.footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms-of-service',
    )
    await expect(landing.footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    )
  })

  test('Sign In and both Get Started Free buttons go to /auth/login', async ({ page }) => {
    const landing = new LandingPage(page)
    await landing.goto()
    await landing.signIn.click()
    await expect(page).toHaveURL(/\/auth\/login$/)
    await expect(page.getByRole('tab', { name: 'Sign in' })).toBeVisible()

    for (const index of [0, 1]) {
      await landing.goto()
      await landing.getStarted.nth(index).click()
      await expect(page).toHaveURL(/\/auth\/login$/)
    }
  })

  test('Learn More scrolls to the feature cards', async ({ page }) => {
    const landing = new LandingPage(page)
    await landing.goto()
    await landing.learnMore.click()
    await expect(page).toHaveURL(/#features$/)
    await expect(landing.features).toBeInViewport()
  })

  test('the terms carry the age, MFA and 30-day rules', async ({ page }) => {
    await new LandingPage(page).goto()
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click()
    await expect(page).toHaveURL(/\/terms-of-service$/)
    const article = page.getByRole('article')
    await expect(article.getByRole('heading', { name: 'Terms of Service' })).toBeVisible()
    await expect(article).toContainText('at least 18 years old')
    await expect(article).toContainText(
      'Multi-factor authentication is required on your Kinwise account before you can connect a bank',
    )
    await expect(article).toContainText(
      'your data remains available for you to download for 30 days',
    )
    await expect(article).toContainText("at least 30 days' notice")
    await expect(article).toContainText('bank-data aggregator')
    await expect(article).toContainText('payment provider')
  })

  test('the privacy policy names the optional services and answers requests within 30 days', async ({
    page,
  }) => {
    await page.goto('/privacy-policy')
    const article = page.getByRole('article')
    await expect(article.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible()
    await expect(article).toContainText('bank-data aggregator')
    await expect(article).toContainText('payment provider')
    await expect(article).toContainText('AI insights')
    await expect(article).toContainText('Accounting software integration')
    await expect(article).toContainText(
      'off until the operator of this self-hosted server configures it',
    )
    await expect(article).toContainText('We answer privacy requests within 30 days')
  })

  test('a feature page describes the feature and asks the visitor to sign in', async ({ page }) => {
    await page.goto('/spending-plan')
    await expect(page.getByRole('heading', { name: 'Smart Spending Plan' })).toBeVisible()
    await page.getByRole('link', { name: 'Sign in to get started' }).click()
    await expect(page).toHaveURL(/\/auth\/login$/)
  })

  test('an unknown path shows the 404 page', async ({ page }) => {
    await page.goto('/no-such-page')
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible()
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible()
  })

  test('visiting the dashboard signed out shows Unauthorized and goes to the login page', async ({
    page,
  }) => {
    // the toast shows for the 500 ms before the redirect: the page reports it as it appears
    const seen: string[] = []
    await page.exposeFunction('kwToastSeen', (text: string) => {
      seen.push(text)
    })
    await page.addInitScript(() => {
      const report: unknown = Reflect.get(window, 'kwToastSeen')
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="toast"]')?.textContent
        if (text && typeof report === 'function') report(text)
      }).observe(document, { childList: true, subtree: true, characterData: true })
    })
    await page.goto('/dashboard')
    await expect(page).toHaveURL(/\/auth\/login$/)
    await expect
      .poll(() =>
        seen.some(
          (t) =>
            t.includes('Unauthorized') && t.includes('You are logged out. Logging in again...'),
        ),
      )
      .toBe(true)
  })

  test('the theme choice is stored under "theme" and survives a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto('/')
    const html = page.locator('html')
    await expect(html).not.toHaveClass(/dark/)
    await page.getByTestId('theme-toggle').click()
    await expect(html).toHaveClass(/dark/)
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark')
    await page.reload()
    await expect(html).toHaveClass(/dark/)
    await page.getByTestId('theme-toggle').click()
    await expect(html).not.toHaveClass(/dark/)
    await page.reload()
    await expect(html).not.toHaveClass(/dark/)
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light')
  })
})
