// What the bank-connection tests share: one app with the fakes of SimpleFIN Bridge and Plaid
// (started by setUpBankTestApp() in each file), and the steps they repeat.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect } from 'vitest'
import { transactions, users } from '#src/server/db/schema'
import { startFakePlaid, type FakePlaid, type FakePlaidAccount, type FakePlaidTransaction } from '#src/server/integrations/banks/fake-plaid'
import { startFakeSimplefin, type FakeSfinAccount, type FakeSimplefin } from '#src/server/integrations/banks/fake-simplefin'
import { createTestApp, setTestPlan, signUp, type Client, type TestContext } from '#src/server/test/helper'

export const NOW = '2026-03-15T12:00:00Z'
export const SECRET_KEY = 'cd'.repeat(32)
export const DAY = 86_400
export let t: TestContext
export let sfin: FakeSimplefin
export let plaid: FakePlaid

export const epoch = () => Math.floor(t.clock.now().getTime() / 1000)

export function setUpBankTestApp(): void {
  beforeAll(async () => {
    sfin = await startFakeSimplefin()
    plaid = await startFakePlaid()
    t = await createTestApp({
      now: NOW,
      env: {
        KINWISE_SECRET_KEY: SECRET_KEY,
        KINWISE_ALLOW_LOCAL_PROVIDERS: 'true',
        PLAID_CLIENT_ID: plaid.clientId,
        PLAID_SECRET: plaid.secret,
        PLAID_BASE_URL: plaid.url,
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      },
    })
  })
  afterAll(async () => {
    await t.close()
    await sfin.close()
    await plaid.close()
  })
}

export async function enableMfa(client: Client): Promise<void> {
  await t.database.db
    .update(users)
    .set({ totpEnabledAt: t.clock.now() })
    .where(eq(users.id, client.user.id))
}

/** A member of a household on `plan`, with a second factor. */
export async function member(plan: 'basic' | 'premium' = 'premium'): Promise<Client> {
  const c = await signUp(t.app)
  await setTestPlan(t, c, plan)
  await enableMfa(c)
  return c
}

export type Conn = {
  id: string
  status: string
  lastError: string | null
  institution: string
  accounts: {
    id: string
    name: string
    accountId: string | null
    balance: number | null
    lastError: string | null
  }[]
}
export type Sync = {
  added: number
  updated: number
  removed: number
  errors: { accountId: string | null; name: string; message: string }[]
}

export async function connectSimplefin(c: Client): Promise<Conn> {
  const res = await c.post('/api/bank-connections', {
    provider: 'simplefin',
    setupToken: sfin.setupToken(),
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json()
}

export async function sync(c: Client, id: string): Promise<Sync> {
  const res = await c.post(`/api/bank-connections/${id}/sync`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

export async function rowsOf(accountId: string) {
  return t.database.db
    .select()
    .from(transactions)
    .where(eq(transactions.accountId, accountId))
    .orderBy(transactions.date, transactions.id)
}

export async function balanceOf(c: Client, accountId: string): Promise<number> {
  return (await c.get(`/api/accounts/${accountId}`)).json().balance
}

export function sfinAccount(
  id: string,
  name: string,
  balance: string,
  txns: FakeSfinAccount['transactions'],
): FakeSfinAccount {
  return { id, name, currency: 'USD', balance, 'balance-date': epoch(), transactions: txns }
}

/** Every provider id appears once among the rows. */
export function onceEach(rows: { externalId: string | null }[]): void {
  const ids = rows.flatMap((r) => (r.externalId === null ? [] : [r.externalId]))
  expect(new Set(ids).size).toBe(ids.length)
}

export const plaidAccounts = (): FakePlaidAccount[] => [
  {
    account_id: 'pa-chk',
    name: 'Plaid Checking',
    mask: '0000',
    type: 'depository',
    subtype: 'checking',
    balances: { current: 110, available: 100, iso_currency_code: 'USD', limit: null },
  },
  {
    account_id: 'pa-cc',
    name: 'Plaid Credit Card',
    mask: '3333',
    type: 'credit',
    subtype: 'credit card',
    balances: { current: 410, available: null, iso_currency_code: 'USD', limit: 2000 },
  },
]

export function ptx(
  id: string,
  accountId: string,
  amount: number,
  date: string,
  name: string,
  extra: Partial<FakePlaidTransaction> = {},
): FakePlaidTransaction {
  return {
    transaction_id: id,
    account_id: accountId,
    amount,
    date,
    name,
    merchant_name: name,
    pending: false,
    pending_transaction_id: null,
    iso_currency_code: 'USD',
    ...extra,
  }
}

export async function connectPlaid(c: Client): Promise<{ conn: Conn; itemId: string }> {
  const token = plaid.publicToken(plaidAccounts())
  const itemId = [...plaid.items.keys()].at(-1) ?? ''
  const res = await c.post('/api/bank-connections', { provider: 'plaid', publicToken: token })
  expect(res.statusCode, res.body).toBe(201)
  return { conn: res.json(), itemId }
}
