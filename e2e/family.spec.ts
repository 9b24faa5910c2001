// The Family page and the invite (join) flow, against the real server: the owner
// invites an adult, a teen and a viewer through the page; each opens the link in a browser of
// their own and joins (a new account made through the form and onboarding, an existing account
// signed in from the invite, one already signed in); the owner changes a role, revokes an invite,
// removes a member (the confirmation says what moves where), hands the household over; a member
// leaves. Also: refusals on the join page, the phone layout, the keyboard, and axe in both themes.
// With KINWISE_SHOTS_DIR set, screenshots of the pages go there (desktop and phone, light and dark).
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import {
  acceptInvite,
  createInvite,
  getHousehold,
  newUser,
  seedAccountWithVisibility,
  signUpOnboarded,
  register,
  seed,
  type TestUser,
} from './support/api'
import { expect, test } from './support/fixtures'
import { FamilyPage, JoinPage } from './page-models/family-page'
import { LoginPage } from './page-models/login-page'
import { OnboardingPage } from './page-models/onboarding-page'
import { checkAxe } from './support/axe'

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1440, height: 900 }
const SHOTS = process.env.KINWISE_SHOTS_DIR

function tokenOf(link: string): string {
  const token = new URL(link).pathname.split('/').pop()
  if (!token) throw new Error(`no token in ${link}`)
  return token
}

async function newBrowser(
  browser: Browser,
  baseURL: string | undefined,
  options: { theme?: 'light' | 'dark'; viewport?: typeof PHONE } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    locale: 'en-US',
    timezoneId: 'UTC',
    viewport: options.viewport ?? DESKTOP,
  })
  if (options.theme) {
    await context.addInitScript((t) => localStorage.setItem('theme', t), options.theme)
  }
  return { context, page: await context.newPage() }
}

async function noSideways(page: Page, what: string): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width, `${what} scrolls sideways`).toBeLessThanOrEqual(PHONE.width)
}

/** A screenshot into KINWISE_SHOTS_DIR (the whole page, or what the screen shows with a dialog). */
async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  if (!SHOTS) return
  mkdirSync(SHOTS, { recursive: true })
  await page.waitForLoadState('networkidle')
  await expect(page.locator('.animate-pulse')).toHaveCount(0)
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage })
}

test('the owner invites an adult, a teen and a viewer; they join; roles change, an invite is revoked, a member is removed, one leaves, ownership moves', async ({
  page,
  context,
  browser,
  baseURL,
  freshUser: owner,
}) => {
  test.setTimeout(300_000)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const family = new FamilyPage(page)
  await family.goto()

  // alone: the empty state, and the household can be renamed
  await expect(family.empty).toContainText('Just you so far')
  await expect(family.members).toHaveCount(1)
  await expect(family.member(/Robin Tester/)).toContainText('(you)')
  await expect(family.member(/Robin Tester/).getByTestId('role-badge')).toHaveText('Owner')
  await expect(family.pendingInvites).toContainText('No invites waiting.')
  await shot(page, 'family-empty-desktop-light')
  await family.summary.getByRole('button', { name: 'Rename' }).click()
  await family.dialog.getByLabel('Name', { exact: true }).fill('   ')
  await family.dialog.getByRole('button', { name: 'Save name' }).click()
  await expect(family.dialog).toContainText('Name is required')
  await family.dialog.getByLabel('Name', { exact: true }).fill('The Testers')
  await family.dialog.getByRole('button', { name: 'Save name' }).click()
  await expect(family.toast('Household renamed')).toBeVisible()
  await expect(family.summary.getByRole('heading', { name: 'The Testers' })).toBeVisible()

  // invite an adult: the role comes with what it allows, the link is copied to the clipboard
  await family.inviteButton.click()
  await expect(family.dialog.getByRole('radio', { name: 'Teen' })).toHaveAccessibleDescription(
    'Their own accounts and the accounts shared with teens; can add transactions to them.',
  )
  await family.dialog.getByRole('button', { name: 'Close' }).click()
  const adultLink = await family.invite('Adult', 3)
  expect(adultLink).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/join\/[\w-]+$/)
  await expect(family.dialog).toContainText('can join as an adult once')
  await family.dialog.getByRole('button', { name: 'Copy' }).click()
  await expect(family.toast('Link copied')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(adultLink)
  await family.closeDialog()
  const teenLink = await family.invite('Teen')
  await family.closeDialog()
  const viewerLink = await family.invite('Viewer', 1)
  await family.closeDialog()
  const spareLink = await family.invite('Adult')
  await family.closeDialog()
  await expect(family.invites).toHaveCount(4)
  await expect(family.invites.filter({ hasText: 'Teen' })).toHaveCount(1)
  // copy a pending invite's link again
  await page.evaluate(() => navigator.clipboard.writeText(''))
  await family.page.getByRole('button', { name: 'Copy link of the teen invite' }).click()
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(teenLink)

  // the adult is new: the link, "Create an account", the form, onboarding, then back to the invite
  const avery = newUser('Avery')
  const adult = await newBrowser(browser, baseURL)
  await adult.page.goto(adultLink)
  const adultJoin = new JoinPage(adult.page)
  await expect(adultJoin.heading).toHaveText('You’re invited to a household on Kinwise')
  await adult.page.getByRole('link', { name: 'Create an account' }).click()
  await expect(adult.page).toHaveURL(/\/auth\/login\?tab=register$/)
  await expect(adult.page.getByRole('form', { name: 'Create account' })).toBeVisible()
  await new LoginPage(adult.page).register(avery)
  const onboarding = new OnboardingPage(adult.page)
  await expect(onboarding.stepCounter).toHaveText('Step 1 of 4')
  await expect(adult.page.getByTestId('invite-waiting')).toBeVisible()
  await onboarding.skip.click()
  await onboarding.getStarted.click()
  await expect(adult.page).toHaveURL(new RegExp(`/join/${tokenOf(adultLink)}$`))
  await expect(adultJoin.heading).toHaveText('Join “The Testers”')
  await expect(adultJoin.root).toContainText('Robin Tester invited you to join as an adult.')
  await expect(adultJoin.consequences).toContainText('You join “The Testers” as an adult.')
  await expect(adultJoin.consequences).toContainText('You have no accounts to bring along.')
  await adultJoin.joinButton.click()
  await expect(adult.page).toHaveURL(/\/family$/)
  await expect(
    adult.page.getByTestId('toast').filter({ hasText: 'Welcome to “The Testers”' }),
  ).toContainText('You joined as an adult.')
  const adultFamily = new FamilyPage(adult.page)
  await expect(adultFamily.member(/Avery Tester/).getByTestId('role-badge')).toHaveText('Adult')

  // the teen has an account already, and is signed in when they open the link
  const teen = await newBrowser(browser, baseURL)
  const tess = await signUpOnboarded(teen.context.request, 'Tess')
  await seed.account(teen.context.request, {
    name: 'Pocket money',
    type: 'checking',
    openingBalance: 40,
  })
  await teen.page.goto(teenLink)
  const teenJoin = new JoinPage(teen.page)
  await expect(teenJoin.root).toContainText('invited you to join as a teen.')
  await expect(teenJoin.consequences).toContainText('Your account “Pocket money” comes along')
  await teenJoin.joinButton.click()
  await expect(teen.page).toHaveURL(/\/family$/)

  // the viewer has an account but is signed out: "Sign in" brings them back to the invite
  const viewer = await newBrowser(browser, baseURL)
  const vic = newUser('Vic')
  await register(viewer.context.request, vic)
  await viewer.context.request.post('/api/user/onboarding-complete')
  await viewer.context.clearCookies()
  await viewer.page.goto(viewerLink)
  await viewer.page.getByRole('link', { name: 'Sign in' }).click()
  await new LoginPage(viewer.page).signIn(vic.email, vic.password)
  await expect(viewer.page).toHaveURL(new RegExp(`/join/${tokenOf(viewerLink)}$`))
  await new JoinPage(viewer.page).joinButton.click()
  await expect(viewer.page).toHaveURL(/\/family$/)

  // the owner sees everyone with their role; one invite is still pending
  await family.goto()
  await expect(family.members).toHaveCount(4)
  for (const [name, role] of [
    ['Robin Tester', 'Owner'],
    ['Avery Tester', 'Adult'],
    ['Tess Tester', 'Teen'],
    ['Vic Tester', 'Viewer'],
  ] as const) {
    await expect(family.member(new RegExp(name)).getByTestId('role-badge')).toHaveText(role)
  }
  // the teen's account came along as a private one: the owner does not see it
  await expect(family.member(/Tess Tester/)).toContainText('No accounts you can see.')
  await expect(family.empty).toHaveCount(0)
  await expect(family.invites).toHaveCount(1)

  // change a role
  await family.memberAction('Vic Tester', 'Change role')
  await family.dialog.getByRole('radio', { name: 'Adult' }).check()
  await family.dialog.getByRole('button', { name: 'Change role' }).click()
  await expect(family.toast('Role changed')).toContainText('Vic Tester is now an adult.')
  await expect(family.member(/Vic Tester/).getByTestId('role-badge')).toHaveText('Adult')

  // revoke the spare invite; its link then says it was cancelled
  await family.page.getByRole('button', { name: 'Revoke the adult invite' }).click()
  await expect(family.dialog.getByTestId('revoke-text')).toContainText(
    'The adult invite link stops working at once',
  )
  await family.dialog.getByRole('button', { name: 'Revoke invite' }).click()
  await expect(family.toast('Invite revoked')).toBeVisible()
  await expect(family.pendingInvites).toContainText('No invites waiting.')
  await teen.page.goto(spareLink)
  await expect(teenJoin.refusal).toContainText(
    'This invite was cancelled by the household’s owner. Ask for a new link.',
  )
  // a used link is refused too
  await teen.page.goto(adultLink)
  await expect(teenJoin.refusal).toContainText('This invite has already been used.')

  // remove the adult: the confirmation says their private accounts go, the shared one stays
  await seedAccountWithVisibility(adult.context.request, {
    name: 'Joint checking',
    type: 'checking',
    openingBalance: 500,
    visibility: 'shared',
  })
  await family.goto()
  await expect(family.member(/Avery Tester/)).toContainText('Joint checking')
  await expect(family.member(/Avery Tester/)).toContainText('Shared')
  await family.memberAction('Avery Tester', 'Remove from household')
  const removeText = family.dialog.getByTestId('remove-text')
  await expect(removeText).toContainText(
    "Avery Tester’s private accounts, if they have any, go with them, with their transactions, into a household of their own (“Avery's household”).",
  )
  await expect(removeText).toContainText(
    'Their account Joint checking, which the household can see, stays in “The Testers” and becomes yours.',
  )
  await family.dialog.getByRole('button', { name: 'Remove Avery Tester' }).click()
  await expect(family.toast('Avery Tester was removed')).toBeVisible()
  await expect(family.members).toHaveCount(3)
  await expect(family.member(/Robin Tester/)).toContainText('Joint checking')
  await adultFamily.goto()
  await expect(adultFamily.summary).toContainText("Avery's household")
  await expect(adultFamily.empty).toContainText('Just you so far')

  // the teen sees the members read-only and leaves, taking their private account along
  const teenFamily = new FamilyPage(teen.page)
  await teenFamily.goto()
  await expect(teenFamily.members).toHaveCount(3)
  await expect(teenFamily.summary).toContainText('You are a teen')
  await expect(teen.page.getByRole('button', { name: 'Invite someone' })).toHaveCount(0)
  await expect(teen.page.getByRole('button', { name: /^Actions for/ })).toHaveCount(0)
  await expect(teenFamily.pendingInvites).toHaveCount(0)
  await expect(teenFamily.member(/Tess Tester/)).toContainText('Pocket money')
  await expect(teenFamily.member(/Tess Tester/)).toContainText('Private')
  await teenFamily.leaveButton.click()
  await expect(teenFamily.dialog.getByTestId('leave-text')).toContainText(
    "Your private account Pocket money goes with you, with its transactions, into a household of your own (“Tess's household”).",
  )
  await teenFamily.dialog.getByRole('button', { name: 'Leave household' }).click()
  await expect(teenFamily.toast('You left “The Testers”')).toBeVisible()
  await expect(teenFamily.summary).toContainText("Tess's household")
  await expect(teenFamily.member(/Tess Tester/).getByTestId('role-badge')).toHaveText('Owner')
  await expect(teenFamily.member(/Tess Tester/)).toContainText('Pocket money')
  await expect(teenFamily.empty).toBeVisible()
  expect((await getHousehold(teen.context.request)).members).toHaveLength(1)
  expect(tess.firstName).toBe('Tess')

  // hand the household to Vic: the owner becomes an adult and may leave
  await family.goto()
  await expect(family.members).toHaveCount(2)
  await family.memberAction('Vic Tester', 'Make owner')
  await expect(family.dialog.getByTestId('transfer-text')).toContainText('You become an adult')
  await family.dialog.getByRole('button', { name: 'Make Vic Tester the owner' }).click()
  await expect(family.toast('Vic Tester is now the owner')).toBeVisible()
  await expect(family.member(/Vic Tester/).getByTestId('role-badge')).toHaveText('Owner')
  await expect(family.member(/Robin Tester/).getByTestId('role-badge')).toHaveText('Adult')
  await expect(family.summary).toContainText('You are an adult')
  await expect(page.getByRole('button', { name: 'Invite someone' })).toHaveCount(0)
  await expect(family.leaveButton).toBeVisible()
  expect(owner.firstName).toBe('Robin')

  for (const b of [adult, teen, viewer]) await b.context.close()
})

test('the join page refuses plainly: already a member, a household to leave first, an unknown link', async ({
  page,
  browser,
  baseURL,
  freshUser: _owner,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 404/)
  const { token } = await createInvite(page.request, { role: 'viewer' })
  const join = new JoinPage(page)
  // the owner opens their own link
  await page.goto(`/join/${token}`)
  await expect(join.blocked).toContainText('You are already a member of this household')
  await expect(join.joinButton).toHaveCount(0)
  await expect(join.blocked.getByRole('link', { name: 'Go to the Family page' })).toBeVisible()

  // someone whose household has another member is told to leave it first
  const other = await newBrowser(browser, baseURL)
  await signUpOnboarded(other.context.request, 'Olly')
  const { token: theirs } = await createInvite(other.context.request, { role: 'adult' })
  const partner = await newBrowser(browser, baseURL)
  await signUpOnboarded(partner.context.request, 'Pat')
  await acceptInvite(partner.context.request, theirs)
  await other.page.goto(`/join/${token}`)
  const otherJoin = new JoinPage(other.page)
  await expect(otherJoin.blocked).toContainText('Leave your current household first')
  await expect(otherJoin.blocked.getByRole('link', { name: 'Go to the Family page' })).toBeVisible()
  await shot(other.page, 'join-leave-first-desktop-light')

  // a link that never existed
  await page.goto('/join/not-a-real-invite-token')
  await expect(join.refusal).toContainText('This invite link does not exist.')
  await expect(join.refusal.getByRole('link', { name: 'Go to your dashboard' })).toBeVisible()
  await page.setViewportSize(PHONE)
  await shot(page, 'join-unknown-phone-light')
  for (const b of [other, partner]) await b.context.close()
})

test('an invite opened by a signed-in person who has not finished onboarding waits for it', async ({
  page,
  browser,
  baseURL,
  freshUser: _owner,
}) => {
  const { token } = await createInvite(page.request, { role: 'teen' })
  const invitee = await newBrowser(browser, baseURL)
  await register(invitee.context.request, newUser('Nia'))
  await invitee.page.goto(`/join/${token}`)
  const onboarding = new OnboardingPage(invitee.page)
  await expect(onboarding.stepCounter).toHaveText('Step 1 of 4')
  await expect(invitee.page.getByTestId('invite-waiting')).toBeVisible()
  await invitee.page.setViewportSize(PHONE)
  await shot(invitee.page, 'onboarding-invite-waiting-phone-light')
  await invitee.page.setViewportSize(DESKTOP)
  // every other path still shows onboarding
  await invitee.page.goto('/accounts')
  await expect(onboarding.stepCounter).toHaveText('Step 1 of 4')
  await onboarding.skip.click()
  await onboarding.getStarted.click()
  const join = new JoinPage(invitee.page)
  await expect(invitee.page).toHaveURL(new RegExp(`/join/${token}$`))
  // Cancel goes to the dashboard and does not come back to the invite
  await join.cancelButton.click()
  await expect(invitee.page.getByTestId('dashboard')).toBeVisible()
  await invitee.page.goto('/goals')
  await expect(invitee.page).toHaveURL(/\/goals$/)
  expect((await getHousehold(invitee.context.request)).members).toHaveLength(1)
  await invitee.context.close()
})

test('on a phone the Family and Join pages fit the screen and work from the keyboard', async ({
  browser,
  baseURL,
  page,
  freshUser: _owner,
}) => {
  await page.setViewportSize(PHONE)
  await seed.account(page.request, {
    name: 'Everyday checking',
    type: 'checking',
    openingBalance: 1200,
  })
  const member = await newBrowser(browser, baseURL, { viewport: PHONE })
  await signUpOnboarded(member.context.request, 'Maximilian-Alexander')
  const { token } = await createInvite(page.request, { role: 'teen' })
  await member.page.goto(`/join/${token}`)
  await expect(new JoinPage(member.page).consequences).toBeVisible()
  await noSideways(member.page, 'the join page')
  await new JoinPage(member.page).joinButton.click()
  await expect(member.page).toHaveURL(/\/family$/)
  await noSideways(member.page, 'the family page of a teen')

  const family = new FamilyPage(page)
  await family.goto()
  await expect(family.members).toHaveCount(2)
  await noSideways(page, 'the family page')
  // keyboard: the member's menu opens with Enter, arrows move, Enter picks
  const trigger = page.getByRole('button', { name: /^Actions for Maximilian-Alexander/ })
  await trigger.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('menuitem', { name: 'Change role' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(family.dialog.getByRole('radio', { name: 'Teen' })).toBeChecked()
  await family.dialog.getByRole('radio', { name: 'Teen' }).focus()
  await page.keyboard.press('ArrowUp')
  await expect(family.dialog.getByRole('radio', { name: 'Adult' })).toBeChecked()
  await page.keyboard.press('Escape')
  await expect(family.dialog).toHaveCount(0)
  // the invite dialog fits too
  await family.inviteButton.click()
  await shot(page, 'family-invite-form-phone-light', false)
  await family.dialog.getByRole('button', { name: 'Create invite link' }).click()
  await expect(family.dialog.getByTestId('invite-link')).toBeVisible()
  await noSideways(page, 'the invite dialog')
  const box = await family.dialog.boundingBox()
  expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true)
  await member.context.close()
})

for (const theme of ['light', 'dark'] as const) {
  test(`Family and Join pages have no axe violations (${theme}), owner and teen, desktop and phone`, async ({
    page,
    browser,
    baseURL,
    freshUser: _owner,
  }) => {
    test.setTimeout(180_000)
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme)
    const api = page.request
    await seed.account(api, { name: 'Joint checking', type: 'checking', openingBalance: 2400 })
    await seedAccountWithVisibility(api, {
      name: 'Car loan',
      type: 'loan',
      openingBalance: -8000,
      visibility: 'balance_only',
    })
    await seedAccountWithVisibility(api, {
      name: 'My savings',
      type: 'savings',
      openingBalance: 900,
      visibility: 'private',
    })
    const teen = await newBrowser(browser, baseURL, { theme })
    const teenUser: TestUser = await signUpOnboarded(teen.context.request, 'Tess')
    await seed.account(teen.context.request, {
      name: 'Pocket money',
      type: 'checking',
      openingBalance: 40,
    })
    const { token: teenToken } = await createInvite(api, { role: 'teen' })
    // the join page, signed in, before joining
    await teen.page.goto(`/join/${teenToken}`)
    await expect(new JoinPage(teen.page).consequences).toBeVisible()
    await checkAxe(teen.page, `the join page (${theme})`)
    await shot(teen.page, `join-desktop-${theme}`)
    await teen.page.setViewportSize(PHONE)
    await shot(teen.page, `join-phone-${theme}`)
    await teen.page.setViewportSize(DESKTOP)
    await new JoinPage(teen.page).joinButton.click()
    await expect(teen.page).toHaveURL(/\/family$/)
    await createInvite(api, { role: 'adult', expiresInDays: 2 })

    const family = new FamilyPage(page)
    await family.goto()
    await expect(family.members).toHaveCount(2)
    await expect(family.invites).toHaveCount(1)
    await checkAxe(page, `the family page as owner (${theme})`)
    await shot(page, `family-owner-desktop-${theme}`)
    await page.setViewportSize(PHONE)
    await shot(page, `family-owner-phone-${theme}`)
    await page.setViewportSize(DESKTOP)
    await family.memberAction('Tess Tester', 'Remove from household')
    await checkAxe(page, `the remove confirmation (${theme})`)
    await page.keyboard.press('Escape')
    await family.inviteButton.click()
    await checkAxe(page, `the invite dialog (${theme})`)
    await family.dialog.getByRole('button', { name: 'Create invite link' }).click()
    await expect(family.dialog.getByTestId('invite-link')).toBeVisible()
    await shot(page, `family-invite-link-desktop-${theme}`, false)

    const teenFamily = new FamilyPage(teen.page)
    await teenFamily.goto()
    await checkAxe(teen.page, `the family page as a teen (${theme})`)
    await shot(teen.page, `family-teen-desktop-${theme}`)
    await teen.page.setViewportSize(PHONE)
    await shot(teen.page, `family-teen-phone-${theme}`)
    await teenFamily.leaveButton.click()
    await checkAxe(teen.page, `the leave confirmation (${theme})`)
    await shot(teen.page, `family-teen-leave-phone-${theme}`, false)
    expect(teenUser.firstName).toBe('Tess')

    // signed out, the link explains itself
    const visitor = await newBrowser(browser, baseURL, { theme })
    await visitor.page.goto(`/join/${teenToken}`)
    await expect(new JoinPage(visitor.page).heading).toHaveText(
      'You’re invited to a household on Kinwise',
    )
    await checkAxe(visitor.page, `the join page signed out (${theme})`)
    await shot(visitor.page, `join-signed-out-desktop-${theme}`)
    for (const b of [teen, visitor]) await b.context.close()
  })
}
