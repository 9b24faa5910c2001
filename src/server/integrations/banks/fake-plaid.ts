// A local Plaid following its public API (the `plaid` SDK's types), for tests:
// /link/token/create, /item/public_token/exchange, /item/get, /transactions/sync (a cursor into
// the item's change log; pages of `pageSize`, has_more; TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION
// on demand, on the first page after a saved cursor or on any chosen page, with the change that
// happened under the pagination), /accounts/balance/get and /webhook_verification_key/get; ITEM_LOGIN_REQUIRED on
// demand. `webhook()` signs a webhook as Plaid does (ES256 JWT with the body's SHA-256 and iat).
import { createHash, randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose'

export type FakePlaidAccount = {
  account_id: string
  name: string
  mask: string | null
  type: string
  subtype: string | null
  balances: { current: number | null; available: number | null; iso_currency_code: string | null; limit: number | null }
}

export type FakePlaidTransaction = {
  transaction_id: string
  account_id: string
  /** Plaid's sign: positive = money out */
  amount: number
  date: string
  name: string
  merchant_name: string | null
  pending: boolean
  pending_transaction_id: string | null
  iso_currency_code: string
}

type Change =
  | { kind: 'added' | 'modified'; transaction: FakePlaidTransaction }
  | { kind: 'removed'; transaction_id: string; account_id: string }

export type FakePlaidItem = {
  itemId: string
  accessToken: string
  institution: string
  accounts: FakePlaidAccount[]
  log: Change[]
  loginRequired: boolean
  consentExpiration: string | null
}

export type FakePlaid = {
  url: string
  clientId: string
  secret: string
  items: Map<string, FakePlaidItem>
  /** transactions a /transactions/sync page holds at most (besides the request's count) */
  pageSize: number
  /** the next sync call with a cursor past the start answers TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION this many times */
  mutateDuringPagination: number
  /**
   * the nth /transactions/sync call from now (1 = the next) answers
   * TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION, whatever its cursor; `change` runs first: what
   * happened to the item's transactions under the pagination (it may rewrite the log)
   */
  failSyncCall(nth: number, change?: () => void): void
  /** every call: path and body */
  calls: { path: string; body: Record<string, unknown> }[]
  /** a public token for a new item with these accounts (what Link's onSuccess gives) */
  publicToken(accounts: FakePlaidAccount[], institution?: string): string
  item(itemId: string): FakePlaidItem
  add(itemId: string, t: FakePlaidTransaction): void
  modify(itemId: string, t: FakePlaidTransaction): void
  remove(itemId: string, transactionId: string): void
  /** a signed webhook: its raw body and Plaid-Verification header; iat from `issuedAt` (default now) */
  webhook(body: Record<string, unknown>, options?: { issuedAt?: Date; tamper?: boolean }): Promise<{ body: string; header: string }>
  close(): Promise<void>
}

export async function startFakePlaid(options: { clientId?: string; secret?: string; port?: number } = {}): Promise<FakePlaid> {
  const clientId = options.clientId ?? 'fake-client'
  const secret = options.secret ?? 'fake-secret'
  const items = new Map<string, FakePlaidItem>()
  const publicTokens = new Map<string, string>()
  const calls: FakePlaid['calls'] = []
  const { privateKey, publicKey } = await generateKeyPair('ES256')
  const kid = randomBytes(8).toString('hex')
  const jwk: JWK = await exportJWK(publicKey)
  const state = { pageSize: 100, mutateDuringPagination: 0, syncCalls: 0 }
  // /transactions/sync call number → the change made under the pagination before it fails
  const failingCalls = new Map<number, (() => void) | undefined>()
  const byToken = (token: unknown) => [...items.values()].find((i) => i.accessToken === token)

  const error = (status: number, type: string, code: string, message: string) => ({
    status,
    body: { error_type: type, error_code: code, error_message: message, display_message: null, request_id: 'req' },
  })

  const handle = (path: string, body: Record<string, unknown>): { status: number; body: unknown } => {
    if (path === '/webhook_verification_key/get') {
      if (body.key_id !== kid) return error(400, 'INVALID_INPUT', 'INVALID_WEBHOOK_VERIFICATION_KEY_ID', 'unknown key')
      return { status: 200, body: { key: { ...jwk, alg: 'ES256', kid, use: 'sig', created_at: 1_700_000_000, expired_at: null }, request_id: 'req' } }
    }
    if (path === '/link/token/create') {
      const user = body.user as { client_user_id?: string } | undefined
      if (!user?.client_user_id) return error(400, 'INVALID_REQUEST', 'MISSING_FIELDS', 'user.client_user_id is required')
      if (body.access_token !== undefined && !byToken(body.access_token)) return error(400, 'INVALID_INPUT', 'INVALID_ACCESS_TOKEN', 'bad token')
      return { status: 200, body: { link_token: `link-sandbox-${randomBytes(8).toString('hex')}`, expiration: '2030-01-01T00:00:00Z', request_id: 'req' } }
    }
    if (path === '/item/public_token/exchange') {
      const itemId = publicTokens.get(String(body.public_token))
      if (!itemId) return error(400, 'INVALID_INPUT', 'INVALID_PUBLIC_TOKEN', 'provided public token is in an invalid format')
      publicTokens.delete(String(body.public_token))
      const item = items.get(itemId)
      return { status: 200, body: { access_token: item?.accessToken, item_id: itemId, request_id: 'req' } }
    }
    const item = byToken(body.access_token)
    if (!item) return error(400, 'INVALID_INPUT', 'INVALID_ACCESS_TOKEN', 'provided access token is in an invalid format')
    const itemBody = {
      item_id: item.itemId,
      institution_id: 'ins_1',
      institution_name: item.institution,
      webhook: null,
      error: null,
      available_products: [],
      billed_products: ['transactions'],
      consent_expiration_time: item.consentExpiration,
      update_type: 'background',
    }
    if (path === '/item/remove') {
      items.delete(item.itemId)
      return { status: 200, body: { request_id: 'req' } }
    }
    if (path === '/item/get') return { status: 200, body: { item: itemBody, request_id: 'req' } }
    if (item.loginRequired) {
      return error(400, 'ITEM_ERROR', 'ITEM_LOGIN_REQUIRED', "the login details of this item have changed (credentials, MFA, or required user action) and a user login is required to update this information")
    }
    if (path === '/accounts/balance/get') return { status: 200, body: { accounts: item.accounts, item: itemBody, request_id: 'req' } }
    if (path === '/transactions/sync') {
      const start = body.cursor === undefined || body.cursor === '' ? 0 : Number(Buffer.from(String(body.cursor), 'base64').toString())
      if (!Number.isInteger(start) || start < 0 || start > item.log.length) return error(400, 'INVALID_INPUT', 'INVALID_FIELD', 'cursor')
      state.syncCalls += 1
      const mutation = failingCalls.has(state.syncCalls)
      if (mutation) {
        failingCalls.get(state.syncCalls)?.()
        failingCalls.delete(state.syncCalls)
      }
      if (mutation || (start > 0 && state.mutateDuringPagination > 0)) {
        if (!mutation) state.mutateDuringPagination -= 1
        state.mutateDuringPagination -= 1
        return error(400, 'TRANSACTIONS_ERROR', 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION', 'Underlying transaction data changed since last page was fetched. Please restart pagination from last update.')
      }
      const count = Math.min(Number(body.count ?? 100), state.pageSize)
      const page = item.log.slice(start, start + count)
      const end = start + page.length
      return {
        status: 200,
        body: {
          accounts: item.accounts,
          added: page.flatMap((c) => (c.kind === 'added' ? [c.transaction] : [])),
          modified: page.flatMap((c) => (c.kind === 'modified' ? [c.transaction] : [])),
          removed: page.flatMap((c) => (c.kind === 'removed' ? [{ transaction_id: c.transaction_id, account_id: c.account_id }] : [])),
          next_cursor: Buffer.from(String(end)).toString('base64'),
          has_more: end < item.log.length,
          transactions_update_status: 'HISTORICAL_UPDATE_COMPLETE',
          request_id: 'req',
        },
      }
    }
    return error(404, 'API_ERROR', 'NOT_FOUND', `no route ${path}`)
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      let body: Record<string, unknown> = {}
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>
      } catch {
        body = {}
      }
      const path = new URL(req.url ?? '/', 'http://localhost').pathname
      calls.push({ path, body })
      const id = req.headers['plaid-client-id'] ?? body.client_id
      const key = req.headers['plaid-secret'] ?? body.secret
      const answer =
        id !== clientId || key !== secret
          ? error(400, 'INVALID_INPUT', 'INVALID_API_KEYS', 'invalid client_id or secret provided')
          : handle(path, body)
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body))
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', resolve)
  })
  const { port } = server.address() as AddressInfo
  const itemOf = (itemId: string): FakePlaidItem => {
    const item = items.get(itemId)
    if (!item) throw new Error(`no item ${itemId}`)
    return item
  }
  return {
    url: `http://127.0.0.1:${String(port)}`,
    clientId,
    secret,
    items,
    calls,
    get pageSize() {
      return state.pageSize
    },
    set pageSize(v: number) {
      state.pageSize = v
    },
    get mutateDuringPagination() {
      return state.mutateDuringPagination
    },
    set mutateDuringPagination(v: number) {
      state.mutateDuringPagination = v
    },
    failSyncCall(nth, change) {
      failingCalls.set(state.syncCalls + nth, change)
    },
    publicToken(accounts, institution = 'First Platypus Bank') {
      const itemId = `item-${randomBytes(6).toString('hex')}`
      items.set(itemId, {
        itemId,
        accessToken: `access-sandbox-${randomBytes(8).toString('hex')}`,
        institution,
        accounts,
        log: [],
        loginRequired: false,
        consentExpiration: null,
      })
      const token = `public-sandbox-${randomBytes(8).toString('hex')}`
      publicTokens.set(token, itemId)
      return token
    },
    item: itemOf,
    add: (itemId, t) => void itemOf(itemId).log.push({ kind: 'added', transaction: t }),
    modify: (itemId, t) => void itemOf(itemId).log.push({ kind: 'modified', transaction: t }),
    remove(itemId, transactionId) {
      const item = itemOf(itemId)
      const found = [...item.log].reverse().find((c) => c.kind !== 'removed' && c.transaction.transaction_id === transactionId)
      const accountId = found && found.kind !== 'removed' ? found.transaction.account_id : ''
      item.log.push({ kind: 'removed', transaction_id: transactionId, account_id: accountId })
    },
    async webhook(body, opts = {}) {
      const raw = JSON.stringify(body)
      const hash = createHash('sha256').update(opts.tamper ? `${raw} ` : raw).digest('hex')
      const iat = Math.floor((opts.issuedAt ?? new Date()).getTime() / 1000)
      const header = await new SignJWT({ request_body_sha256: hash })
        .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
        .setIssuedAt(iat)
        .sign(privateKey)
      return { body: raw, header }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
