// /bank-connections against the real server and a local SimpleFIN Bridge that follows the public
// protocol (the server's own fake, started here; scripts/e2e-server.mjs runs the app with
// KINWISE_ALLOW_LOCAL_PROVIDERS=true so it may reach 127.0.0.1). An adult of a basic household:
// without two-step verification the page says why and points to the MFA page; with it, a setup
// token connects, one bank account is linked to an account they already have and the other
// creates a new one, the first sync's transactions show on /transactions, a token used twice is
// flagged as possibly stolen, Sync now adds nothing the second time, the bridge's own message
// shows on the connection, and Disconnect keeps the accounts; a server without Plaid says so.
// Plaid (configured against the local fake Plaid that scripts/e2e-server.mjs starts, with a
// stand-in for Link's script): a bank that asks to log in again offers Fix login, which asks the
// server for a Link token in update mode for that connection, opens Link with it, and syncs
// once Link succeeds; leaving the household removes the item at Plaid. Looked at on a desktop
// and a phone, light and dark, with axe.
import {
  startFakeSimplefin,
  type FakeSimplefin,
} from '../src/server/integrations/banks/fake-simplefin'
import type { FakePlaidAccount, FakePlaidTransaction } from '../src/server/integrations/banks/fake-plaid'
import { acceptInvite, completeOnboarding, createInvite, seed, signIn, signUpOnboarded } from './support/api'
import { E2E_BASE_URL, expect, test } from './support/fixtures'
import { lookEverywhere, shot } from './support/look'
import { fakePlaid } from './support/plaid'
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
    // a server without Plaid keys says who can turn it on (this one has them: the answer is changed)
    const providers = '**/api/bank-connections/providers'
    await page.route(providers, (route) =>
      route.fulfill({ json: { simplefin: true, plaid: false, limit: 3, used: 0 } }),
    )
    await page.reload()
    const connect = page.getByTestId('connect-card')
    await expect(connect).toBeVisible()
    await expect(connect.getByTestId('plaid-off')).toContainText('PLAID_CLIENT_ID')
    await expect(connect.getByText('Not set up on this server')).toBeVisible()
    await page.unroute(providers)
    await page.reload()
    await expect(connect.getByRole('button', { name: 'Connect with Plaid' })).toBeEnabled()
    await expect(connect.getByTestId('plaid-off')).toHaveCount(0)
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

    // the bridge's own message for the member (its top-level errors): on the connection and in
    // what the sync brought; the accounts still synced
    fake.errors.push('Maple Community Bank may need your attention at SimpleFIN Bridge')
    await card.getByRole('button', { name: 'Sync Maple Community Bank now' }).click()
    await expect(card.getByTestId('sync-result')).toContainText(
      'SimpleFIN Bridge: Maple Community Bank may need your attention at SimpleFIN Bridge',
    )
    await expect(card.getByTestId('connection-error')).toHaveText(
      'SimpleFIN Bridge: Maple Community Bank may need your attention at SimpleFIN Bridge.',
    )
    await expect(card.getByTestId('connection-status')).toHaveText('Working')
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

const PLAID_ACCOUNTS: FakePlaidAccount[] = [
  {
    account_id: 'e2e-chk',
    name: 'Platypus Checking',
    mask: '0000',
    type: 'depository',
    subtype: 'checking',
    balances: { current: 820.5, available: 800, iso_currency_code: 'USD', limit: null },
  },
]

/** A posted row of the checking account; Plaid's amounts are positive for money out. */
function plaidRow(id: string, amount: number, name: string): FakePlaidTransaction {
  const date = new Date(Date.now() - 2 * DAY * 1000).toISOString().slice(0, 10)
  return {
    transaction_id: id,
    account_id: 'e2e-chk',
    amount,
    date,
    name,
    merchant_name: name,
    pending: false,
    pending_transaction_id: null,
    iso_currency_code: 'USD',
  }
}

/** Where react-plaid-link loads Plaid's script from (the server's CSP allows it with Plaid on). */
const LINK_SCRIPT = 'https://cdn.plaid.com/link/v2/stable/link-initialize.js'

/**
 * A stand-in for Plaid's script (no internet here): Plaid.create keeps what Link was given, open()
 * notes the token it opened with, and succeed() is the member finishing the login in Link.
 */
const LINK_STAND_IN = `
window.Plaid = {
  create: function (config) {
    var link = {
      opened: null,
      succeed: function () {
        config.onSuccess('public-e2e-update', { institution: { name: 'First Platypus Bank', institution_id: 'ins_1' }, accounts: [], link_session_id: 'e2e' })
      },
    }
    window.kinwiseLink = link
    setTimeout(function () { if (config.onLoad) config.onLoad() }, 0)
    return {
      open: function () { link.opened = config.token },
      exit: function () {},
      destroy: function () {},
      submit: function () {},
    }
  },
}
`

type LinkStandIn = { kinwiseLink?: { opened: string | null; succeed(): void } }

test('bank connections: a bank that asks to log in again is fixed through Plaid Link (update mode)', async ({
  page,
  playwright,
}) => {
  test.setTimeout(240_000)
  // an adult of the basic household, with two-step verification
  const owner = await playwright.request.newContext({ baseURL: E2E_BASE_URL })
  await signIn(owner, TIER_USERS.basic)
  await completeOnboarding(owner)
  const invite = await createInvite(owner, { role: 'adult' })
  await owner.dispose()
  await signUpOnboarded(page.request, 'Lee')
  await acceptInvite(page.request, invite.token)
  await enableMfaByApi(page.request)

  // connected through Plaid (the public token Link hands over, exchanged by the server) and synced
  const item = await fakePlaid.publicToken(PLAID_ACCOUNTS, 'First Platypus Bank')
  const created = await page.request.post('/api/bank-connections', {
    data: { provider: 'plaid', publicToken: item.publicToken },
  })
  expect(created.status(), await created.text()).toBe(201)
  const connection: { id: string } = await created.json()
  await fakePlaid.add(item.itemId, plaidRow('e2e-bakery', 12.5, 'Corner Bakery'))
  const first = await page.request.post(`/api/bank-connections/${connection.id}/sync`)
  expect((await first.json()).added).toBe(1)

  // the bank asks the member to log in again: the next sync says so
  await fakePlaid.loginRequired(item.itemId, true)
  await fakePlaid.add(item.itemId, plaidRow('e2e-books', 30, 'Harbor Books'))
  const refused = await page.request.post(`/api/bank-connections/${connection.id}/sync`)
  expect((await refused.json()).errors[0].message).toContain('log in again')

  await page.route(LINK_SCRIPT, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: LINK_STAND_IN }),
  )
  await page.goto('/bank-connections')
  const card = page.getByTestId('connection-card').filter({ hasText: 'First Platypus Bank' })
  await expect(card.getByTestId('connection-status')).toHaveText('Log in again')
  await expect(card).toContainText('Choose Fix login and sign in to your bank in Plaid’s window.')
  // no Sync now while the bank waits for the login
  await expect(card.getByRole('button', { name: 'Sync First Platypus Bank now' })).toHaveCount(0)
  // one note says what to do; the scheduled sync waits for the login
  await expect(card.getByTestId('connection-error')).toHaveCount(0)
  await expect(card.getByTestId('connection-health')).toContainText('Next scheduled syncPaused until it is fixed')
  const fix = card.getByRole('button', { name: 'Fix login' })
  await expect(fix).toBeEnabled()
  await lookEverywhere(page, 'bank-connections-login-required', async () => {
    await expect(fix).toBeVisible()
  })

  // Fix login asks the server for a Link token for this connection...
  const asked = page.waitForRequest(
    (r) => r.url().endsWith('/api/bank-connections/plaid/link-token') && r.method() === 'POST',
  )
  const answered = page.waitForResponse(
    (r) => r.url().endsWith('/api/bank-connections/plaid/link-token') && r.request().method() === 'POST',
  )
  await fix.click()
  expect((await asked).postDataJSON()).toEqual({ connectionId: connection.id })
  const answer = await answered
  expect(answer.status()).toBe(200)
  const { linkToken }: { linkToken: string } = await answer.json()
  // ...which the server gets from Plaid in update mode: the item's access token and no products
  const tokenCall = (await fakePlaid.calls()).filter((c) => c.path === '/link/token/create').at(-1)
  expect(tokenCall?.body.access_token).toBe(item.accessToken)
  expect(tokenCall?.body.products).toBeUndefined()
  // Link opens with that token
  await expect
    .poll(() => page.evaluate(() => (window as LinkStandIn).kinwiseLink?.opened ?? null))
    .toBe(linkToken)

  // the member logs in to the bank in Link: the item works again, and the page syncs at once
  await fakePlaid.loginRequired(item.itemId, false)
  await page.evaluate(() => (window as LinkStandIn).kinwiseLink?.succeed())
  await expect(card.getByTestId('sync-result')).toContainText('1 new transaction.')
  await expect(card.getByTestId('connection-status')).toHaveText('Working')
  await expect(card.getByRole('button', { name: 'Fix login' })).toHaveCount(0)
  await expect(card.getByTestId('connection-error')).toHaveCount(0)
  await shot(page, 'bank-connections-login-fixed', false)

  // leaving the household takes the connection along: Plaid is told to remove the item
  const left = await page.request.post('/api/household/leave')
  expect(left.status(), await left.text()).toBe(200)
  expect(await fakePlaid.hasItem(item.itemId)).toBe(false)
})
