// /bank-connections against the real server and a local SimpleFIN Bridge that follows the public
// protocol (the server's own fake, started here; scripts/e2e-server.mjs runs the app with
// KINWISE_ALLOW_LOCAL_PROVIDERS=true so it may reach 127.0.0.1). An adult of a basic household:
// without two-step verification the page says why and points to the MFA page; with it, a setup
// token connects, one bank account is linked to an account they already have and the other
// creates a new one, the first sync's transactions show on /transactions, a token used twice is
// flagged as possibly stolen, Sync now adds nothing the second time, and Disconnect keeps the
// accounts. Plaid is not configured here, and the page says so. Looked at on a desktop and a
// phone, light and dark, with axe.
import {
  startFakeSimplefin,
  type FakeSimplefin,
} from '../src/server/integrations/banks/fake-simplefin'
import { acceptInvite, completeOnboarding, createInvite, seed, signIn, signUpOnboarded } from './support/api'
import { E2E_BASE_URL, expect, test } from './support/fixtures'
import { lookEverywhere, shot } from './support/look'
import { enableMfaByApi } from './support/totp'
import { TIER_USERS } from './support/tier-users.mjs'

const DAY = 86_400
const now = () => Math.floor(Date.now() / 1000)

function bank(fake: FakeSimplefin): void {
  const at = now()
  fake.accounts.push(
    {
      id: 'ACT-checking',
      name: 'Everyday Checking',
      currency: 'USD',
      balance: '1234.56',
      'available-balance': '1200.00',
      'balance-date': at,
      org: { domain: 'bank.example', name: 'Maple Community Bank' },
      transactions: [
        {
          id: 'T-pay',
          posted: at - 5 * DAY,
          amount: '2500.00',
          description: 'ACME PAYROLL',
          payee: 'Acme Payroll',
        },
        {
          id: 'T-groc',
          posted: at - 3 * DAY,
          amount: '-42.10',
          description: 'CORNER GROCERY #12',
          payee: 'Corner Grocery',
        },
      ],
    },
    {
      id: 'ACT-visa',
      name: 'Rewards Visa',
      currency: 'USD',
      balance: '-310.25',
      'balance-date': at,
      org: { domain: 'bank.example', name: 'Maple Community Bank' },
      transactions: [
        {
          id: 'T-books',
          posted: at - 2 * DAY,
          amount: '-89.99',
          description: 'ONLINE BOOKS',
          payee: 'Harbor Books',
        },
      ],
    },
  )
}

test('bank connections: MFA first, connect SimpleFIN, link and create accounts, sync, disconnect', async ({
  page,
  playwright,
  allowConsoleErrors,
}) => {
  test.setTimeout(300_000)
  // the already-claimed token is refused on purpose (409)
  allowConsoleErrors(/status of 409/)
  const fake = await startFakeSimplefin()
  bank(fake)
  try {
    // an adult of the basic household (the plan belongs to the household)
    const owner = await playwright.request.newContext({ baseURL: E2E_BASE_URL })
    await signIn(owner, TIER_USERS.basic)
    await completeOnboarding(owner)
    const invite = await createInvite(owner, { role: 'adult' })
    await owner.dispose()
    await signUpOnboarded(page.request, 'Dana')
    await acceptInvite(page.request, invite.token)
    const mine = await seed.account(page.request, {
      name: 'Household Checking',
      type: 'checking',
      openingBalance: 0,
    })

    // without two-step verification: why, and where to turn it on
    await page.goto('/bank-connections')
    const mfaCard = page.getByTestId('mfa-needed')
    await expect(mfaCard).toContainText('Turn on two-step verification first')
    await expect(mfaCard.getByRole('link', { name: 'Set up two-step verification' })).toHaveAttribute(
      'href',
      '/mfa-settings',
    )
    await expect(page.getByTestId('connect-card')).toHaveCount(0)
    await expect(page.getByText('No banks connected yet.')).toBeVisible()
    await lookEverywhere(page, 'bank-connections-mfa-off', async () => {
      await expect(mfaCard).toBeVisible()
    })

    await enableMfaByApi(page.request)
    await page.reload()
    const connect = page.getByTestId('connect-card')
    await expect(connect).toBeVisible()
    await expect(connect.getByTestId('plaid-off')).toContainText('PLAID_CLIENT_ID')
    await expect(connect.getByText('Not set up on this server')).toBeVisible()
    await expect(page.getByText('No banks connected yet.')).toBeVisible()

    // the form's own check, then a token that connects
    const form = page.getByRole('form', { name: 'Connect with SimpleFIN' })
    await form.getByRole('button', { name: 'Connect with SimpleFIN' }).click()
    await expect(form.getByText('Paste the setup token from SimpleFIN Bridge')).toBeVisible()
    const token = fake.setupToken()
    await form.getByLabel('Setup token').fill(token)
    await form.getByRole('button', { name: 'Connect with SimpleFIN' }).click()

    // which Kinwise account each bank account feeds: one already here, and a new one
    const dialog = page.getByRole('dialog', { name: 'Link Maple Community Bank accounts' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByTestId('link-row')).toHaveCount(2)
    await dialog.getByLabel('Where Everyday Checking goes').selectOption({ label: 'Household Checking' })
    await expect(dialog.getByLabel('Where Rewards Visa goes')).toHaveValue('new')
    await expect(dialog.getByLabel('Type')).toHaveValue('credit_card')
    await expect(dialog.getByLabel('New account’s name')).toHaveValue('Rewards Visa')
    await shot(page, 'bank-connections-link-dialog', false)
    await dialog.getByRole('button', { name: 'Link and sync' }).click()
    await expect(dialog).toBeHidden()

    const card = page.getByTestId('connection-card').filter({ hasText: 'Maple Community Bank' })
    await expect(card.getByTestId('sync-result')).toContainText('3 new transactions.')
    await expect(card.getByTestId('connection-status')).toHaveText('Working')
    const health = card.getByTestId('connection-health')
    await expect(health).not.toContainText('Last successful syncNot yet')
    await expect(card.getByTestId('connection-account')).toHaveCount(2)
    await expect(card.getByTestId('connection-account').first()).toContainText(
      'Feeds Household Checking',
    )
    await expect(card.getByText('Feeds Rewards Visa')).toBeVisible()
    await expect(card).toContainText('$1,234.56')
    await expect(card).toContainText('-$310.25')

    // the same token again: already claimed, maybe by someone else
    await form.getByLabel('Setup token').fill(token)
    await form.getByRole('button', { name: 'Connect with SimpleFIN' }).click()
    await expect(form.getByTestId('token-claimed')).toContainText('someone else may have it')
    await form.getByLabel('Setup token').fill('')

    // the synced rows, in the account chosen and in the new one
    await page.goto('/transactions')
    await expect(page.getByText('Corner Grocery').first()).toBeVisible()
    await expect(page.getByText('Acme Payroll').first()).toBeVisible()
    await expect(page.getByText('Harbor Books').first()).toBeVisible()
    const accounts = await page.request.get('/api/accounts')
    const list: { id: string; name: string }[] = await accounts.json()
    expect(list.some((a) => a.id === mine.id)).toBe(true)
    expect(list.some((a) => a.name === 'Rewards Visa')).toBe(true)

    // a second sync of the same window adds nothing
    await page.goto('/bank-connections')
    await card.getByRole('button', { name: 'Sync Maple Community Bank now' }).click()
    await expect(card.getByTestId('sync-result')).toContainText(
      'Nothing new: everything was already up to date.',
    )
    await lookEverywhere(page, 'bank-connections', async () => {
      await expect(card.getByTestId('connection-health')).toBeVisible()
    })

    // keyboard: the token field, the connect button and the card's actions are reachable
    await form.getByLabel('Setup token').focus()
    await page.keyboard.press('Tab')
    await expect(form.getByRole('link', { name: /SimpleFIN Bridge/ })).toBeFocused()

    // disconnect: says the stored access is deleted; the accounts stay
    await card.getByRole('button', { name: 'Disconnect Maple Community Bank' }).click()
    const confirm = page.getByRole('dialog', { name: 'Disconnect Maple Community Bank?' })
    await expect(confirm).toContainText('deletes the access it stored')
    await shot(page, 'bank-connections-disconnect', false)
    await confirm.getByRole('button', { name: 'Disconnect' }).click()
    await expect(confirm).toBeHidden()
    await expect(page.getByTestId('connection-card')).toHaveCount(0)
    await expect(page.getByText('No banks connected yet.')).toBeVisible()
    const after: { name: string }[] = await (await page.request.get('/api/accounts')).json()
    expect(after.map((a) => a.name)).toEqual(
      expect.arrayContaining(['Household Checking', 'Rewards Visa']),
    )
  } finally {
    await fake.close()
  }
})
