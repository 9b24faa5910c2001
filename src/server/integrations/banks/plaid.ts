// Plaid through its official SDK (`plaid`), pointed at PLAID_BASE_URL (or the PLAID_ENV host):
// Link tokens (update mode with an access token), public-token exchange, /item/get (institution,
// consent expiry), /transactions/sync pages, /accounts/balance/get and the webhook verification
// key. Plaid's amounts are positive for money OUT of the account and its credit/loan balances are
// positive for what is owed: both turn into Kinwise's signs here.
import type { AccountBase, PlaidApi, Transaction } from 'plaid'
import { asCents, type Cents } from '#src/domain/money'
import { BankProviderError, type ProviderAccount, type ProviderTransaction } from './bank-provider'

export type PlaidConfig = { clientId: string; secret: string; baseUrl: string }

export type PlaidSyncPage = {
  added: ProviderTransaction[]
  modified: ProviderTransaction[]
  removed: { id: string; accountId: string }[]
  nextCursor: string
  hasMore: boolean
}

export type PlaidJwk = { kid: string; kty: string; crv: string; x: string; y: string; alg: string; expiredAt: number | null }

export type PlaidClient = {
  linkToken(clientUserId: string, webhook: string | null, accessToken: string | null): Promise<{ linkToken: string; expiration: string }>
  exchange(publicToken: string): Promise<{ accessToken: string; itemId: string }>
  item(accessToken: string): Promise<{ institution: string; consentExpiresAt: Date | null }>
  syncPage(accessToken: string, cursor: string | null): Promise<PlaidSyncPage>
  balances(accessToken: string): Promise<ProviderAccount[]>
  verificationKey(kid: string): Promise<PlaidJwk>
  /** /item/remove: Plaid stops reading the bank for this item and the access token dies */
  removeItem(accessToken: string): Promise<void>
}

const toCents = (amount: number): Cents => asCents(Math.round(amount * 100))

/** The SDK throws axios errors: Plaid's error_code decides what it means. */
function providerError(error: unknown): BankProviderError {
  const data = (error as { response?: { data?: { error_code?: string; error_message?: string; display_message?: string | null } } })
    .response?.data
  const code = data?.error_code ?? null
  if (code === 'ITEM_LOGIN_REQUIRED' || code === 'PENDING_EXPIRATION' || code === 'PENDING_DISCONNECT') {
    return new BankProviderError('login_required', 'The bank asks to log in again', code)
  }
  if (code === 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION') {
    return new BankProviderError('mutation_during_pagination', 'Transactions changed during pagination', code)
  }
  if (code === 'INVALID_ACCESS_TOKEN' || code === 'ITEM_NOT_FOUND' || code === 'ACCESS_NOT_GRANTED') {
    return new BankProviderError('revoked', 'Plaid no longer accepts this connection', code)
  }
  if (code === 'INVALID_PUBLIC_TOKEN') return new BankProviderError('failed', 'The Plaid Link session expired: connect again', code)
  const words = data?.display_message ?? data?.error_message
  return new BankProviderError('failed', words ? `Plaid: ${words}` : 'Plaid could not be reached', code)
}

async function calling<T>(work: () => Promise<{ data: T }>): Promise<T> {
  try {
    return (await work()).data
  } catch (error) {
    throw providerError(error)
  }
}

function accountType(a: AccountBase): ProviderAccount['type'] {
  const type = String(a.type)
  const subtype = String(a.subtype ?? '')
  if (type === 'credit') return 'credit_card'
  if (type === 'loan') return subtype === 'mortgage' ? 'mortgage' : 'loan'
  if (type === 'investment' || type === 'brokerage') return 'investment'
  if (subtype === 'savings' || subtype === 'money market' || subtype === 'cd') return 'savings'
  if (type === 'depository') return 'checking'
  return 'other'
}

export function toProviderAccount(a: AccountBase, institution: string): ProviderAccount {
  const type = accountType(a)
  // credit and loan balances are what is owed: negative in Kinwise
  const sign = type === 'credit_card' || type === 'loan' || type === 'mortgage' ? -1 : 1
  const money = (v: number | null | undefined): Cents | null => (v === null || v === undefined ? null : asCents(sign * toCents(v)))
  return {
    id: a.account_id,
    name: a.name || a.official_name || 'Account',
    mask: a.mask ?? null,
    currency: a.balances.iso_currency_code ?? 'USD',
    type,
    balance: money(a.balances.current),
    availableBalance: a.balances.available === null || a.balances.available === undefined ? null : toCents(a.balances.available),
    balanceDate: a.balances.last_updated_datetime ? new Date(a.balances.last_updated_datetime) : null,
    institution,
  }
}

export function toProviderTransaction(t: Transaction): ProviderTransaction {
  const description = (t.original_description ?? t.name ?? '').slice(0, 500)
  return {
    id: t.transaction_id,
    accountId: t.account_id,
    // Plaid's date is the posted date (the authorized one for pending rows)
    date: t.date,
    amount: asCents(-toCents(t.amount)),
    payee: (t.merchant_name ?? t.name ?? description).slice(0, 200),
    description,
    pending: t.pending,
    pendingId: t.pending_transaction_id ?? null,
  }
}

export function plaidClient(config: PlaidConfig): PlaidClient {
  // The SDK is ~25 MB of JavaScript source (with its inline source map) held in the heap once
  // loaded: it loads at the first call, so a server that never calls Plaid does not carry it
  // (ADR 0039)
  let loading: Promise<{ api: PlaidApi; plaid: typeof import('plaid') }> | undefined
  const sdk = () =>
    (loading ??= import('plaid').then((plaid) => ({
      plaid,
      api: new plaid.PlaidApi(
        new plaid.Configuration({
          basePath: config.baseUrl,
          baseOptions: {
            headers: { 'PLAID-CLIENT-ID': config.clientId, 'PLAID-SECRET': config.secret, 'Plaid-Version': '2020-09-14' },
            timeout: 30_000,
          },
        }),
      ),
    })))
  return {
    async linkToken(clientUserId, webhook, accessToken) {
      const { api, plaid } = await sdk()
      const data = await calling(() =>
        api.linkTokenCreate({
          client_name: 'Kinwise',
          language: 'en',
          country_codes: [plaid.CountryCode.Us, plaid.CountryCode.Ca],
          user: { client_user_id: clientUserId },
          // update mode (a login the bank asks again for) names the item's token and no products
          ...(accessToken ? { access_token: accessToken } : { products: [plaid.Products.Transactions] }),
          ...(webhook ? { webhook } : {}),
        }),
      )
      return { linkToken: data.link_token, expiration: data.expiration }
    },

    async exchange(publicToken) {
      const { api } = await sdk()
      const data = await calling(() => api.itemPublicTokenExchange({ public_token: publicToken }))
      return { accessToken: data.access_token, itemId: data.item_id }
    },

    async removeItem(accessToken) {
      const { api } = await sdk()
      await calling(() => api.itemRemove({ access_token: accessToken }))
    },

    async item(accessToken) {
      const { api } = await sdk()
      const data = await calling(() => api.itemGet({ access_token: accessToken }))
      const expiry = data.item.consent_expiration_time
      return {
        institution: data.item.institution_name ?? data.item.institution_id ?? '',
        consentExpiresAt: expiry ? new Date(expiry) : null,
      }
    },

    async syncPage(accessToken, cursor) {
      const { api } = await sdk()
      const data = await calling(() =>
        api.transactionsSync({ access_token: accessToken, count: 500, ...(cursor ? { cursor } : {}) }),
      )
      return {
        added: data.added.map(toProviderTransaction),
        modified: data.modified.map(toProviderTransaction),
        removed: data.removed.map((r) => ({ id: r.transaction_id, accountId: r.account_id })),
        nextCursor: data.next_cursor,
        hasMore: data.has_more,
      }
    },

    async balances(accessToken) {
      const { api } = await sdk()
      const data = await calling(() => api.accountsBalanceGet({ access_token: accessToken }))
      const institution = data.item.institution_name ?? data.item.institution_id ?? ''
      return data.accounts.map((a) => toProviderAccount(a, institution))
    },

    async verificationKey(kid) {
      const { api } = await sdk()
      const data = await calling(() => api.webhookVerificationKeyGet({ key_id: kid }))
      const k = data.key
      return { kid: k.kid, kty: k.kty, crv: k.crv, x: k.x, y: k.y, alg: k.alg, expiredAt: k.expired_at }
    },
  }
}
