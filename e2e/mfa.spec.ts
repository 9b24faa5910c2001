// Two-step verification against the real server: a member sets up the authenticator
// app on /mfa-settings (QR code and key, a code computed here from the key with otplib, ten
// recovery codes shown once, copied and downloaded), signs out and in again with the password
// and a code, then with a recovery code, makes new recovery codes and turns MFA off (password
// and code). Passkeys: one made by a Chromium virtual authenticator (CDP WebAuthn) on
// localhost (a passkey needs a host name, not an IP address), then signing in with it and
// removing it. The owner's policy: the switch waits for the owner's own MFA, then a member
// without MFA sees only the set-up until they finish it. axe finds nothing on the MFA page and
// the code step in both themes; with KINWISE_SHOTS_DIR set, screenshots go there (desktop and
// phone, light and dark).
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { joinHousehold, newUser, register, completeOnboarding } from './support/api'
import AxeBuilder from '@axe-core/playwright'
import { checkAxe } from './support/axe'
import { DESKTOP, lookEverywhere, PHONE, shot } from './support/look'
import { E2E_BASE_URL, expect, test } from './support/fixtures'
import { Authenticator, enableMfaByApi } from './support/totp'
import { LoginPage } from './page-models/login-page'
import { MfaPage, MfaStep } from './page-models/mfa-page'

/**
 * axe without waiting for networkidle: after a repeated navigation the /api/auth/user preload
 * sometimes never settles (reported; not this feature's), so checkAxe would wait forever on the
 * sign-in page. The code step has no skeleton to wait for.
 */
async function axeNow(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze()
  expect(
    results.violations.map((v) => ({ id: v.id, help: v.help })),
    `axe on ${what}`,
  ).toEqual([])
}

async function signOutFromSidebar(page: Page): Promise<void> {
  await page.getByTestId('sidebar').getByRole('button', { name: 'Sign out' }).click()
  // signed out is the landing page without the app shell; the path alone is not enough, since
  // a sign-out from the dashboard starts and ends on '/'
  await page.waitForURL((url) => url.pathname === '/')
  await expect(page.getByTestId('sidebar')).toHaveCount(0)
}

async function signInWithPassword(page: Page, user: { email: string; password: string }) {
  const login = new LoginPage(page)
  await login.goto()
  await login.signIn(user.email, user.password)
}

test('set up the authenticator app, sign in with a code and with a recovery code, new codes, turn it off', async ({
  page,
  context,
  freshUser: user,
  allowConsoleErrors,
}) => {
  test.setTimeout(300_000)
  // wrong codes are refused on purpose (400 at set-up)
  allowConsoleErrors(/status of 400 \(Bad Request\)/)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const mfa = new MfaPage(page)
  await mfa.goto()

  // off: what it is, one button to start; passkeys wait for the app
  await expect(mfa.status).toHaveText('Off')
  await expect(page.getByTestId('passkeys-need-totp')).toBeVisible()
  await expect(page.getByTestId('recovery-card')).toHaveCount(0)
  await lookEverywhere(page, 'mfa-off', () => mfa.status.waitFor())

  // set up: QR code and the key in text, grouped by four
  await mfa.setUpButton.click()
  await expect(mfa.dialog.getByRole('img', { name: /QR code/ })).toBeVisible()
  await expect(mfa.secret).toHaveText(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/)
  const app = new Authenticator(await mfa.secretText())
  await expect(mfa.codeInput).toHaveAttribute('autocomplete', 'one-time-code')
  await expect(mfa.codeInput).toHaveAttribute('inputmode', 'numeric')
  await checkAxe(page, 'the set-up dialog')
  await shot(page, 'mfa-setup-desktop-light', false)
  // the key copies without its spaces
  await mfa.dialog.getByRole('button', { name: 'Copy key' }).click()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await mfa.secretText())
  // too short, then wrong, then right (typed with spaces, as apps show it)
  await mfa.codeInput.fill('123')
  await mfa.dialog.getByRole('button', { name: 'Turn on two-step verification' }).click()
  await expect(mfa.dialog).toContainText('Enter the 6-digit code from your app')
  const right = await app.code()
  const wrong = right === '000000' ? '111111' : '000000'
  await mfa.codeInput.fill(wrong)
  await mfa.dialog.getByRole('button', { name: 'Turn on two-step verification' }).click()
  await expect(mfa.dialog.getByRole('alert')).toBeVisible()
  await mfa.codeInput.fill(`${right.slice(0, 3)} ${right.slice(3)}`)
  await expect(mfa.codeInput).toHaveValue(right)
  await mfa.dialog.getByRole('button', { name: 'Turn on two-step verification' }).click()

  // ten recovery codes, shown once: copy, download, "I saved them"
  await expect(mfa.recoveryCodes).toHaveCount(10)
  const codes = await mfa.codes()
  expect(new Set(codes).size).toBe(10)
  for (const code of codes) expect(code).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{2}$/)
  await checkAxe(page, 'the recovery codes')
  await shot(page, 'mfa-codes-desktop-light', false)
  await mfa.dialog.getByRole('button', { name: 'Copy codes' }).click()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'))
  const downloading = page.waitForEvent('download')
  await mfa.dialog.getByRole('button', { name: 'Download .txt' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('kinwise-recovery-codes.txt')
  const file = readFileSync(await download.path(), 'utf8')
  expect(file).toContain(`Account: ${user.email}`)
  for (const code of codes) expect(file).toContain(code)
  // a click outside does not lose the codes
  await page.mouse.click(5, 5)
  await expect(mfa.recoveryCodes).toHaveCount(10)
  await mfa.savedButton.click()
  await expect(mfa.dialog).toHaveCount(0)
  await expect(mfa.toast('Two-step verification is on')).toBeVisible()
  await expect(mfa.status).toHaveText('On')
  await expect(mfa.codesLeft).toHaveText('10 recovery codes left')
  await expect(page.getByTestId('mfa-app-card')).toContainText('On since')
  // opened by an IP address, passkeys cannot work: the page says so and offers none
  await expect(mfa.passkeysCard).toContainText('not by an IP address')
  await expect(mfa.passkeysCard.getByRole('button', { name: 'Add a passkey' })).toBeDisabled()
  await lookEverywhere(page, 'mfa-on', () => mfa.status.waitFor())

  // sign out; the password alone is not enough now: the code step, then a wrong and a right code
  await signOutFromSidebar(page)
  await signInWithPassword(page, user)
  const step = new MfaStep(page)
  await expect(step.root).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible()
  await expect(page).toHaveTitle('Two-step verification · Kinwise')
  // nothing is signed in yet
  expect((await page.request.get('/api/auth/user')).status()).toBe(401)
  expect((await page.request.get('/api/accounts')).status()).toBe(401)
  await expect(step.codeInput).toBeFocused()
  await expect(step.codeInput).toHaveAttribute('autocomplete', 'one-time-code')
  await expect(step.usePasskey).toHaveCount(0)
  await lookEverywhere(page, 'mfa-code-step', () => step.codeInput.waitFor(), axeNow)
  // the same step on its own address (single sign-on comes back to /auth/login?mfa=1); no axe
  // after this second load of the page: the /api/auth/user preload of a repeated navigation
  // sometimes never settles, so networkidle never comes (reported; not this feature's)
  await page.goto('/auth/login?mfa=1')
  await expect(step.codeInput).toBeVisible()
  await step.codeInput.fill(wrong === '000000' ? '000001' : '000000')
  await step.verifyButton.click()
  await expect(step.error).toBeVisible()
  await step.codeInput.fill(await app.code())
  await step.codeInput.press('Enter')
  await page.waitForURL((url) => url.pathname === '/')
  await expect(page.getByTestId('page-title')).toHaveText('Dashboard')

  // with a recovery code instead: it works once
  await signOutFromSidebar(page)
  await signInWithPassword(page, user)
  await step.useRecovery.click()
  await expect(step.recoveryInput).toBeFocused()
  await axeNow(page, 'the recovery code step')
  await step.recoveryInput.fill(codes[0]?.toUpperCase() ?? '')
  await step.verifyButton.click()
  await page.waitForURL((url) => url.pathname === '/')
  await mfa.goto()
  await expect(mfa.codesLeft).toHaveText('9 recovery codes left')

  // new recovery codes (a code from the app): the old ones stop working
  await page.getByRole('button', { name: 'Make new recovery codes' }).click()
  await expect(mfa.dialog).toContainText('stop working')
  await mfa.codeInput.fill(await app.code())
  await mfa.dialog.getByRole('button', { name: 'Make new codes' }).click()
  await expect(mfa.recoveryCodes).toHaveCount(10)
  const fresh = await mfa.codes()
  expect(fresh.some((code) => codes.includes(code))).toBe(false)
  await mfa.savedButton.click()
  await expect(mfa.codesLeft).toHaveText('10 recovery codes left')

  // turn it off: the password and a code (a recovery code here); then the password is enough
  await mfa.turnOffButton.click()
  await expect(mfa.dialog).toContainText('Anyone with your password could then sign in')
  await mfa.dialog.getByLabel('Password').fill('wrong password, surely')
  await mfa.dialog.getByLabel('Code from your authenticator app').fill(fresh[1] ?? '')
  await mfa.dialog.getByRole('button', { name: 'Turn off' }).click()
  await expect(mfa.dialog.getByRole('alert')).toBeVisible()
  await expect(mfa.status).toHaveText('On')
  await mfa.dialog.getByLabel('Password').fill(user.password)
  await mfa.dialog.getByRole('button', { name: 'Turn off' }).click()
  await expect(mfa.toast('Two-step verification is off')).toBeVisible()
  await expect(mfa.status).toHaveText('Off')
  await signOutFromSidebar(page)
  await signInWithPassword(page, user)
  await page.waitForURL((url) => url.pathname === '/')
  await expect(page.getByTestId('page-title')).toHaveText('Dashboard')
})

test('a passkey from a virtual authenticator confirms a sign-in, then is removed', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  // WebAuthn needs a host name: the same server, reached as localhost
  const baseURL = E2E_BASE_URL.replace('127.0.0.1', 'localhost')
  const context = await browser.newContext({
    baseURL,
    locale: 'en-US',
    timezoneId: 'UTC',
    viewport: DESKTOP,
  })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  const user = newUser('Pat')
  await register(page.request, user)
  await completeOnboarding(page.request)
  const { app } = await enableMfaByApi(page.request)

  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  })

  const mfa = new MfaPage(page)
  await mfa.goto()
  await expect(mfa.passkeysCard).toContainText('No passkeys yet')
  await mfa.passkeysCard.getByRole('button', { name: 'Add a passkey' }).click()
  await mfa.dialog.getByRole('button', { name: 'Continue' }).click()
  await expect(mfa.dialog).toContainText('Give the passkey a name')
  await mfa.dialog.getByLabel('Name').fill('Test laptop')
  // this sign-in is fresh; one older than ten minutes is answered REAUTH_REQUIRED, played here
  // once in the server's words: "Confirm it's you" asks, the real re-authentication answers,
  // and the step runs again
  await page.route(
    '**/api/mfa/passkeys/options',
    (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'REAUTH_REQUIRED', message: 'Confirm it is you first' }),
      }),
    { times: 1 },
  )
  await mfa.dialog.getByRole('button', { name: 'Continue' }).click()
  const reauth = page.getByRole('dialog', { name: 'Confirm it’s you' })
  await expect(reauth).toBeVisible()
  await expect(reauth.getByLabel('Password')).toBeFocused()
  await checkAxe(page, 'the re-authentication dialog')
  await reauth.getByLabel('Password').fill('not my password at all')
  await reauth.getByRole('button', { name: 'Continue' }).click()
  await expect(reauth.getByRole('alert')).toBeVisible()
  // with MFA on, a code from the app works instead of the password
  await reauth.getByRole('button', { name: 'Use a code from your authenticator app' }).click()
  await reauth.getByLabel('Code from your authenticator app').fill(await app.code())
  await reauth.getByRole('button', { name: 'Continue' }).click()
  await expect(reauth).toHaveCount(0)
  await expect(mfa.toast('Passkey added')).toBeVisible()
  await expect(mfa.passkeys).toHaveCount(1)
  await expect(mfa.passkeys.first()).toContainText('Test laptop')
  await expect(mfa.passkeys.first()).toContainText('not used yet')
  await checkAxe(page, 'the MFA page with a passkey')
  await shot(page, 'mfa-passkey-desktop-light')

  // sign in: the password, then the passkey instead of a code
  await signOutFromSidebar(page)
  await signInWithPassword(page, user)
  const step = new MfaStep(page)
  await expect(step.usePasskey).toBeVisible()
  await step.usePasskey.click()
  await page.waitForURL((url) => url.pathname === '/')
  await expect(page.getByTestId('page-title')).toHaveText('Dashboard')

  await mfa.goto()
  await expect(mfa.passkeys.first()).toContainText('last used')
  await page.getByRole('button', { name: 'Remove passkey Test laptop' }).click()
  await expect(mfa.dialog).toContainText('“Test laptop” will no longer confirm your sign-ins')
  await mfa.dialog.getByRole('button', { name: 'Remove passkey' }).click()
  await expect(mfa.toast('Passkey removed')).toBeVisible()
  await expect(mfa.passkeys).toHaveCount(0)
  await expect(mfa.passkeysCard).toContainText('No passkeys yet')
  expect(errors).toEqual([])
  await context.close()
})

test('the owner requires MFA: a member without it sees only the set-up until they finish it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000)
  const ownerUser = newUser('Olive')
  await register(page.request, ownerUser)
  await completeOnboarding(page.request)

  // the switch waits for the owner's own MFA
  await page.goto('/family')
  const policy = page.getByTestId('mfa-policy')
  const toggle = policy.getByRole('switch', { name: 'Require two-step verification for everyone' })
  await expect(toggle).toBeDisabled()
  await expect(policy).toContainText('Turn on two-step verification for your own account first')
  await enableMfaByApi(page.request)
  await page.reload()
  await expect(toggle).toBeEnabled()
  await expect(toggle).not.toBeChecked()

  // a member joins, then the owner requires MFA (asked first)
  const memberContext = await browser.newContext({
    baseURL,
    locale: 'en-US',
    timezoneId: 'UTC',
    viewport: PHONE,
  })
  await joinHousehold(page.request, memberContext.request, 'adult', 'Mika')
  const memberPage = await memberContext.newPage()
  await memberPage.goto('/accounts')
  await expect(memberPage.getByTestId('mobile-nav')).toBeVisible()
  await toggle.click()
  const confirm = page.getByRole('dialog')
  await expect(confirm).toContainText(
    'Members who have not set it up will see only the set-up page',
  )
  await confirm.getByRole('button', { name: 'Require it' }).click()
  await expect(
    page.getByTestId('toast').filter({ hasText: 'Two-step verification is required' }),
  ).toBeVisible()
  await expect(toggle).toBeChecked()
  await checkAxe(page, 'the Family page with the MFA policy')
  await shot(page, 'family-mfa-policy-desktop-light')

  // the member's open app notices at its next refusal (MFA_SETUP_REQUIRED) and shows the set-up:
  // the click on Budget, or one of the app's own reads in the background if that comes first (the
  // bottom bar is gone then, and the click has nothing to click)
  const mfa = new MfaPage(memberPage)
  await memberPage
    .getByTestId('mobile-nav')
    .getByRole('link', { name: 'Budget' })
    .click({ timeout: 15_000 })
    .catch((error: unknown) => {
      if (new URL(memberPage.url()).pathname !== '/mfa-settings') throw error
    })
  await memberPage.waitForURL((url) => url.pathname === '/mfa-settings')
  await expect(mfa.restrictedBanner).toBeVisible()
  // every page leads there, with the reason and a way out
  await memberPage.goto('/transactions')
  await memberPage.waitForURL((url) => url.pathname === '/mfa-settings')
  await expect(mfa.restrictedBanner).toContainText('Your household requires two-step verification')
  await expect(mfa.status).toHaveText('Off')
  await expect(memberPage.getByTestId('mobile-nav')).toHaveCount(0)
  await expect(memberPage.getByRole('button', { name: 'Sign out' })).toBeVisible()
  // the server agrees: nothing else is open to this session
  const refused = await memberContext.request.get('/api/accounts')
  expect(refused.status()).toBe(403)
  expect(await refused.text()).toContain('MFA_SETUP_REQUIRED')
  await lookEverywhere(memberPage, 'mfa-required', () => mfa.restrictedBanner.waitFor())
  await memberPage.setViewportSize(PHONE)

  // set-up by keyboard on a phone; the codes stay on screen until "I saved them"
  await mfa.setUpButton.focus()
  await memberPage.keyboard.press('Enter')
  await mfa.secret.waitFor()
  const app = new Authenticator(await mfa.secretText())
  await mfa.codeInput.focus()
  await memberPage.keyboard.type(await app.code())
  await memberPage.keyboard.press('Enter')
  await expect(mfa.recoveryCodes).toHaveCount(10)
  await shot(memberPage, 'mfa-required-codes-phone-light', false)
  await expect(mfa.restrictedBanner).toBeVisible()
  await mfa.savedButton.click()
  // the full app now: the bottom bar, and MFA cannot be turned off while required
  await expect(memberPage.getByTestId('mobile-nav')).toBeVisible()
  await expect(mfa.restrictedBanner).toHaveCount(0)
  await expect(mfa.status).toHaveText('On')
  await expect(mfa.turnOffButton).toBeDisabled()
  await expect(
    memberPage.getByText('Your household requires two-step verification, so it stays on'),
  ).toBeVisible()
  expect((await memberContext.request.get('/api/accounts')).status()).toBe(200)
  await memberContext.close()
})
