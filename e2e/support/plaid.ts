// The specs' side of the local Plaid the e2e server is configured with (e2e/support/
// fake-plaid-server.ts): what a spec does at "Plaid" — Link's public token, new transactions, a
// bank that asks to log in again — and what it reads back (the calls the server made).
import { expect } from '@playwright/test'
import type { FakePlaidAccount, FakePlaidTransaction } from '../../src/server/integrations/banks/fake-plaid'
import { E2E_PLAID_CONTROL_URL } from './plaid-ports.mjs'

async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
  const res = await fetch(`${E2E_PLAID_CONTROL_URL}${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  })
  expect(res.ok, `${method} ${path} at the fake Plaid: ${String(res.status)}`).toBe(true)
  return res
}

export type PlaidCall = { path: string; body: Record<string, unknown> }

export const fakePlaid = {
  /** A new item with these accounts, and the public token Link's onSuccess would hand over. */
  async publicToken(accounts: FakePlaidAccount[], institution: string): Promise<{ publicToken: string; itemId: string; accessToken: string }> {
    return (await call('POST', '/public-token', { accounts, institution })).json() as Promise<{ publicToken: string; itemId: string; accessToken: string }>
  },
  async add(itemId: string, transaction: FakePlaidTransaction): Promise<void> {
    await call('POST', `/items/${encodeURIComponent(itemId)}/transactions`, transaction)
  },
  /** The bank asks the member to log in again (ITEM_LOGIN_REQUIRED), or no longer does. */
  async loginRequired(itemId: string, value: boolean): Promise<void> {
    await call('POST', `/items/${encodeURIComponent(itemId)}/login-required`, { value })
  },
  async calls(): Promise<PlaidCall[]> {
    return (await call('GET', '/calls')).json() as Promise<PlaidCall[]>
  },
  async hasItem(itemId: string): Promise<boolean> {
    return ((await (await call('GET', `/items/${encodeURIComponent(itemId)}`)).json()) as { exists: boolean }).exists
  },
}
