// Registration through the form, the onboarding gate, the four onboarding steps (Next, Skip to
// end, Get Started) and arriving on the dashboard.
import { newUser } from './support/api'
import { expect, test } from './support/fixtures'
import { LoginPage } from './page-models/login-page'
import { OnboardingPage } from './page-models/onboarding-page'

test('the registration form explains what is wrong before sending anything', async ({ page }) => {
  const login = new LoginPage(page)
  await login.goto()
  await login.registerTab.click()
  await login.registerForm.getByRole('button', { name: 'Create account' }).click()
  await expect(login.fieldError(login.registerForm, 'First name is required')).toBeVisible()
  await expect(login.fieldError(login.registerForm, 'Enter a valid e-mail address')).toBeVisible()
  await expect(
    login.fieldError(login.registerForm, 'Password must be at least 10 characters'),
  ).toBeVisible()
  await expect(
    login.fieldError(
      login.registerForm,
      'You must accept the terms and confirm that you are 18 or older',
    ),
  ).toBeVisible()
  await expect(page).toHaveURL(/\/auth\/login$/)
})

test('signing in with a wrong password shows the server refusal', async ({ page }) => {
  const login = new LoginPage(page)
  await login.goto()
  await login.signIn('nobody@example.test', 'not-the-password')
  await expect(login.signInForm.getByRole('alert')).toBeVisible()
  await expect(page).toHaveURL(/\/auth\/login$/)
})

test('register, walk through onboarding with Next, Skip and Get Started, land on the dashboard', async ({
  page,
}) => {
  const user = newUser('Morgan')
  const login = new LoginPage(page)
  await login.goto()
  await login.register(user)

  const onboarding = new OnboardingPage(page)
  await expect(onboarding.stepCounter).toHaveText('Step 1 of 4')
  await expect(onboarding.title).toHaveText('Welcome to Kinwise, Morgan!')
  await expect(onboarding.card).toHaveAttribute('data-step', 'welcome')
  await expect(onboarding.getStarted).toHaveCount(0)

  await onboarding.next.click()
  await expect(onboarding.stepCounter).toHaveText('Step 2 of 4')
  await expect(onboarding.card).toHaveAttribute('data-step', 'track')

  // every path shows onboarding until it is finished
  await page.goto('/accounts')
  await expect(onboarding.stepCounter).toHaveText('Step 1 of 4')
  await onboarding.next.click()
  await onboarding.next.click()
  await expect(onboarding.card).toHaveAttribute('data-step', 'plan')

  await onboarding.skip.click()
  await expect(onboarding.stepCounter).toHaveText('Step 4 of 4')
  await expect(onboarding.card).toHaveAttribute('data-step', 'secure')
  await expect(onboarding.next).toHaveCount(0)
  await expect(onboarding.skip).toHaveCount(0)

  const completion = page.waitForResponse((r) => r.url().endsWith('/api/user/onboarding-complete'))
  await onboarding.getStarted.click()
  expect((await completion).status()).toBe(200)
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByTestId('dashboard')).toBeVisible()
  await expect(page.getByRole('heading', { name: /Morgan/ })).toBeVisible()

  await page.reload()
  await expect(page.getByTestId('dashboard')).toBeVisible()
})

test('finishing onboarding goes to the dashboard even when the completion call fails', async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 500/)
  const login = new LoginPage(page)
  await login.goto()
  await login.register(newUser('Casey'))
  const onboarding = new OnboardingPage(page)
  await onboarding.skip.click()
  await page.route('**/api/user/onboarding-complete', (route) =>
    route.fulfill({ status: 500, body: 'boom' }),
  )
  await onboarding.getStarted.click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByTestId('dashboard')).toBeVisible()
})
